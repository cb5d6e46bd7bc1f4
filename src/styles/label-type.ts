import { css } from "styled-components"

/** Small uppercase labels with wide tracking: eyebrows, column titles, badges, field labels. */
export const labelType = css`
  font-size: ${({ theme }) => theme.fontSize.label};
  font-weight: ${({ theme }) => theme.fontWeight.semibold};
  letter-spacing: ${({ theme }) => theme.letterSpacing.label};
  text-transform: uppercase;
`
