import { css } from "styled-components"
import { theme } from "./theme"

/**
 * What a printed page leaves out: the site's chrome (header, menu, language switch, footer), its
 * controls (motion toggles) and its invitations, none of which means anything on paper.
 */
export const screenOnly = css`
  ${theme.media.print} {
    display: none;
  }
`

/** A dark band printed as ink on paper: browsers leave backgrounds out of print, and ivory text with them. */
export const printedOnPaper = css`
  ${theme.media.print} {
    background: none;
    color: ${theme.color.ink};
  }
`
