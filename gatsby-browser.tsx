import type { GatsbyBrowser } from "gatsby"
import { startTransition, type ReactElement } from "react"
import type { Renderer } from "react-dom"
import { createRoot, hydrateRoot } from "react-dom/client"
import { markFirstPageRendered } from "./src/navigation/first-page"
import { startHeadUpdates } from "./src/navigation/head-updates"
import { TransitionLocationProvider } from "./src/navigation/location-provider"
import { updateScroll } from "./src/navigation/scroll"
import { withPageLanguage } from "./src/i18n/locale"
import { withPageVersion } from "./src/navigation/page-version"

/**
 * Gatsby awaits this before its start-up (router, page resources, hydration), which would otherwise
 * run in the same task as the evaluation of its bundles: yielding to the browser here splits one
 * long task into two shorter ones, so input is never blocked as long on a slow phone.
 *
 * The site sets every scroll position itself (`shouldUpdateScroll` below): the browser's own
 * restoring on back and forward would otherwise land after it, once the page it returns to has
 * rendered, and carry the visitor back down to where they had been.
 */
export const onClientEntry: GatsbyBrowser["onClientEntry"] = () => {
  window.history.scrollRestoration = "manual"
  return new Promise<void>((resolve) => {
    setTimeout(resolve, 0)
  })
}

/** Marks the document once React has taken over the prerendered HTML (tests wait for it). */
export const onInitialClientRender: GatsbyBrowser["onInitialClientRender"] = () => {
  markFirstPageRendered()
  document.documentElement.dataset.hydrated = "true"
}

/** From the first navigation inside the site on, the head follows the page (src/components/layout/seo.tsx). */
export const onPreRouteUpdate: GatsbyBrowser["onPreRouteUpdate"] = ({ prevLocation }) => {
  if (prevLocation) startHeadUpdates()
}

/**
 * The spec's scroll rules replace Gatsby's restore-on-back behaviour: every navigation lands at the
 * top, back and forward included, except links to a home section (see src/navigation/scroll.ts).
 */
export const shouldUpdateScroll: GatsbyBrowser["shouldUpdateScroll"] = ({ prevRouterProps, routerProps }) => {
  updateScroll(routerProps.location, prevRouterProps?.location)
  return false
}

/**
 * Hydration runs as a transition, so React does it in slices of a few milliseconds and yields to the
 * browser in between, instead of one long task that blocks input on a slow phone. (A page whose HTML
 * is empty, such as a client-only route, is rendered rather than hydrated, as Gatsby does.)
 */
function hydrateInSlices(app: ReactElement, container: Element) {
  const element = <TransitionLocationProvider>{app}</TransitionLocationProvider>
  // Decided from the container Gatsby passes: under `gatsby develop` it also renders into its empty
  // loading-indicator element, and its pages are not prerendered.
  if (!container.hasChildNodes()) {
    // Nothing prerendered, so no head either: the page's head tags come from react-helmet at once.
    startHeadUpdates()
    return createRoot(container).render(element)
  }
  startTransition(() => {
    hydrateRoot(container, element)
  })
}

// Gatsby types this hook with react-dom's legacy `Renderer`; it calls it with (element, container) only.
export const replaceHydrateFunction: GatsbyBrowser["replaceHydrateFunction"] = () =>
  hydrateInSlices as unknown as Renderer

/**
 * The first page checked against its data (src/navigation/page-version.tsx), and the page's language
 * (its context, gatsby/localize-pages.ts) for every component in it.
 */
export const wrapPageElement: GatsbyBrowser["wrapPageElement"] = ({ element, props }) =>
  withPageVersion(withPageLanguage({ element, props }), props)
