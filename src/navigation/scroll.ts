import { CROSS_PAGE_SCROLL_DELAY_MS } from "../../model/behaviour"

const prefersReducedMotion = () => window.matchMedia("(prefers-reduced-motion: reduce)").matches

/**
 * Scrolls a home section into view (CSS scroll-padding keeps it clear of the sticky header) and moves
 * keyboard focus to it, so the next Tab continues from the section rather than the header. Glides
 * unless `jump` is set or the visitor prefers reduced motion.
 */
export function scrollToSection(id: string, jump = false): void {
  const section = document.getElementById(id)
  if (!section) return
  section.scrollIntoView({ behavior: jump || prefersReducedMotion() ? "instant" : "smooth", block: "start" })
  if (!section.hasAttribute("tabindex")) section.setAttribute("tabindex", "-1")
  section.focus({ preventScroll: true })
}

export function scrollToTop(): void {
  window.scrollTo({ top: 0, left: 0, behavior: "instant" })
}

interface ScrollTarget {
  pathname: string
  hash: string
}

/**
 * What every route change does with the scroll position: top of the page, except links to a home
 * section, which scroll to it; arriving from another page, home is shown first and the section is
 * scrolled to after a short delay; opening the site on a deep link lands on the section directly.
 */
export function updateScroll(location: ScrollTarget, previous: ScrollTarget | undefined): void {
  const id = decodeURIComponent(location.hash.replace(/^#/, ""))
  if (!id) {
    // When only the query changed (the case search), the visitor stays where they are.
    if (previous?.pathname !== location.pathname) scrollToTop()
    return
  }
  if (previous && previous.pathname !== location.pathname) {
    scrollToTop()
    window.setTimeout(() => scrollToSection(id), CROSS_PAGE_SCROLL_DELAY_MS)
    return
  }
  // A deep link opens on its section at once; a link within the page glides there.
  scrollToSection(id, !previous)
}
