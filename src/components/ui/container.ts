import styled from "styled-components"
import { theme } from "../../styles/theme"

/** Centres content on the site's grid width with fluid side gutters (none in print). */
export const Container = styled.div<{ $narrow?: boolean }>`
  width: 100%;
  max-width: calc(
    ${({ $narrow }) => ($narrow ? theme.layout.text : theme.layout.content)} + 2 * ${theme.layout.gutter}
  );
  margin: 0 auto;
  padding: 0 ${theme.layout.gutter};

  /* On paper the page's margins are the gutters. */
  ${theme.media.print} {
    padding: 0;
  }
`
