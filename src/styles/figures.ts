import { css } from "styled-components"
import { theme } from "./theme"

/**
 * A description list of figures on a dark band (the hero's claims, a case study's metrics): each
 * figure large in the display face, its label small beneath it.
 */
export const figureList = css`
  div {
    display: flex;
    flex-direction: column-reverse;
  }

  dt {
    font-size: ${theme.fontSize.small};
    color: ${theme.color.mutedOnDark};
  }

  /* A figure and its label stay on one printed page, in ink. */
  ${theme.media.print} {
    div {
      break-inside: avoid;
    }

    dt {
      color: ${theme.color.mutedOnLight};
    }
  }

  dd {
    margin: 0;
    font-family: ${theme.font.display};
    font-size: ${theme.fontSize.metric};
    line-height: ${theme.lineHeight.tight};
  }
`
