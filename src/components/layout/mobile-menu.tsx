import { Suspense, lazy, useCallback, useRef, useState } from "react"
import { useSiteSettings } from "../../hooks/use-site-settings"
import { BarsIcon, PANEL_ID, Toggle } from "./menu-toggle"

const loadPanel = () => import("./mobile-menu-panel")
const MobileMenuPanel = lazy(loadPanel)

/**
 * The menu of narrow screens: a button in the header, and a slide-in panel with the same links that
 * keeps focus inside while open. The panel's code is fetched when a pointer or focus reaches the
 * button (or on the first press), so pages that never open the menu never load it.
 */
export function MobileMenu({ active }: { active: string | null }) {
  const settings = useSiteSettings()
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
