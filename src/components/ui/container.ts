import styled from "styled-components"

/** Centres content on the site's grid width with fluid side gutters. */
export const Container = styled.div<{ $narrow?: boolean }>`
  width: 100%;
  max-width: calc(${({ theme, $narrow }) => ($narrow ? theme.layout.text : theme.layout.content)} + 2 * ${({ theme }) => theme.layout.gutter});
  margin: 0 auto;
  padding: 0 ${({ theme }) => theme.layout.gutter};
`
