import { expect, test } from "./fixtures"
import { collectErrors } from "./page-errors"
import { readContent, settings } from "../test/support/content"

const hero = readContent("home/hero.json")
const listPage = readContent("pages/case-studies.json")

/** Client-side navigation, exactly as a Gatsby <Link> performs it. */
async function navigateInApp(page: import("@playwright/test").Page, path: string) {
  await page.evaluate((to) => (window as unknown as { ___navigate: (path: string) => void }).___navigate(to), path)
}

test("an unknown path shows the home content with a 404 status, kept out of search results", async ({ page }) => {
  const response = await page.goto("/no-such-page/")
  expect(response?.status()).toBe(404)
  await expect(page).toHaveURL(/\/no-such-page\/$/)
  await expect(page.getByRole("heading", { level: 1 })).toContainText(hero.titleLead)
  await expect(page.locator("#services")).toBeVisible()
  await expect(page.locator('meta[name="robots"]')).toHaveAttribute("content", /noindex/)
})

test("the home page itself is indexable", async ({ page }) => {
  await page.goto("/")
  await expect(page.locator('meta[name="robots"]')).toHaveCount(0)
})

test("an unknown case slug on first load redirects to the case list", async ({ page }) => {
  await page.goto("/case-studies/not-a-case/")
  await expect(page).toHaveURL(/\/case-studies\/$/)
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(listPage.title)
  await expect(page.getByText(listPage.redirectNotice)).toBeVisible()
  await expect(page.locator("main article")).toHaveCount(6)
  // The redirect replaced the entry: Back leaves the site section instead of bouncing again.
  expect(await page.evaluate(() => history.length)).toBe(2)
})

test("the case list reloaded after that redirect hydrates as prerendered, without the notice", async ({ page }) => {
  await page.goto("/case-studies/not-a-case/")
  await expect(page.getByText(listPage.redirectNotice)).toBeVisible()
  // The browser keeps the entry's state through a reload; the prerendered list has no notice.
  const errors = collectErrors(page)
  await page.reload()
  await page.waitForFunction(() => document.documentElement.dataset.hydrated === "true")
  await expect(page.locator("main article")).toHaveCount(6)
  await expect(page.getByText(listPage.redirectNotice)).toHaveCount(0)
  expect(errors).toEqual([])
})

test("an unknown case slug reached inside the site shows Case Study Not Found with a back button", async ({ page }) => {
  await page.goto("/case-studies/")
  await navigateInApp(page, "/case-studies/retired-study/")
  await expect(page).toHaveURL(/\/case-studies\/retired-study\/$/)
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Case Study Not Found")
  await expect(page.locator('meta[name="robots"]')).toHaveAttribute("content", /noindex/)
  await page.getByRole("link", { name: listPage.notFound.backLabel }).click()
  await expect(page).toHaveURL(/\/case-studies\/$/)
  await expect(page.locator("main article")).toHaveCount(6)
})

test("back/forward onto an unknown case slug changes nothing: no redirect, same screen", async ({ page }) => {
  await page.goto("/case-studies/")
  await navigateInApp(page, "/case-studies/retired-study/")
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Case Study Not Found")
  await page.getByRole("link", { name: settings.bookDemoLabel }).first().click()
  await expect(page).toHaveURL(/\/book-demo\/\?from=\/case-studies\/%5B\.\.\.%5D\/$/)
  const entries = await page.evaluate(() => history.length)

  await page.goBack()
  await expect(page).toHaveURL(/\/case-studies\/retired-study\/$/)
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Case Study Not Found")
  await page.waitForTimeout(300)
  await expect(page).toHaveURL(/\/case-studies\/retired-study\/$/)
  expect(await page.evaluate(() => history.length)).toBe(entries)

  await page.goForward()
  await expect(page).toHaveURL(/\/book-demo\/\?from=/)
})

test("a known case slug without its trailing slash still opens the case", async ({ page }) => {
  await page.goto("/case-studies/watches")
  await expect(page).toHaveURL(/\/case-studies\/watches\/$/)
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(readContent("case-studies/watches.json").title)
})
