import styled from "styled-components"

/** The list of cards: one column on phones, two from tablets, three from laptops. */
export const CardGrid = styled.ul`
  display: grid;
  gap: ${({ theme }) => theme.space[3]};
  list-style: none;

  ${({ theme }) => theme.media.md} {
    grid-template-columns: repeat(2, 1fr);
  }

  ${({ theme }) => theme.media.lg} {
    grid-template-columns: repeat(3, 1fr);
  }
`
