import type { GatsbyBrowser } from "gatsby"
import { RootElement } from "./src/root-element"

export const wrapRootElement: GatsbyBrowser["wrapRootElement"] = ({ element }) => <RootElement>{element}</RootElement>

/**
 * Every navigation lands at the top of the page, back and forward included; only links to a home
 * section (/#services) scroll to that section, which CSS scroll-padding keeps clear of the header.
 */
export const shouldUpdateScroll: GatsbyBrowser["shouldUpdateScroll"] = ({ routerProps: { location } }) =>
  location.hash ? decodeURIComponent(location.hash.slice(1)) : [0, 0]
