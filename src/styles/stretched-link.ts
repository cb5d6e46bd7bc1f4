import { css } from "styled-components"
import { theme } from "./theme"

/**
 * A card's link whose hit area covers the whole card (the card is `position: relative`), with its
 * arrow icon at the icon size.
 */
export const stretchedLink = css`
  svg {
    width: ${theme.layout.iconSize};
  }

  &::after {
    content: "";
    position: absolute;
    inset: 0;
  }
`
