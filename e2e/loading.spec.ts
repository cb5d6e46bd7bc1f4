/**
 * Pages paint before any JavaScript runs (gatsby/post-build/hydrate-after-paint.ts): Gatsby's bundles are
 * requested only once the first contentful paint is on screen, and React still takes over.
 */
import { parseHtml } from "../gatsby/built-html"
import { expect, test } from "./fixtures"
import { ROUTES } from "../test/support/content"

const BUNDLE = /\/(webpack-runtime|framework|app)-[0-9a-f]+\.js$/

for (const route of ROUTES) {
  test(`${route} paints first, then loads and hydrates its bundles`, async ({ page, request }) => {
    // Gatsby's bundles are not in the HTML as tags: the after-paint loader adds them.
    const html = parseHtml(await (await request.get(route)).text())
    expect(html.querySelectorAll("script[src]").map((script) => script.getAttribute("src"))).toEqual([])

    await page.goto(route)
    const timing = await page.evaluate((pattern) => {
      const firstContentfulPaint = performance.getEntriesByName("first-contentful-paint")[0]?.startTime
      const bundles = performance
        .getEntriesByType("resource")
        .filter((entry) => new RegExp(pattern).test(new URL(entry.name).pathname))
        .map((entry) => ({ name: new URL(entry.name).pathname, start: entry.startTime }))
      return { firstContentfulPaint, bundles }
    }, BUNDLE.source)

    expect(timing.firstContentfulPaint).toBeGreaterThan(0)
    expect(timing.bundles.map((bundle) => bundle.name.split("-")[0]).sort()).toEqual(["/app", "/framework", "/webpack"])
    for (const bundle of timing.bundles) {
      expect(bundle.start, `${bundle.name} requested before the first paint`).toBeGreaterThanOrEqual(
        timing.firstContentfulPaint!,
      )
    }
  })
}
