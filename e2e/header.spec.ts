import type { Page } from "@playwright/test"
import { expect, test } from "./fixtures"
import { settings } from "../test/support/content"

const header = (page: Page) => page.getByRole("banner")
const mainNav = (page: Page) => page.getByRole("navigation", { name: settings.labels.mainNavigation })
const scrollTo = (page: Page, y: number) => page.evaluate((top) => window.scrollTo({ top, behavior: "instant" }), y)
const headerBackground = (page: Page) => header(page).evaluate((element) => getComputedStyle(element).backgroundColor)

test.describe("header", () => {
  test("is transparent at 50 px of scroll and opaque at 51 px", async ({ page }) => {
    await page.goto("/")
    await expect.poll(() => headerBackground(page)).toBe("rgba(0, 0, 0, 0)")
    await scrollTo(page, 50)
    await page.waitForTimeout(400)
    await expect(header(page)).toHaveAttribute("data-scrolled", "false")
    await expect.poll(() => headerBackground(page)).toBe("rgba(0, 0, 0, 0)")
    await scrollTo(page, 51)
    await expect(header(page)).toHaveAttribute("data-scrolled", "true")
    await expect.poll(() => headerBackground(page)).toBe("rgb(14, 15, 19)")
    await scrollTo(page, 0)
    await expect(header(page)).toHaveAttribute("data-scrolled", "false")
  })

  test("stays at the top of the viewport however far the page scrolls, over the first band", async ({ page }) => {
    for (const route of ["/", "/case-studies/retail/"]) {
      await page.goto(route)
      // The first band starts under the header, not below it.
      expect(await page.locator("main").evaluate((element) => element.getBoundingClientRect().top)).toBe(0)
      await scrollTo(page, 100_000)
      await expect.poll(() => header(page).evaluate((element) => element.getBoundingClientRect().top)).toBe(0)
      await expect(header(page)).toBeInViewport()
    }
  })

  test("marks the section in view once its top is within 100 px of the viewport top", async ({ page }) => {
    await page.goto("/")
    const sectionTop = (id: string) =>
      page.evaluate((target) => document.getElementById(target)!.getBoundingClientRect().top + window.scrollY, id)
    const current = mainNav(page).locator('[aria-current="location"]')

    await expect(current).toHaveText("Home")
    // Section tops can fall between pixels; these scroll positions put it just past and just at 100 px.
    const services = await sectionTop("services")
    await scrollTo(page, Math.floor(services) - 101)
    await expect(current).toHaveText("Industries")
    await scrollTo(page, Math.ceil(services) - 100)
    await expect(current).toHaveText("Services")
    await expect(current).toHaveCount(1)
    await scrollTo(page, (await sectionTop("about")) - 50)
    await expect(current).toHaveText("About")
  })

  test("section links scroll smoothly on home and land the section just below the header", async ({ page }) => {
    await page.goto("/")
    const link = mainNav(page).getByRole("link", { name: "Process" })
    await expect(link).toBeVisible()
    const before = await page.locator("#process").evaluate((section) => section.getBoundingClientRect().top)
    // Smooth: clicked and read in one task of the page, the section has not moved yet (a jump would
    // already have put it under the header), however few frames a slow machine then draws.
    const atClick = await link.evaluate((anchor: HTMLElement) => {
      anchor.click()
      return document.getElementById("process")!.getBoundingClientRect().top
    })
    expect(atClick).toBeCloseTo(before, 0)
    await expect(page).toHaveURL(/\/#process$/)
    const headerBottom = await header(page).evaluate((element) => element.getBoundingClientRect().bottom)
    expect(before).toBeGreaterThan(headerBottom + 500)
    await expect
      .poll(() => page.locator("#process").evaluate((section) => section.getBoundingClientRect().top))
      .toBeCloseTo(headerBottom, 0)
    await expect(page.locator("#process")).toBeFocused()
  })

  test("section links from another page go home, then scroll after about 100 ms", async ({ page }) => {
    await page.goto("/book-demo/")
    await page.evaluate(() => {
      const marks: { at: number; what: string; y: number }[] = []
      ;(window as unknown as { marks: typeof marks }).marks = marks
      window.addEventListener("scroll", () => marks.push({ at: performance.now(), what: "scroll", y: window.scrollY }))
      const pushState = history.pushState.bind(history)
      history.pushState = (...args: Parameters<History["pushState"]>) => {
        marks.push({ at: performance.now(), what: `push ${String(args[2])}`, y: window.scrollY })
        pushState(...args)
      }
    })
    await mainNav(page).getByRole("link", { name: "Services" }).click()
    await expect(page).toHaveURL(/\/#services$/)
    await expect
      .poll(() => page.locator("#services").evaluate((section) => Math.round(section.getBoundingClientRect().top)))
      .toBeLessThan(80)
    const marks = await page.evaluate(
      () => (window as unknown as { marks: { at: number; what: string; y: number }[] }).marks,
    )
    const arrived = marks.find((mark) => mark.what.startsWith("push /#services"))
    const firstDown = marks.find((mark) => mark.what === "scroll" && mark.y > 0 && arrived && mark.at > arrived.at)
    expect(arrived && firstDown, JSON.stringify(marks)).toBeTruthy()
    expect(firstDown!.at - arrived!.at, JSON.stringify(marks)).toBeGreaterThanOrEqual(90)
  })

  test("a deep link to a section opens the page on that section", async ({ page }) => {
    await page.goto("/#services")
    await expect(page.locator("#services")).toBeInViewport()
    const top = await page.locator("#services").evaluate((section) => section.getBoundingClientRect().top)
    expect(top).toBeGreaterThanOrEqual(0)
    expect(top).toBeLessThan(80)
    await expect(mainNav(page).locator('[aria-current="location"]')).toHaveText("Services")
  })

  test("has the Book a Demo button", async ({ page }) => {
    await page.goto("/privacy-policy/")
    await header(page).getByRole("link", { name: settings.bookDemoLabel }).click()
    await expect(page).toHaveURL(/\/book-demo\/\?from=\/privacy-policy\/$/)
  })
})

test.describe("mobile menu", () => {
  test.use({ viewport: { width: 375, height: 740 } })

  const menuButton = (page: Page) => header(page).getByRole("button", { name: settings.labels.openMenu, exact: true })
  const dialog = (page: Page) => page.getByRole("dialog", { name: settings.labels.openMenu, exact: true })

  test("opens with the same links, moves focus inside, keeps it there and locks the page", async ({ page }) => {
    await page.goto("/")
    await expect(mainNav(page)).toHaveCount(0)
    await expect(menuButton(page)).toHaveAttribute("aria-expanded", "false")
    await menuButton(page).click()
    await expect(menuButton(page)).toHaveAttribute("aria-expanded", "true")
    // The panel exists once the menu has been asked for, and the button names it from then on.
    await expect(menuButton(page)).toHaveAttribute("aria-controls", "mobile-menu")
    await expect(dialog(page)).toBeVisible()
    const links = dialog(page).getByRole("navigation").getByRole("link")
    await expect(links).toHaveText(settings.navigation.map((item: { label: string }) => item.label))
    await expect(dialog(page).getByRole("link", { name: settings.bookDemoLabel })).toBeVisible()

    await expect(dialog(page).getByRole("button", { name: settings.labels.closeMenu })).toBeFocused()
    for (let press = 0; press < 12; press += 1) {
      await page.keyboard.press("Tab")
      expect(await dialog(page).evaluate((node) => node.contains(document.activeElement))).toBe(true)
    }
    await page.keyboard.press("Shift+Tab")
    expect(await dialog(page).evaluate((node) => node.contains(document.activeElement))).toBe(true)
    expect(await page.evaluate(() => getComputedStyle(document.documentElement).overflow)).toBe("hidden")
  })

  test("closes on Escape and returns focus to the menu button", async ({ page }) => {
    await page.goto("/")
    await menuButton(page).click()
    await expect(dialog(page)).toBeVisible()
    await page.keyboard.press("Escape")
    await expect(dialog(page)).toBeHidden()
    await expect(menuButton(page)).toHaveAttribute("aria-expanded", "false")
    await expect(menuButton(page)).toBeFocused()
    expect(await page.evaluate(() => getComputedStyle(document.documentElement).overflow)).not.toBe("hidden")
  })

  test("closes on a click outside it and returns focus to the menu button", async ({ page }) => {
    await page.goto("/")
    await menuButton(page).click()
    await expect(dialog(page)).toBeVisible()
    await page.mouse.click(10, 400)
    await expect(dialog(page)).toBeHidden()
    await expect(menuButton(page)).toBeFocused()
  })

  test("closes on a link click and scrolls to that section", async ({ page }) => {
    await page.goto("/")
    await menuButton(page).click()
    await dialog(page).getByRole("link", { name: "Contact" }).click()
    await expect(dialog(page)).toBeHidden()
    await expect(page).toHaveURL(/\/#contact$/)
    await expect(page.locator("#contact")).toBeInViewport()
  })

  test("works from another page too", async ({ page }) => {
    await page.goto("/terms-of-service/")
    await menuButton(page).click()
    await dialog(page).getByRole("link", { name: "About" }).click()
    await expect(page).toHaveURL(/\/#about$/)
    await expect(page.locator("#about")).toBeInViewport()
  })
})

test.describe("without JavaScript", () => {
  test.use({ javaScriptEnabled: false })

  test("the header stays opaque, so its links stay readable over light sections", async ({ page }) => {
    await page.goto("/privacy-policy/")
    await page.mouse.move(700, 500)
    await page.mouse.wheel(0, 2000)
    await expect(header(page)).toHaveCSS("background-color", "rgb(14, 15, 19)")
  })
})
