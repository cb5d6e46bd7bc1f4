/**
 * On a desktop, a page does not move sideways when the window's scrollbar comes. With classic
 * scrollbars (Windows, most Linux desktops) the page has one once it is taller than the window: a
 * page painted while its HTML is still arriving gets it a moment later. Without room kept for it,
 * everything centred moves by half its width: a layout shift (through a proxy that pauses the HTML
 * after its header, 0.004-0.006 at 1350 px, Lighthouse's desktop width).
 */
import type { Page } from "@playwright/test"
import { expect, test } from "./fixtures"
import { CHROMIUM_ARGS, chromiumPath } from "../test/support/browser"

// Playwright's headless Chromium hides scrollbars; a visitor's desktop browser shows them.
test.use({
  launchOptions: { executablePath: chromiumPath(), args: CHROMIUM_ARGS, ignoreDefaultArgs: ["--hide-scrollbars"] },
})

/** Where the header's first link (the name of the house, home) is on screen. */
const brandBox = async (page: Page) => {
  const box = await page.getByRole("banner").getByRole("link").first().boundingBox()
  if (!box) throw new Error("the header's first link is not on screen")
  return box
}

/** The width the page lays out in, and whether the window shows a scrollbar. */
const layoutWidth = (page: Page) =>
  page.evaluate(() => ({
    content: document.body.getBoundingClientRect().width,
    scrollbar: window.innerWidth - document.documentElement.clientWidth,
    scrolls: document.documentElement.scrollHeight > window.innerHeight,
  }))

for (const route of ["/", "/fr/case-studies/cruises/"]) {
  test(`${route}: the page stays put whether or not it is tall enough to scroll`, async ({ page }) => {
    await page.setViewportSize({ width: 1440, height: 900 })
    await page.goto(route)
    const tall = await layoutWidth(page)
    expect(tall.scrolls).toBe(true)
    // A browser that shows classic scrollbars: otherwise this test would look at nothing.
    expect(tall.scrollbar).toBeGreaterThan(0)
    const before = await brandBox(page)

    // The page as it is while only its first part has arrived: shorter than the window.
    await page.evaluate(() => {
      for (const element of document.querySelectorAll<HTMLElement>("main, footer")) element.style.display = "none"
    })
    const short = await layoutWidth(page)
    expect(short.scrolls).toBe(false)
    expect(short.scrollbar).toBe(0)
    expect(short.content).toBe(tall.content)
    expect(await brandBox(page)).toEqual(before)
  })
}
