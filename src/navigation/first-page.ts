/**
 * Whether the page being loaded is the visitor's first page, whose prerendered HTML React is about to
 * hydrate. Gatsby evaluates a page's module before it renders the page: for the first page before
 * hydration, for any other when a link to it is hovered or followed (gatsby-browser.tsx says when the
 * first page is on screen).
 */
let firstPageRendered = false

export function markFirstPageRendered(): void {
  firstPageRendered = true
}

/** True in the browser until the first page is on screen, if that page was prerendered. */
export function isHydratingFirstPage(): boolean {
  if (typeof document === "undefined" || firstPageRendered) return false
  return document.getElementById("___gatsby")?.hasChildNodes() ?? false
}
