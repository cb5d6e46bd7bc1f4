/**
 * The menu button of narrow screens and the id of the panel it controls, shared by the header's
 * button (mobile-menu.tsx) and the panel's own close button (mobile-menu-panel.tsx).
 */
import styled from "styled-components"
import { theme } from "../../styles/theme"

export const PANEL_ID = "mobile-menu"

export const Toggle = styled.button`
  display: inline-grid;
  place-items: center;
  width: ${theme.layout.touchTarget};
  height: ${theme.layout.touchTarget};
  padding: 0;
  border: ${theme.border.hairline} solid ${theme.color.hairlineOnDark};
  border-radius: ${theme.radius.small};
  background: transparent;
  color: ${theme.color.ivory};
  cursor: pointer;

  ${theme.media.lg} {
    display: none;
  }

  svg {
    width: ${theme.layout.iconSize};
  }
`

export function BarsIcon({ open }: { open: boolean }) {
  return (
    <svg viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="1.5" aria-hidden="true" focusable="false">
      {open ? <path d="M6 6l12 12M18 6L6 18" /> : <path d="M4 8h16M4 16h16" />}
    </svg>
  )
}
