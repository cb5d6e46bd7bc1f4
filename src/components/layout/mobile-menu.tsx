import { Suspense, lazy, useCallback, useRef, useState } from "react"
import styled from "styled-components"
import { useSiteSettings } from "../../hooks/use-site-settings"
import { theme } from "../../styles/theme"

export const PANEL_ID = "mobile-menu"

const loadPanel = () => import("./mobile-menu-panel")
const MobileMenuPanel = lazy(loadPanel)

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

/**
 * The menu of narrow screens: a button in the header, and a slide-in panel with the same links that
 * keeps focus inside while open. The panel's code is fetched when a pointer or focus reaches the
 * button (or on the first press), so pages that never open the menu never load it.
 */
export function MobileMenu({ active }: { active: string | null }) {
  const { settings } = useSiteSettings()
  const [open, setOpen] = useState(false)
  const [wanted, setWanted] = useState(false)
  const toggle = useRef<HTMLButtonElement>(null)

  const close = useCallback((returnFocus: boolean) => {
    setOpen(false)
    if (returnFocus) toggle.current?.focus()
  }, [])

  return (
    <>
      <Toggle
        ref={toggle}
        type="button"
        aria-expanded={open}
        aria-controls={wanted ? PANEL_ID : undefined}
        aria-label={settings.labels.openMenu}
        onPointerEnter={loadPanel}
        onFocus={loadPanel}
        onClick={() => {
          setWanted(true)
          setOpen(true)
        }}
      >
        <BarsIcon open={false} />
      </Toggle>
      {wanted ? (
        <Suspense fallback={null}>
          <MobileMenuPanel open={open} active={active} onClose={close} />
        </Suspense>
      ) : null}
    </>
  )
}
