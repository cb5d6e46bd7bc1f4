/**
 * Console errors a slow phone alone would see. Every route's console is read by e2e/hosting.spec.ts,
 * in its one visit to each.
 */
import { expect, test } from "./fixtures"
import { DESKTOP_INDEX, computeBenchmarkIndex, medianOf, throttlingRateFor } from "../test/support/host-speed.mjs"

/**
 * The slow phone: the CPU of the desktop the budgets were measured on, slowed 6x (where this test
 * found React's error below in 3 to 7 of 15 loads). On another host the slowdown is set from its
 * measured speed, so that the phone is the same.
 */
const SLOW_PHONE_INDEX = DESKTOP_INDEX / 6

test("an unknown case study on a slow phone goes on to the list without React discarding any of its HTML", async ({
  context,
}) => {
  // Six loads on a slow phone, and the host's speed measured first: a deadline for a hang.
  test.setTimeout(60_000)
  const measuring = await context.newPage()
  const readings: number[] = []
  for (let i = 0; i < 3; i++) readings.push(await measuring.evaluate(computeBenchmarkIndex))
  await measuring.close()
  const rate = throttlingRateFor(medianOf(readings), SLOW_PHONE_INDEX)
  test
    .info()
    .annotations.push({ type: "slow phone", description: `host index ${readings.join(", ")}: CPU slowed ${rate}x` })
  // Its redirect starts the first navigation while parts of the page may still be server HTML; an
  // ordinary update reaching them then is React's error #421 (3 to 7 of 15 loads did, at this
  // slowdown, before the head's switch became a transition: src/navigation/head-updates.ts).
  const errors: string[] = []
  for (const attempt of [1, 2, 3, 4, 5, 6]) {
    const page = await context.newPage()
    page.on("pageerror", (error) => errors.push(`${attempt}: ${error.message}`))
    const cdp = await context.newCDPSession(page)
    await cdp.send("Emulation.setCPUThrottlingRate", { rate })
    await page.goto(`/case-studies/not-a-case-${attempt}/`, { waitUntil: "networkidle" })
    await expect(page).toHaveURL(/\/case-studies\/$/)
    await page.close()
  }
  expect(errors).toEqual([])
})
