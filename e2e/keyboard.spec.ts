/**
 * The site by keyboard alone: a skip link first, Book a Demo within a few keystrokes, and a menu that
 * works without a pointer. A visible and unobscured focus ring on every interactive element of every
 * route, in an order that reads like the page, is checked by the sweep (e2e/sweep.spec.ts).
 */
import { expect, test } from "./fixtures"
import { settings } from "../test/support/content"

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
