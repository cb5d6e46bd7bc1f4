/**
 * The site by keyboard alone: a skip link first, a visible and unobscured focus ring on every
 * interactive element, Tab order that reads like the page, Book a Demo within a few keystrokes,
 * and a menu that works without a pointer.
 */
import type { Page } from "@playwright/test"
import { expect, test } from "./fixtures"
import { ROUTES, settings } from "../test/support/content"

type Stop = {
  name: string
  /** Set when the element was focused before: focus has come round again. */
  repeat: boolean
  inHeader: boolean
  top: number
  left: number
  visibleRing: boolean
  hit: string
  unobscured: boolean
}

/** Presses Tab and describes where focus landed, in page coordinates. */
async function tab(page: Page): Promise<Stop | null> {
  await page.keyboard.press("Tab")
  return page.evaluate(async () => {
    // Let focus styles and focus scrolling settle for a frame before measuring.
    await new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve)))
    const element = document.activeElement as HTMLElement | null
    if (!element || element === document.body) return null
    const repeat = element.dataset.tabStop === "seen"
    element.dataset.tabStop = "seen"
    const rect = element.getBoundingClientRect()
    const style = getComputedStyle(element)
    const ring = style.outlineStyle !== "none" && parseFloat(style.outlineWidth) >= 2
    const x = Math.min(Math.max(rect.left + rect.width / 2, 0), innerWidth - 1)
    const y = Math.min(Math.max(rect.top + Math.min(rect.height / 2, 8), 0), innerHeight - 1)
    const hit = document.elementFromPoint(x, y)
    return {
      repeat,
      name: `${element.tagName.toLowerCase()} "${(element.getAttribute("aria-label") ?? element.textContent ?? "").trim().slice(0, 40)}"`,
      inHeader: Boolean(element.closest("header[data-scrolled]")),
      top: rect.top + scrollY,
      left: rect.left,
      visibleRing: ring,
      hit: hit ? `${hit.tagName} ${String(hit.className).slice(0, 30)} ${JSON.stringify(rect)}` : "none",
      unobscured:
        rect.bottom > 0 && rect.top < innerHeight && Boolean(hit && (element.contains(hit) || hit.contains(element))),
    }
  })
}

/** Every Tab stop of a page from the top, until focus leaves the document or comes round again. */
async function tabThrough(page: Page): Promise<Stop[]> {
  const stops: Stop[] = []
  for (let index = 0; index < 200; index++) {
    const stop = await tab(page)
    if (!stop || stop.repeat) break
    stops.push(stop)
  }
  return stops
}

test.describe("at desktop width", () => {
  test.use({ reducedMotion: "reduce" })

  test("the first Tab shows a skip link that moves focus to the main content", async ({ page }) => {
    await page.goto("/")
    await page.keyboard.press("Tab")
    const skip = page.getByRole("link", { name: settings.skipLinkLabel })
    await expect(skip).toBeFocused()
    await expect(skip).toBeInViewport({ ratio: 1 })
    await page.keyboard.press("Enter")
    await expect(page.locator("main")).toBeFocused()
    // The next Tab continues inside the main content, not back in the header.
    await page.keyboard.press("Tab")
    expect(await page.evaluate(() => Boolean(document.activeElement?.closest("main")))).toBe(true)
  })

  // Skip link, brand, the six sections, the other language, then Book a Demo.
  test("Book a Demo is the tenth stop from the top of home, and Enter opens it", async ({ page }) => {
    await page.goto("/")
    const cta = page.getByRole("banner").getByRole("link", { name: settings.bookDemoLabel })
    let presses = 0
    while (presses < 10 && !(await cta.evaluate((element) => element === document.activeElement))) {
      await page.keyboard.press("Tab")
      presses++
    }
    await expect(cta).toBeFocused()
    expect(presses).toBeLessThanOrEqual(10)
    await page.keyboard.press("Enter")
    await expect(page).toHaveURL(/\/book-demo\/\?from=\/$/)
  })

  for (const route of [...ROUTES, "/no-such-page/"]) {
    test(`${route}: every Tab stop has a visible, unobscured focus ring, in reading order`, async ({ page }) => {
      await page.goto(route)
      const stops = await tabThrough(page)
      expect(stops.length).toBeGreaterThan(5)
      expect(stops.filter((stop) => !stop.visibleRing).map((stop) => stop.name)).toEqual([])
      expect(stops.filter((stop) => !stop.unobscured).map((stop) => stop.name + stop.hit)).toEqual([])
      // Reading order: after the header, each stop is lower on the page, or on the same band
      // further right (the next column of a row of cards).
      const body = stops.filter((stop) => !stop.inHeader)
      const backwards = body.slice(1).flatMap((stop, index) => {
        const previous = body[index]
        const lower = stop.top > previous.top + 1
        const nextColumn = stop.left > previous.left && stop.top > previous.top - 320
        return lower || nextColumn ? [] : [`${previous.name} -> ${stop.name}`]
      })
      expect(backwards).toEqual([])
    })
  }
})

test.describe("at phone width", () => {
  test.use({ viewport: { width: 375, height: 812 }, reducedMotion: "reduce" })

  test("Book a Demo is the third stop from the top", async ({ page }) => {
    await page.goto("/")
    for (let press = 0; press < 3; press++) await page.keyboard.press("Tab")
    await expect(page.getByRole("banner").getByRole("link", { name: settings.bookDemoLabel })).toBeFocused()
  })

  test("the menu works by keyboard alone: open, move, close, follow a link", async ({ page }) => {
    await page.goto("/case-studies/")
    const menuButton = page.getByRole("button", { name: settings.labels.openMenu })
    await menuButton.focus()
    await page.keyboard.press("Enter")
    const menu = page.getByRole("dialog")
    await expect(menu).toBeVisible()
    await expect.poll(() => menu.evaluate((element) => element.contains(document.activeElement))).toBe(true)

    // Tab and Shift+Tab go round inside the open menu.
    const links = menu.getByRole("link")
    const count = (await links.count()) + (await menu.getByRole("button").count())
    for (let press = 0; press < count + 2; press++) {
      await page.keyboard.press("Tab")
      expect(await menu.evaluate((element) => element.contains(document.activeElement))).toBe(true)
    }
    await page.keyboard.press("Shift+Tab")
    expect(await menu.evaluate((element) => element.contains(document.activeElement))).toBe(true)

    await page.keyboard.press("Escape")
    await expect(menu).toBeHidden()
    await expect(menuButton).toBeFocused()

    await page.keyboard.press("Enter")
    await expect(menu).toBeVisible()
    const services = settings.navigation.find((link: { section: string }) => link.section === "services")
    const target = menu.getByRole("link", { name: services.label })
    while (!(await target.evaluate((element) => element === document.activeElement))) {
      await page.keyboard.press("Tab")
    }
    await page.keyboard.press("Enter")
    await expect(menu).toBeHidden()
    await expect(page).toHaveURL(/\/#services$/)
    await expect(page.locator("#services")).toBeFocused()
    await expect(page.locator("#services")).toBeInViewport()
  })
})
