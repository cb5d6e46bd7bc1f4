import { useCallback, useEffect, useRef, useState } from "react"
import styled from "styled-components"
import { useFocusTrap } from "../../hooks/use-focus-trap"
import { useScrollLock } from "../../hooks/use-scroll-lock"
import { useSiteSettings } from "../../hooks/use-site-settings"
import { DemoButtonLink } from "../ui/button"
import { BarsIcon, PANEL_ID, Toggle } from "./menu-toggle"
import { SectionLinks } from "./section-links"
import { onDark, theme } from "../../styles/theme"
import { LanguageSwitch } from "./language-switch"

const Backdrop = styled.div<{ $open: boolean }>`
  position: fixed;
  inset: 0;
  z-index: ${theme.zIndex.overlay};
  background: ${theme.color.scrim};
  opacity: ${({ $open }) => ($open ? 1 : 0)};
  visibility: ${({ $open }) => ($open ? "visible" : "hidden")};
  transition:
    opacity ${theme.motion.base} ${theme.motion.easing},
    visibility 0s linear ${({ $open }) => ($open ? "0s" : theme.motion.base)};
`

const Panel = styled.div<{ $open: boolean }>`
  position: fixed;
  inset: 0 0 0 auto;
  z-index: ${theme.zIndex.menu};
  display: flex;
  flex-direction: column;
  gap: ${theme.space[4]};
  width: min(${theme.layout.menuWidth}, 100%);
  padding: ${theme.space[2]} ${theme.layout.gutter} ${theme.space[6]};
  overflow-y: auto;
  background: ${theme.color.ink};
  ${onDark}
  color: ${theme.color.ivory};
  border-left: ${theme.border.hairline} solid ${theme.color.hairlineOnDark};
  transform: translateX(${({ $open }) => ($open ? "0" : "100%")});
  visibility: ${({ $open }) => ($open ? "visible" : "hidden")};
  transition:
    transform ${theme.motion.slow} ${theme.motion.easing},
    visibility 0s linear ${({ $open }) => ($open ? "0s" : theme.motion.slow)};
`

const PanelTop = styled.div`
  display: flex;
  justify-content: flex-end;
  align-items: center;
  min-height: calc(${theme.layout.headerHeight} - ${theme.space[2]});
`

interface MobileMenuPanelProps {
  open: boolean
  active: string | null
  /** Closes the menu; focus goes back to the menu button unless a link took the visitor elsewhere. */
  onClose: (returnFocus: boolean) => void
}

/**
 * The slide-in panel, loaded the first time the menu is about to open. It mounts closed and opens
 * a frame later, so even the first opening slides in.
 */
export default function MobileMenuPanel({ open, active, onClose }: MobileMenuPanelProps) {
  const settings = useSiteSettings()
  const panel = useRef<HTMLDivElement>(null)
  const [shown, setShown] = useState(false)

  useEffect(() => {
    // Reading the layout commits the closed position before the change, so the transition runs.
    void panel.current?.offsetWidth
    const frame = requestAnimationFrame(() => setShown(open))
    return () => cancelAnimationFrame(frame)
  }, [open])

  const closeAndReturn = useCallback(() => onClose(true), [onClose])
  useFocusTrap(panel, shown, closeAndReturn)
  useScrollLock(shown)

  return (
    <>
      <Backdrop $open={shown} onClick={closeAndReturn} data-testid="menu-backdrop" />
      <Panel
        ref={panel}
        id={PANEL_ID}
        role="dialog"
        aria-modal="true"
        aria-label={settings.labels.openMenu}
        $open={shown}
      >
        <PanelTop>
          <Toggle type="button" aria-label={settings.labels.closeMenu} onClick={closeAndReturn}>
            <BarsIcon open />
          </Toggle>
        </PanelTop>
        <nav aria-label={settings.labels.openMenu}>
          <SectionLinks active={active} stacked onNavigate={() => onClose(false)} />
        </nav>
        <LanguageSwitch inMenu onNavigate={() => onClose(false)} />
        <div>
          <DemoButtonLink $variant="onDark" onClick={() => onClose(false)}>
            {settings.bookDemoLabel}
          </DemoButtonLink>
        </div>
      </Panel>
    </>
  )
}
