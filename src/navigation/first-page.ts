/**
 * Whether React is hydrating the visitor's first page from its prerendered HTML: from the start until
 * that page is on screen (gatsby-browser.tsx says when). Islands (src/components/ui/island.tsx) ask
 * when they mount, to render the same Suspense boundaries as the HTML they take over.
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
