import { useCallback, useRef, useState } from "react"
import styled from "styled-components"
import { useFocusTrap } from "../../hooks/use-focus-trap"
import { useScrollLock } from "../../hooks/use-scroll-lock"
import { useSiteSettings } from "../../hooks/use-site-settings"
import { BOOK_DEMO_PATH } from "../../routes"
import { ButtonLink } from "../ui/button"
import { SectionLinks } from "./section-links"
import { onDark } from "../../styles/theme"

const PANEL_ID = "mobile-menu"

const Toggle = styled.button`
  display: inline-grid;
  place-items: center;
  width: ${({ theme }) => theme.layout.touchTarget};
  height: ${({ theme }) => theme.layout.touchTarget};
  padding: 0;
  border: ${({ theme }) => theme.border.hairline} solid ${({ theme }) => theme.color.hairlineOnDark};
  border-radius: ${({ theme }) => theme.radius.small};
  background: transparent;
  color: ${({ theme }) => theme.color.ivory};
  cursor: pointer;

  ${({ theme }) => theme.media.lg} {
    display: none;
  }

  svg {
    width: ${({ theme }) => theme.layout.iconSize};
  }
`

const Backdrop = styled.div<{ $open: boolean }>`
  position: fixed;
  inset: 0;
  z-index: ${({ theme }) => theme.zIndex.overlay};
  background: ${({ theme }) => theme.color.scrim};
  opacity: ${({ $open }) => ($open ? 1 : 0)};
  visibility: ${({ $open }) => ($open ? "visible" : "hidden")};
  transition:
    opacity ${({ theme }) => theme.motion.base} ${({ theme }) => theme.motion.easing},
    visibility 0s linear ${({ theme, $open }) => ($open ? "0s" : theme.motion.base)};
`

const Panel = styled.div<{ $open: boolean }>`
  position: fixed;
  inset: 0 0 0 auto;
  z-index: ${({ theme }) => theme.zIndex.menu};
  display: flex;
  flex-direction: column;
  gap: ${({ theme }) => theme.space[4]};
  width: min(${({ theme }) => theme.layout.menuWidth}, 100%);
  padding: ${({ theme }) => theme.space[2]} ${({ theme }) => theme.layout.gutter} ${({ theme }) => theme.space[6]};
  overflow-y: auto;
  background: ${({ theme }) => theme.color.ink};
  ${onDark}
  color: ${({ theme }) => theme.color.ivory};
  border-left: ${({ theme }) => theme.border.hairline} solid ${({ theme }) => theme.color.hairlineOnDark};
  transform: translateX(${({ $open }) => ($open ? "0" : "100%")});
  visibility: ${({ $open }) => ($open ? "visible" : "hidden")};
  transition:
    transform ${({ theme }) => theme.motion.slow} ${({ theme }) => theme.motion.easing},
    visibility 0s linear ${({ theme, $open }) => ($open ? "0s" : theme.motion.slow)};
`

const PanelTop = styled.div`
  display: flex;
  justify-content: flex-end;
  align-items: center;
  min-height: calc(${({ theme }) => theme.layout.headerHeight} - ${({ theme }) => theme.space[2]});
`

function BarsIcon({ open }: { open: boolean }) {
  return (
    <svg viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="1.5" aria-hidden="true" focusable="false">
      {open ? <path d="M6 6l12 12M18 6L6 18" /> : <path d="M4 8h16M4 16h16" />}
    </svg>
  )
}

/** The slide-in menu of narrow screens: same links as the header, focus kept inside while open. */
export function MobileMenu({ active }: { active: string | null }) {
  const { settings } = useSiteSettings()
  const [open, setOpen] = useState(false)
  const toggle = useRef<HTMLButtonElement>(null)
  const panel = useRef<HTMLDivElement>(null)

  const close = useCallback((returnFocus: boolean) => {
    setOpen(false)
    if (returnFocus) toggle.current?.focus()
  }, [])
  const closeAndReturn = useCallback(() => close(true), [close])

  useFocusTrap(panel, open, closeAndReturn)
  useScrollLock(open)

  return (
    <>
      <Toggle
        ref={toggle}
        type="button"
        aria-expanded={open}
        aria-controls={PANEL_ID}
        aria-label={settings.labels.openMenu}
        onClick={() => setOpen(true)}
      >
        <BarsIcon open={false} />
      </Toggle>
      <Backdrop $open={open} onClick={closeAndReturn} data-testid="menu-backdrop" />
      <Panel
        ref={panel}
        id={PANEL_ID}
        role="dialog"
        aria-modal="true"
        aria-label={settings.labels.openMenu}
        $open={open}
      >
        <PanelTop>
          <Toggle type="button" aria-label={settings.labels.closeMenu} onClick={closeAndReturn}>
            <BarsIcon open />
          </Toggle>
        </PanelTop>
        <nav aria-label={settings.labels.mainNavigation}>
          <SectionLinks active={active} stacked onNavigate={() => close(false)} />
        </nav>
        <div>
          <ButtonLink to={BOOK_DEMO_PATH} $variant="onDark" onClick={() => close(false)}>
            {settings.bookDemoLabel}
          </ButtonLink>
        </div>
      </Panel>
    </>
  )
}
