/**
 * The publish path's browser pass (deploy/publish/publish.ts, with playwright.config.ts beside it): each page a content change made different, at
 * a phone's width and a desktop's, as a visitor meets it: no WCAG A or AA violation (axe), nothing
 * wider than the screen, no console error or uncaught exception. The pages are those the file named by
 * CHECK_PAGES lists (HTML files under public/); without it, every page of the build. Each width's
 * pages are shared among as many tests as there are workers, each visiting its pages in one tab (a
 * browser context per page would cost more than the checks), and naming every page's problems.
 */
import path from "node:path"
import { expect, test } from "./fixtures"
import { collectErrors } from "./page-errors"
import { wcagViolations } from "./axe"
import { addressOf } from "../../../build-steps/post-build/changed-pages"
import { pagesToCheck } from "../pages-to-check"

const PUBLIC_DIR = path.resolve(__dirname, "../../../public")
/** As many as the publish path runs workers (deploy/publish/publish.ts). */
const SHARES = 2
/** A page's visit and checks, at most, on a slow machine. */
const PER_PAGE_MS = 15_000

const pages = pagesToCheck(PUBLIC_DIR).pages.map((page) => path.relative(PUBLIC_DIR, page))

for (const width of [375, 1440]) {
  test.describe(`at ${width} px`, () => {
    test.use({ viewport: { width, height: width < 768 ? 812 : 900 } })

    for (let share = 0; share < SHARES; share++) {
      const mine = pages.filter((_, index) => index % SHARES === share)
      if (mine.length === 0) continue
      test(`${mine.length} changed page${mine.length === 1 ? "" : "s"} (share ${share + 1}): axe, the screen's width, the console`, async ({
        page: tab,
      }) => {
        test.setTimeout(30_000 + mine.length * PER_PAGE_MS)
        let visiting = ""
        // A not-found page is answered with its 404 status (at its own address too), which the browser logs.
        const errors = collectErrors(
          tab,
          (message) => /(?:^|\/)404(?:\.html|\/index\.html)$/.test(visiting) && /status of 404/.test(message.text()),
        )
        const problems: string[] = []
        for (const page of mine) {
          visiting = page
          const address = addressOf(page)
          await tab.goto(address)
          for (const { id, nodes } of await wcagViolations(tab)) {
            problems.push(`${address}: axe ${id} on ${nodes.map((node) => node.target.join(" ")).join(", ")}`)
          }
          const overflow = await tab.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)
          if (overflow > 0) problems.push(`${address}: ${overflow} px wider than the screen`)
          for (const error of errors.splice(0)) problems.push(`${address}: console: ${error}`)
        }
        expect(problems).toEqual([])
      })
    }
  })
}
