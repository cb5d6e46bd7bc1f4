import styled from "styled-components"
import { labelType } from "../../styles/label-type"

/** The small uppercase label above a heading. */
export const Eyebrow = styled.p<{ $onDark?: boolean }>`
  margin: 0 0 ${({ theme }) => theme.space[2]};
  ${labelType}
  color: ${({ theme, $onDark }) => ($onDark ? theme.color.goldLight : theme.color.bronze)};
`
