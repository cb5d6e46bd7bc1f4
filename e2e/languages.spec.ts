/**
 * The site in French as well as English: every page under /fr/ with the same behaviours, a language
 * switch to the same page in the other language, values shown the French way, the French error
 * rows, and no redirect by the browser's language.
 */
import { expect, test } from "./fixtures"
import { readContent, settingsIn } from "../test/support/content"

const fr = {
  settings: settingsIn("fr"),
  hero: readContent("home/hero.json", "fr"),
  list: readContent("pages/case-studies.json", "fr"),
  privacy: readContent("pages/privacy-policy.json", "fr"),
  wine: readContent("case-studies/wine.json", "fr"),
  watches: readContent("case-studies/watches.json", "fr"),
}
const en = { settings: settingsIn("en"), wine: readContent("case-studies/wine.json") }

/** Client-side navigation, exactly as a Gatsby <Link> performs it. */
async function navigateInApp(page: import("@playwright/test").Page, path: string) {
  await page.evaluate((to) => (window as unknown as { ___navigate: (path: string) => void }).___navigate(to), path)
}

test.describe("the language switch", () => {
  test("leads from a page to the same page in the other language, and back", async ({ page }) => {
    await page.goto("/case-studies/wine/")
    const toFrench = page.getByRole("banner").getByRole("link", { name: "Français" })
    await expect(toFrench).toHaveAttribute("hreflang", "fr")
    await expect(toFrench).toHaveAttribute("lang", "fr")
    await toFrench.click()
    await expect(page).toHaveURL(/\/fr\/case-studies\/wine\/$/)
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(fr.wine.title)
    await expect(page.locator("html")).toHaveAttribute("lang", "fr")
    await expect(page).toHaveTitle(new RegExp(`^${fr.wine.title.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")}`))

    await page.getByRole("banner").getByRole("link", { name: "English" }).click()
    await expect(page).toHaveURL(/\/case-studies\/wine\/$/)
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(en.wine.title)
    await expect(page.locator("html")).toHaveAttribute("lang", "en")
  })

  test("from an error page leads to the nearest page there is in the other language", async ({ page }) => {
    await page.goto("/fr/no-such-page/")
    await expect(page.getByRole("banner").getByRole("link", { name: "English" })).toHaveAttribute("href", "/")
  })

  test("is in the menu of a phone, under its own name", async ({ page }) => {
    await page.setViewportSize({ width: 375, height: 800 })
    await page.goto("/book-demo/")
    // Too narrow for the header: the switch is in the menu.
    await expect(page.getByRole("banner").getByRole("link", { name: "Français" })).toBeHidden()
    await page.getByRole("button", { name: en.settings.labels.openMenu }).click()
    const menu = page.getByRole("dialog")
    await menu.getByRole("link", { name: "Français" }).click()
    await expect(page).toHaveURL(/\/fr\/book-demo\/$/)
    await expect(page.getByRole("dialog")).toHaveCount(0)
  })
})

test.describe("French pages", () => {
  test("read in French, with French typography, dates and figures", async ({ page }) => {
    await page.goto("/fr/")
    await expect(page.getByRole("heading", { level: 1 })).toContainText(fr.hero.titleLead)
    await expect(page.getByRole("navigation", { name: fr.settings.labels.mainNavigation })).toContainText(
      fr.settings.navigation[1].label,
    )
    await page.goto("/fr/privacy-policy/")
    await expect(page.getByText(`${fr.settings.labels.lastUpdated}\u00A0: décembre 2026`)).toBeVisible()
    await page.goto("/fr/case-studies/wine/")
    await expect(page.locator("dd", { hasText: /^4\u00A0mois$/ })).toBeVisible()
    await expect(page.locator("dd", { hasText: /^1\u202FM\+$/ })).toBeVisible()
  })

  test("link within French: the header, the cards and the footer stay in French", async ({ page }) => {
    await page.goto("/fr/case-studies/")
    const hrefs = await page
      .locator("a[href^='/']")
      .evaluateAll((links) => links.map((link) => link.getAttribute("href")!))
    // Every internal link but the switch to English stays under /fr/.
    expect(hrefs.filter((href) => !href.startsWith("/fr/"))).toEqual(["/case-studies/"])
  })

  test("search the French texts with ?q=, kept in the URL", async ({ page }) => {
    await page.goto("/fr/case-studies/?q=contrefa%C3%A7ons")
    await expect(page.locator("main article")).toHaveCount(1)
    await expect(page.locator("main article")).toContainText(fr.watches.title)
    await page.getByRole("searchbox").fill("sous-marins")
    await expect(page.getByText(fr.list.search.noResults.replace("{query}", "sous-marins"))).toBeVisible()
    await expect(page).toHaveURL(/\/fr\/case-studies\/\?q=sous-marins$/)
  })
})

test.describe("French error rows", () => {
  // Served by nginx, as in production; test/with-build/cdn-parity.test.ts checks the CDN answers the same.
  test("an unknown /fr/ address shows the French home, out of search results", async ({ page }) => {
    const response = await page.goto("/fr/nulle-part/")
    expect(response?.status()).toBe(404)
    await expect(page).toHaveURL(/\/fr\/nulle-part\/$/)
    await expect(page.getByRole("heading", { level: 1 })).toContainText(fr.hero.titleLead)
    await expect(page.locator("html")).toHaveAttribute("lang", "fr")
    await expect(page.locator('meta[name="robots"]')).toHaveAttribute("content", /noindex/)
  })

  test("an unknown French case slug on first load goes to the French case list", async ({ page }) => {
    expect((await page.request.get("/fr/case-studies/introuvable/")).status()).toBe(404)
    await page.goto("/fr/case-studies/introuvable/")
    await expect(page).toHaveURL(/\/fr\/case-studies\/$/)
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(fr.list.title)
    await expect(page.getByText(fr.list.redirectNotice)).toBeVisible()
    await expect(page.locator("main article")).toHaveCount(6)
  })

  test("an unknown French case slug reached inside the site says « Étude de cas introuvable »", async ({ page }) => {
    await page.goto("/fr/case-studies/")
    await navigateInApp(page, "/fr/case-studies/retiree/")
    await expect(page).toHaveURL(/\/fr\/case-studies\/retiree\/$/)
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Étude de cas introuvable")
    await page.getByRole("link", { name: fr.list.notFound.backLabel }).click()
    await expect(page).toHaveURL(/\/fr\/case-studies\/$/)
  })

  test("an unknown French address reached inside the site shows the French home", async ({ page }) => {
    await page.goto("/fr/book-demo/")
    await navigateInApp(page, "/fr/ailleurs/")
    await expect(page.getByRole("heading", { level: 1 })).toContainText(fr.hero.titleLead)
  })
})

test.describe("no redirect by the browser's language", () => {
  test.use({ locale: "fr-CH", extraHTTPHeaders: { "Accept-Language": "fr-CH, fr;q=0.9" } })

  test("a French-speaking browser opening the site's root reads it in English until it asks", async ({ page }) => {
    const response = await page.goto("/")
    expect(response?.status()).toBe(200)
    await expect(page).toHaveURL(/\/$/)
    await expect(page.locator("html")).toHaveAttribute("lang", "en")
  })
})
