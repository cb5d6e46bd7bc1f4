import styled from "styled-components"
import { theme } from "../../styles/theme"

/** The list of cards: one column on phones, two from tablets, three from laptops. */
export const CardGrid = styled.ul`
  display: grid;
  gap: ${theme.space[3]};
  list-style: none;

  ${theme.media.md} {
    grid-template-columns: repeat(2, 1fr);
  }

  ${theme.media.lg} {
    grid-template-columns: repeat(3, 1fr);
  }
`
