import { expect, test } from "./fixtures"
import { ROUTES } from "./content"

for (const route of [
  ...ROUTES,
  "/no-such-page/",
  "/case-studies/not-a-case/",
  "/fr/no-such-page/",
  "/fr/case-studies/not-a-case/",
]) {
  test(`${route} logs no console error or warning, hydration included`, async ({ page }) => {
    const messages: string[] = []
    page.on("console", (message) => {
      if (["error", "warning"].includes(message.type())) messages.push(`${message.type()}: ${message.text()}`)
    })
    page.on("pageerror", (error) => messages.push(`pageerror: ${error.message}`))
    const response = await page.goto(route, { waitUntil: "networkidle" })
    if (route === "/no-such-page/") {
      // The unknown path answers 404 on purpose, and Gatsby's runtime probes it for page data;
      // Chromium logs each 404 as a failed load. Nothing else may appear.
      expect(response?.status()).toBe(404)
      expect(messages.filter((text) => !/Failed to load resource: .* 404 \(Not Found\)/.test(text))).toEqual([])
    } else {
      expect(messages).toEqual([])
    }
  })
}
