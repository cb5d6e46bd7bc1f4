import styled from "styled-components"
import { onDark, theme } from "../../styles/theme"
import { screenOnly } from "../../styles/print"

export const MAIN_ID = "main"

/** First focusable element of every page: jumps past the header to the main content. */
export const SkipLink = styled.a.attrs({ href: `#${MAIN_ID}` })`
  position: fixed;
  top: ${theme.space[1]};
  left: ${theme.space[1]};
  z-index: ${theme.zIndex.skipLink};
  padding: ${theme.space[1]} ${theme.space[2]};
  background: ${theme.color.ink};
  color: ${theme.color.ivory};
  ${onDark}
  font-size: ${theme.fontSize.small};
  transform: translateY(-200%);

  &:focus {
    transform: none;
  }

  ${screenOnly}
`
