import { expect, test } from "./fixtures"
import { caseStudies, readContent, settings } from "../test/support/content"

const demo = readContent("pages/book-demo.json")
const privacy = readContent("pages/privacy-policy.json")

const scrollY = (page: import("@playwright/test").Page) => page.evaluate(() => window.scrollY)

test("moves between pages with browser history, back and forward", async ({ page }) => {
  await page.goto("/")
  await page.getByRole("banner").getByRole("link", { name: settings.bookDemoLabel }).click()
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(demo.title)
  await page.locator("footer").getByRole("link", { name: "Privacy Policy" }).click()
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(privacy.title)

  await page.goBack()
  await expect(page).toHaveURL(/\/book-demo\/\?from=\/$/)
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(demo.title)
  await page.goBack()
  await expect(page).toHaveURL(/\/$/)
  await expect(page.locator("#home")).toBeVisible()
  await page.goForward()
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(demo.title)
})

test("every navigation lands at the top of the new page, back and forward included", async ({ page }) => {
  await page.goto("/")
  await page.locator("footer").scrollIntoViewIfNeeded()
  expect(await scrollY(page)).toBeGreaterThan(1000)
  await page.locator("footer").getByRole("link", { name: "Terms of Service" }).click()
  await expect(page).toHaveURL(/\/terms-of-service\/$/)
  await expect.poll(() => scrollY(page)).toBe(0)

  await page.locator("footer").scrollIntoViewIfNeeded()
  await page.locator("footer").getByRole("link", { name: "Privacy Policy" }).click()
  await expect(page).toHaveURL(/\/privacy-policy\/$/)
  await expect.poll(() => scrollY(page)).toBe(0)

  await page.locator("footer").scrollIntoViewIfNeeded()
  await page.goBack()
  await expect(page).toHaveURL(/\/terms-of-service\/$/)
  await expect.poll(() => scrollY(page)).toBe(0)
})

test("header section links scroll to the section on home, clear of the fixed header", async ({ page }) => {
  await page.goto("/")
  await page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "Process" }).click()
  await expect(page).toHaveURL(/\/#process$/)
  const headerBottom = await page
    .locator("header")
    .first()
    .evaluate((header) => header.getBoundingClientRect().bottom)
  await expect
    .poll(() =>
      page
        .locator("#process")
        .evaluate((section, bottom) => Math.abs(section.getBoundingClientRect().top - bottom), headerBottom),
    )
    .toBeLessThanOrEqual(1)
})

test("a header section link from another page goes home and lands on the section", async ({ page }) => {
  await page.goto("/book-demo/")
  await page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "Services" }).click()
  await expect(page).toHaveURL(/\/#services$/)
  await expect(page.locator("#services")).toBeInViewport()
  expect(await scrollY(page)).toBeGreaterThan(0)
})

test("a home section is deep-linkable", async ({ page }) => {
  await page.goto("/#about")
  await expect(page.locator("#about")).toBeInViewport()
  expect(await scrollY(page)).toBeGreaterThan(0)
})

test("footer case-study links perform a full page load", async ({ page }) => {
  await page.goto("/")
  await page.evaluate(() => ((window as unknown as { sameDocument: boolean }).sameDocument = true))
  const watches = caseStudies.find((study) => study.slug === "watches")
  await page.locator("footer").getByRole("link", { name: watches.industry }).click()
  await expect(page).toHaveURL(/\/case-studies\/watches\/$/)
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(watches.title)
  expect(await page.evaluate(() => (window as unknown as { sameDocument?: boolean }).sameDocument)).toBeUndefined()
})

test("header links are client-side: the document survives the navigation", async ({ page }) => {
  await page.goto("/privacy-policy/")
  await page.evaluate(() => ((window as unknown as { sameDocument: boolean }).sameDocument = true))
  await page.getByRole("banner").getByRole("link", { name: "Services" }).click()
  await expect(page).toHaveURL(/\/#services$/)
  await expect(page.locator("#services")).toBeInViewport()
  expect(await page.evaluate(() => (window as unknown as { sameDocument?: boolean }).sameDocument)).toBe(true)
})

test("Book a Demo loads the demo page from the host, naming the page it was on, so the host counts it", async ({
  page,
}) => {
  await page.goto("/case-studies/wine/")
  await page.evaluate(() => ((window as unknown as { sameDocument: boolean }).sameDocument = true))
  const document = page.waitForRequest((request) => request.isNavigationRequest())
  await page.getByRole("banner").getByRole("link", { name: settings.bookDemoLabel }).click()
  expect(new URL((await document).url()).pathname + new URL((await document).url()).search).toBe(
    "/book-demo/?from=/case-studies/wine/",
  )
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(demo.title)
  expect(await page.evaluate(() => (window as unknown as { sameDocument?: boolean }).sameDocument)).toBeUndefined()
})
