import styled from "styled-components"
import { onDark } from "../../styles/theme"

export const MAIN_ID = "main"

/** First focusable element of every page: jumps past the header to the main content. */
export const SkipLink = styled.a.attrs({ href: `#${MAIN_ID}` })`
  position: fixed;
  top: ${({ theme }) => theme.space[1]};
  left: ${({ theme }) => theme.space[1]};
  z-index: ${({ theme }) => theme.zIndex.skipLink};
  padding: ${({ theme }) => theme.space[1]} ${({ theme }) => theme.space[2]};
  background: ${({ theme }) => theme.color.ink};
  color: ${({ theme }) => theme.color.ivory};
  ${onDark}
  font-size: ${({ theme }) => theme.fontSize.small};
  transform: translateY(-200%);

  &:focus {
    transform: none;
  }
`
