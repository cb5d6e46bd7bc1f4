/**
 * axe-core with every WCAG 2.0, 2.1 and 2.2 A and AA rule with the mobile menu open: zero violations;
 * and the check itself, seen failing on a planted violation. Every route at a phone and a desktop
 * width is checked by the sweep (e2e/sweep.spec.ts).
 */
import type { Page } from "@playwright/test"
import { expect, test } from "./fixtures"
import { wcagViolations } from "../deploy/publish/browser/axe"
import { settings } from "../test/support/content"

async function violations(page: Page) {
  return (await wcagViolations(page)).map((violation) => ({
    rule: violation.id,
    help: violation.help,
    nodes: violation.nodes.map((node) => `${node.target.join(" ")}: ${node.failureSummary}`),
  }))
}

test.describe("with the mobile menu open", () => {
  test.use({ viewport: { width: 375, height: 812 } })

  for (const route of ["/", "/case-studies/"]) {
    test(`${route} has no WCAG A or AA violation`, async ({ page }) => {
      await page.goto(route)
      await page.getByRole("button", { name: settings.labels.openMenu }).click()
      await expect(page.getByRole("dialog")).toBeVisible()
      expect(await violations(page)).toEqual([])
    })
  }
})

test("the check sees a violation planted in a page: an image without a text, grey on grey", async ({ page }) => {
  await page.goto("/")
  await page.evaluate(() => {
    const main = document.querySelector("main")!
    const image = document.createElement("img")
    image.src = "/favicon.ico"
    const faint = document.createElement("p")
    faint.textContent = "A line few could read"
    faint.style.cssText = "color: #777; background: #888"
    main.prepend(image, faint)
  })
  expect((await violations(page)).map(({ rule }) => rule).sort()).toEqual(["color-contrast", "image-alt"])
})
