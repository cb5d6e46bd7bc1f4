/**
 * The publish path's browser pass (scripts/publish.ts): each page a content change made different, at
 * a phone's width and a desktop's, as a visitor meets it: no WCAG A or AA violation (axe), nothing
 * wider than the screen, no console error or uncaught exception. The pages are those the file named by
 * CHECK_PAGES lists (HTML files under public/); without it, every page of the build.
 */
import AxeBuilder from "@axe-core/playwright"
import path from "node:path"
import { expect, test } from "./fixtures"
import { collectErrors } from "./page-errors"
import { addressOf } from "../scripts/lib/changed-pages"
import { pagesToCheck } from "../scripts/lib/pages-to-check"

const PUBLIC_DIR = path.resolve(__dirname, "../public")
const WCAG_TAGS = ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "wcag22a", "wcag22aa"]

const pages = pagesToCheck(PUBLIC_DIR).pages.map((page) => path.relative(PUBLIC_DIR, page))

for (const width of [375, 1440]) {
  test.describe(`at ${width} px`, () => {
    test.use({ viewport: { width, height: width < 768 ? 812 : 900 } })

    for (const page of pages) {
      const address = addressOf(page)
      test(`${address} (${page}): axe, the screen's width, the console`, async ({ page: tab }) => {
        const errors = collectErrors(
          tab,
          (message) => /status of 404/.test(message.text()) && page.endsWith("404.html"),
        )
        await tab.goto(address)
        const { violations } = await new AxeBuilder({ page: tab }).withTags(WCAG_TAGS).analyze()
        expect(
          violations.map(({ id, nodes }) => `${id}: ${nodes.map((node) => node.target.join(" ")).join(", ")}`),
        ).toEqual([])
        const overflow = await tab.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)
        expect(overflow, "pixels wider than the screen").toBeLessThanOrEqual(0)
        expect(errors).toEqual([])
      })
    }
  })
}
