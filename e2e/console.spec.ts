/**
 * Console errors a slow phone alone would see. Every route's console is read by e2e/hosting.spec.ts,
 * in its one visit to each.
 */
import { expect, test } from "./fixtures"

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
