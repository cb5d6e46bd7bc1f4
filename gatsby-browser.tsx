import type { GatsbyBrowser } from "gatsby"
import { updateScroll } from "./src/navigation/scroll"
import { PageElement, RootElement } from "./src/root-element"

export const wrapRootElement: GatsbyBrowser["wrapRootElement"] = ({ element }) => <RootElement>{element}</RootElement>

export const wrapPageElement: GatsbyBrowser["wrapPageElement"] = ({ element }) => <PageElement>{element}</PageElement>

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
