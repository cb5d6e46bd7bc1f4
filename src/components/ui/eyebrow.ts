import styled from "styled-components"

/** The small uppercase label above a heading. */
export const Eyebrow = styled.p<{ $onDark?: boolean }>`
  margin: 0 0 ${({ theme }) => theme.space[2]};
  font-size: ${({ theme }) => theme.fontSize.label};
  font-weight: ${({ theme }) => theme.fontWeight.semibold};
  letter-spacing: ${({ theme }) => theme.letterSpacing.label};
  text-transform: uppercase;
  color: ${({ theme, $onDark }) => ($onDark ? theme.color.goldLight : theme.color.bronze)};
`
