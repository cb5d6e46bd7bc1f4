/**
 * The parts the check's panels are made of: a panel in its tone, and a link that takes the editor to a
 * field of the side it is on.
 */
import styled from "styled-components"
import { fieldOf } from "../decap-internals"

/** Takes the editor to a field of this side of the form: scrolled to, its input focused. */
export function goToField(from: HTMLElement, labels: readonly string[]) {
  const field = fieldOf(from, labels)
  field?.label.scrollIntoView({ block: "center" })
  field?.input?.focus({ preventScroll: true })
}

export const FieldLink = styled.button`
  padding: 0;
  border: 0;
  background: none;
  color: inherit;
  font: inherit;
  font-weight: 600;
  text-decoration: underline;
  text-underline-offset: 2px;
  cursor: pointer;

  &:focus-visible {
    outline: 2px solid #3a69c7;
    outline-offset: 2px;
  }
`

/** A panel's colours by its tone: a refusal, a note, a translation to check. */
const PANEL_TONES = {
  problem: { border: "#d6002f", background: "#fff3f5" },
  note: { border: "#798291", background: "#f5f6f8" },
  check: { border: "#8a5a00", background: "#fdf7ea" },
} as const

export const Panel = styled.section<{ $tone: keyof typeof PANEL_TONES }>`
  margin: 0 0 16px;
  padding: 12px 16px;
  border-left: 4px solid ${({ $tone }) => PANEL_TONES[$tone].border};
  background: ${({ $tone }) => PANEL_TONES[$tone].background};
  color: #313d3e;
  font-size: 14px;
  line-height: 1.45;

  h2 {
    margin: 0 0 6px;
    font-size: 15px;
    font-weight: 600;
  }

  h2:focus {
    outline: 2px solid #3a69c7;
    outline-offset: 2px;
  }

  ul {
    margin: 6px 0 0;
    padding-left: 20px;
  }

  li + li {
    margin-top: 4px;
  }
`

/** Where a corner panel stands, and its tone (translations-view.tsx, deleted-studies.tsx). */
type Corner = { $corner: "bottom-left" | "bottom-right" | "top-right"; $border: string; $background: string }

/**
 * A panel fixed in a corner of the admin's screen, over Decap's: half the screen wide at most, so
 * two corners never overlap; a summary to open it, its links and lists.
 */
export const CornerPanel = styled.section<Corner>`
  position: fixed;
  ${({ $corner }) => ($corner === "top-right" ? "top: 72px;" : "bottom: 16px;")}
  ${({ $corner }) => ($corner === "bottom-left" ? "left: 16px;" : "right: 16px;")}
  z-index: 400;
  max-width: min(440px, calc(50vw - 24px));
  max-height: calc(100vh - 96px);
  overflow: auto;
  padding: 10px 14px;
  border-left: 4px solid ${({ $border }) => $border};
  background: ${({ $background }) => $background};
  color: #313d3e;
  font-size: 14px;
  line-height: 1.45;
  box-shadow: 0 2px 12px rgb(0 0 0 / 15%);

  summary {
    font-weight: 600;
    cursor: pointer;
  }

  summary:focus-visible,
  a:focus-visible {
    outline: 2px solid #3a69c7;
    outline-offset: 2px;
  }

  p {
    margin: 6px 0;
  }

  ul {
    margin: 4px 0 0;
    padding-left: 18px;
  }

  a {
    color: inherit;
    font-weight: 600;
  }
`
