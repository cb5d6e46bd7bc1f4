/**
 * The site as production serves it: the built pages through the real nginx with the generated
 * hosting configuration (npm run serve), Content-Security-Policy and all. Styles written at run time
 * survive hydration under the policy. Every route's policy, console and fonts are checked by the
 * sweep (e2e/sweep.spec.ts).
 */
import { expect, test } from "./fixtures"

test.beforeEach(async ({ page }) => {
  await page.addInitScript(() => {
    const seen: string[] = []
    ;(window as unknown as { cspViolations: string[] }).cspViolations = seen
    document.addEventListener("securitypolicyviolation", (event) => seen.push(event.effectiveDirective))
  })
})

test("styles written at run time survive hydration under the policy", async ({ page }) => {
  await page.goto("/")
  const title = page.getByRole("heading", { level: 1 })
  expect(await title.evaluate((node) => getComputedStyle(node).fontFamily)).toMatch(/^"Cormorant Garamond"/)
  // The hero's band is drawn by a styled component: ink, not the browser's default white.
  const band = page.locator("#home")
  expect(await band.evaluate((node) => getComputedStyle(node).backgroundColor)).not.toBe("rgba(0, 0, 0, 0)")
  expect(await page.evaluate(() => (window as unknown as { cspViolations: string[] }).cspViolations)).toEqual([])
})
