import type { GatsbyBrowser } from "gatsby"
// The four self-hosted faces (latin, woff2): Gatsby inlines this CSS into every page's head.
import "@fontsource/cormorant-garamond/latin-400.css"
import "@fontsource/cormorant-garamond/latin-400-italic.css"
import "@fontsource/inter/latin-400.css"
import "@fontsource/inter/latin-600.css"
import { updateScroll } from "./src/navigation/scroll"

/** Marks the document once React has taken over the prerendered HTML (tests wait for it). */
export const onInitialClientRender: GatsbyBrowser["onInitialClientRender"] = () => {
  document.documentElement.dataset.hydrated = "true"
}

/**
 * The spec's scroll rules replace Gatsby's restore-on-back behaviour: every navigation lands at the
 * top, back and forward included, except links to a home section (see src/navigation/scroll.ts).
 */
export const shouldUpdateScroll: GatsbyBrowser["shouldUpdateScroll"] = ({ prevRouterProps, routerProps }) => {
  updateScroll(routerProps.location, prevRouterProps?.location)
  return false
}
