import { css } from "styled-components"
import { theme } from "./theme"

/** Small uppercase labels with wide tracking: eyebrows, column titles, badges, field labels. */
export const labelType = css`
  font-size: ${theme.fontSize.label};
  font-weight: ${theme.fontWeight.semibold};
  letter-spacing: ${theme.letterSpacing.label};
  text-transform: uppercase;
`
