import type { Page } from "@playwright/test"
import { expect, test } from "./fixtures"
import { readContent, settings } from "../test/support/content"

const hero = readContent("home/hero.json")
const industries = readContent("home/industries.json")
const activeWord = (page: Page) => page.locator('[data-testid="hero-word"] [data-active="true"]')

test.describe("with motion allowed", () => {
  test.use({ reducedMotion: "no-preference" })

  test("the hero word changes every 2000 ms of the page's clock, not sooner", async ({ page }) => {
    // Timed on the page's own clock, which moves only when the test says: a busy or slow host delays
    // when a timer's callback runs, never what the page asked for.
    await page.clock.install()
    await page.goto("/")
    // The hero is an island that hydrates after the page: once its first word has turned, it runs.
    await expect(activeWord(page)).toHaveText(hero.rotatingWords[1])
    await page.clock.pauseAt(await page.evaluate(() => Date.now() + 250))
    const wordAfterRendering = async () => {
      await page.waitForTimeout(100)
      return activeWord(page).textContent()
    }
    // Up to the next turn, 50 ms at a time: it then happened within the last 50 ms.
    for (let step = 0; step < 50 && (await wordAfterRendering()) !== hero.rotatingWords[2]; step += 1) {
      await page.clock.runFor(50)
    }
    await expect(activeWord(page)).toHaveText(hero.rotatingWords[2])
    await page.clock.runFor(1900)
    expect(await wordAfterRendering(), "1,900 to 1,950 ms after a turn").toBe(hero.rotatingWords[2])
    await page.clock.runFor(100)
    await expect(activeWord(page), "2,000 to 2,050 ms after it").toHaveText(hero.rotatingWords[3])
  })

  test("the hero goes once through the six industries, then rests", async ({ page }) => {
    await page.clock.install()
    await page.goto("/")
    await expect(
      page.getByRole("button", { name: `${settings.labels.pauseMotion}: ${hero.rotationLabel}` }),
    ).toBeVisible()
    // Stop the clock; from here time moves only when the test says so.
    await page.clock.pauseAt(await page.evaluate(() => Date.now() + 250))
    await expect(activeWord(page)).toHaveText(hero.rotatingWords[0])
    for (const word of [...hero.rotatingWords.slice(1), hero.rotatingWords[0]]) {
      await page.clock.runFor(2000)
      await expect(activeWord(page)).toHaveText(word)
    }
    // One full cycle done: it stops by itself (WCAG 2.2.2) and its pause control goes away.
    await page.clock.runFor(6000)
    await expect(activeWord(page)).toHaveText(hero.rotatingWords[0])
    await expect(
      page.getByRole("button", { name: `${settings.labels.pauseMotion}: ${hero.rotationLabel}` }),
    ).toBeHidden()
  })

  test("the hero rotation can be paused, and is never announced word by word", async ({ page }) => {
    await page.clock.install()
    await page.goto("/")
    const pause = page.getByRole("button", { name: `${settings.labels.pauseMotion}: ${hero.rotationLabel}` })
    await expect(pause).toBeVisible()
    // The hero is an island that hydrates after the page: once its first word has turned, it runs.
    await expect(activeWord(page)).toHaveText(hero.rotatingWords[1])
    // From here time moves only when the test says so: no word can turn between reading it and the click.
    await page.clock.pauseAt(await page.evaluate(() => Date.now() + 250))
    const shown = (await activeWord(page).textContent()) ?? ""
    expect(hero.rotatingWords).toContain(shown)
    await pause.click()
    await page.clock.runFor(6000)
    await expect(activeWord(page)).toHaveText(shown)
    await expect(page.locator('[data-testid="hero-word"]')).toHaveAttribute("aria-hidden", "true")
    await expect(page.locator("[aria-live]")).toHaveCount(
      await page.locator("gatsby-announcer, #gatsby-announcer").count(),
    )
    await expect(page.getByRole("heading", { level: 1 })).toHaveAccessibleName(
      `${hero.titleLead} ${hero.rotatingWords.join(", ")}`,
    )
  })

  test("the industry strip scrolls, pauses on hover, on focus and on request", async ({ page }) => {
    await page.goto("/")
    const strip = page.getByRole("region", { name: industries.chipsLabel })
    const track = strip.locator("[data-paused]")
    const offset = () => track.evaluate((element) => new DOMMatrix(getComputedStyle(element).transform).m41)
    await strip.scrollIntoViewIfNeeded()
    const start = await offset()
    await expect.poll(offset).not.toBe(start)
    await expect(strip.locator('ul[aria-hidden="true"] > li')).toHaveCount(12)

    await strip.hover()
    await page.waitForTimeout(100)
    const hovered = await offset()
    await page.waitForTimeout(500)
    expect(await offset()).toBe(hovered)

    await page.mouse.move(0, 0)
    await expect.poll(offset).not.toBe(hovered)
    await strip.focus()
    await page.waitForTimeout(100)
    const focused = await offset()
    await page.waitForTimeout(500)
    expect(await offset()).toBe(focused)

    await page.locator("body").click({ position: { x: 5, y: 5 } })
    await page.getByRole("button", { name: `${settings.labels.pauseMotion}: ${industries.chipsLabel}` }).click()
    await page.mouse.move(0, 0)
    await page.waitForTimeout(100)
    const paused = await offset()
    await page.waitForTimeout(500)
    expect(await offset()).toBe(paused)
    await page.getByRole("button", { name: `${settings.labels.playMotion}: ${industries.chipsLabel}` }).click()
    await expect.poll(offset).not.toBe(paused)
  })
})

test.describe("with reduced motion", () => {
  test.use({ reducedMotion: "reduce" })

  test("nothing moves: the hero word stays, the strip is a still list without copies", async ({ page }) => {
    await page.clock.install()
    await page.goto("/")
    await page.clock.runFor(9000)
    await expect(activeWord(page)).toHaveText(hero.rotatingWords[0])
    const strip = page.getByRole("region", { name: industries.chipsLabel })
    await expect(strip.locator("[data-paused]")).toHaveCSS("animation-name", "none")
    await expect(strip.locator('ul[aria-hidden="true"]')).toBeHidden()
    await expect(strip.locator('ul:not([aria-hidden="true"]) > li')).toHaveCount(12)
    await expect(page.getByRole("button", { name: new RegExp(settings.labels.pauseMotion) })).toHaveCount(0)
  })

  test("on a phone the still strip wraps its twelve chips into a compact block, not a column", async ({ page }) => {
    await page.setViewportSize({ width: 375, height: 812 })
    await page.goto("/")
    const strip = page.getByRole("region", { name: industries.chipsLabel })
    const chips = strip.locator('ul:not([aria-hidden="true"]) > li')
    const tops = new Set(await chips.evaluateAll((items) => items.map((item) => item.getBoundingClientRect().top)))
    // Several chips share each row: at most half as many rows as chips.
    expect(tops.size).toBeLessThanOrEqual(6)
    const box = (await strip.boundingBox())!
    expect(box.height).toBeLessThan(420)
    expect(box.width).toBeLessThanOrEqual(375)
  })

  test("a section link jumps straight to its section instead of gliding", async ({ page }) => {
    await page.goto("/")
    await page
      .getByRole("navigation", { name: settings.labels.mainNavigation })
      .getByRole("link", { name: "Contact" })
      .click()
    // Read in the same task as the click's scroll: a smooth scroll would still be near the top.
    const top = await page.locator("#contact").evaluate((element) => element.getBoundingClientRect().top)
    expect(Math.abs(top)).toBeLessThan(200)
  })
})
