import { expect, test } from "./fixtures"
import { ROUTES } from "../test/support/content"

const UNKNOWN = ["/no-such-page/", "/case-studies/not-a-case/", "/fr/no-such-page/", "/fr/case-studies/not-a-case/"]

for (const route of [...ROUTES, ...UNKNOWN]) {
  test(`${route} logs no console error or warning, hydration included`, async ({ page }) => {
    const messages: string[] = []
    page.on("console", (message) => {
      if (["error", "warning"].includes(message.type())) messages.push(`${message.type()}: ${message.text()}`)
    })
    page.on("pageerror", (error) => messages.push(`pageerror: ${error.message}`))
    const response = await page.goto(route, { waitUntil: "networkidle" })
    if (UNKNOWN.includes(route)) {
      // An unknown address answers 404 on purpose, and Gatsby's runtime probes it for page data;
      // Chromium logs each 404 as a failed load. Nothing else may appear (a hydration error would).
      expect(response?.status()).toBe(404)
      expect(messages.filter((text) => !/Failed to load resource: .* 404 \(Not Found\)/.test(text))).toEqual([])
    } else {
      expect(messages).toEqual([])
    }
  })
}

test("an unknown case study on a slow phone goes on to the list without React discarding any of its HTML", async ({
  context,
}) => {
  // Its redirect starts the first navigation while parts of the page may still be server HTML; an
  // ordinary update reaching them then is React's error #421 (3 to 7 of 15 loads did, at this
  // slowdown, before the head's switch became a transition: src/navigation/head-updates.ts).
  const errors: string[] = []
  for (const attempt of [1, 2, 3, 4, 5, 6]) {
    const page = await context.newPage()
    page.on("pageerror", (error) => errors.push(`${attempt}: ${error.message}`))
    const cdp = await context.newCDPSession(page)
    await cdp.send("Emulation.setCPUThrottlingRate", { rate: 6 })
    await page.goto(`/case-studies/not-a-case-${attempt}/`, { waitUntil: "networkidle" })
    await expect(page).toHaveURL(/\/case-studies\/$/)
    await page.close()
  }
  expect(errors).toEqual([])
})
