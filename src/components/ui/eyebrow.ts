import styled from "styled-components"
import { labelType } from "../../styles/label-type"
import { theme } from "../../styles/theme"

/** The small uppercase label above a heading. */
export const Eyebrow = styled.p<{ $onDark?: boolean }>`
  margin: 0 0 ${theme.space[2]};
  ${labelType}
  color: ${({ $onDark }) => ($onDark ? theme.color.goldLight : theme.color.bronze)};

  ${theme.media.print} {
    color: ${theme.color.bronze};
  }
`
