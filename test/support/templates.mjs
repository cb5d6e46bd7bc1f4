// One route of each template in each language: what a check that a template decides (Lighthouse's
// measures, another browser engine's rendering) needs to see, where the words of two pages of the
// same template are judged page by page elsewhere (the byte budgets, the Chromium sweep of every
// route). Plain JavaScript, for the Lighthouse gate that Node runs without a loader.

/**
 * The first of `routes` of each template (`templateOf`: a page's component and language, as
 * test/lighthouse/page-templates.ts reads them from the build), in the routes' order. A route whose
 * template is unknown stops: a check of no page would pass by saying nothing.
 * @param {string[]} routes
 * @param {(route: string) => string | undefined} templateOf
 * @returns {string[]}
 */
export function firstOfEachTemplate(routes, templateOf) {
  const seen = new Set()
  return routes.filter((route) => {
    const template = templateOf(route)
    if (template === undefined) throw new Error(`${route} is a route, but the build has no page data for it`)
    if (seen.has(template)) return false
    seen.add(template)
    return true
  })
}
