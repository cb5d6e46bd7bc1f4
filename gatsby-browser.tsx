import type { GatsbyBrowser } from "gatsby"
import { RootElement } from "./src/root-element"

export const wrapRootElement: GatsbyBrowser["wrapRootElement"] = ({ element }) => <RootElement>{element}</RootElement>

/**
 * Every navigation lands at the top of the page, back and forward included (the spec asks for it
 * over the browser's usual restore); only links to a home section (/#services) scroll to that
 * section, which Gatsby does with scrollIntoView and CSS scroll-padding keeps clear of the header.
 */
export const shouldUpdateScroll: GatsbyBrowser["shouldUpdateScroll"] = ({ routerProps: { location } }) => {
  if (location.hash) return true
  window.scrollTo({ top: 0, left: 0, behavior: "instant" })
  return false
}
