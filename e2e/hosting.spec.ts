/**
 * The site as production serves it: the built pages through the real nginx with the generated
 * hosting configuration (npm run serve), Content-Security-Policy and all. Every route loads,
 * hydrates and runs with no policy violation and no console error; styles survive hydration.
 */
import { expect, test } from "./fixtures"
import { ROUTES } from "../test/support/content"

/** Pages that answer 404 on purpose: Chromium logs the document's own status as a failed load. */
const NOT_FOUND = ["/no-such-page/", "/case-studies/not-a-case/", "/fr/no-such-page/", "/fr/case-studies/not-a-case/"]

test.beforeEach(async ({ page }) => {
  await page.addInitScript(() => {
    const seen: string[] = []
    ;(window as unknown as { cspViolations: string[] }).cspViolations = seen
    document.addEventListener("securitypolicyviolation", (event) =>
      seen.push(
        `${event.effectiveDirective}: ${event.blockedURI || "inline"} (${event.sourceFile}:${event.lineNumber})`,
      ),
    )
  })
})

for (const route of [...ROUTES, ...NOT_FOUND]) {
  test(`${route} over nginx: no policy violation, no console error`, async ({ page }) => {
    const messages: string[] = []
    page.on("console", (message) => {
      if (message.type() === "error") messages.push(message.text())
    })
    page.on("pageerror", (error) => messages.push(`pageerror: ${error.message}`))
    const response = await page.goto(route)
    expect(response?.headers()["content-security-policy"]).toContain("frame-ancestors 'none'")
    // The page's own policy, the hashes of its inline code, travels in its HTML.
    await expect(page.locator('meta[http-equiv="Content-Security-Policy"]')).toHaveAttribute(
      "content",
      /^default-src 'self'; script-src 'self' 'sha256-/,
    )
    // Lazy images, the strip and the hero's rotation all get their turn.
    await page.evaluate(() => window.scrollTo({ top: document.documentElement.scrollHeight, behavior: "instant" }))
    await page.waitForLoadState("networkidle")
    await page.waitForTimeout(500)

    expect(await page.evaluate(() => (window as unknown as { cspViolations: string[] }).cspViolations)).toEqual([])
    const expected = NOT_FOUND.includes(route) ? /Failed to load resource: .* 404 \(Not Found\)/ : /^$/
    expect(messages.filter((text) => !expected.test(text))).toEqual([])
  })
}

test("styles written at run time survive hydration under the policy", async ({ page }) => {
  await page.goto("/")
  const title = page.getByRole("heading", { level: 1 })
  expect(await title.evaluate((node) => getComputedStyle(node).fontFamily)).toMatch(/^"Cormorant Garamond"/)
  // The hero's band is drawn by a styled component: ink, not the browser's default white.
  const band = page.locator("#home")
  expect(await band.evaluate((node) => getComputedStyle(node).backgroundColor)).not.toBe("rgba(0, 0, 0, 0)")
  expect(await page.evaluate(() => (window as unknown as { cspViolations: string[] }).cspViolations)).toEqual([])
})
