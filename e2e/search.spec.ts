import { expect, test } from "./fixtures"
import { caseStudies, readContent } from "../test/support/content"

const listPage = readContent("pages/case-studies.json")
const cards = (page: import("@playwright/test").Page) => page.locator("main article")
const field = (page: import("@playwright/test").Page) => page.getByRole("searchbox", { name: listPage.search.label })
const watches = caseStudies.find((study) => study.slug === "watches")

test("typing filters the cards and keeps ?q= in the URL in step", async ({ page }) => {
  await page.goto("/case-studies/")
  await expect(cards(page)).toHaveCount(6)
  await field(page).fill("watch")
  await expect(cards(page)).toHaveCount(1)
  await expect(cards(page).first()).toContainText(watches.title)
  await expect(page.getByRole("status")).toHaveText("1 of 6 case studies")
  await expect(page).toHaveURL(/\/case-studies\/\?q=watch$/)
  expect(await page.evaluate(() => window.scrollY)).toBe(0)
})

test("matching ignores case and accents, across industry, problem and solution", async ({ page }) => {
  await page.goto("/case-studies/")
  await field(page).fill("NÉGOCIANTS")
  await expect(cards(page)).toHaveCount(1)
  await expect(cards(page).first()).toContainText(readContent("case-studies/wine.json").title)
  await field(page).fill("hotels & resorts")
  await expect(cards(page)).toHaveCount(1)
})

test("opening /case-studies?q=watch directly shows the watches case only", async ({ page }) => {
  for (const url of ["/case-studies/?q=watch", "/case-studies?q=watch"]) {
    await page.goto(url)
    await expect(cards(page)).toHaveCount(1)
    await expect(cards(page).first()).toContainText(watches.title)
    await expect(field(page)).toHaveValue("watch")
  }
})

test("back and forward restore earlier searches", async ({ page }) => {
  await page.goto("/case-studies/")
  await field(page).fill("watch")
  await expect(page).toHaveURL(/\?q=watch$/)
  await field(page).fill("hotel")
  await expect(page).toHaveURL(/\?q=hotel$/)
  await expect(cards(page)).toHaveCount(1)

  await page.goBack()
  await expect(page).toHaveURL(/\?q=watch$/)
  await expect(field(page)).toHaveValue("watch")
  await expect(cards(page).first()).toContainText(watches.title)
  await page.goBack()
  await expect(page).toHaveURL(/\/case-studies\/$/)
  await expect(field(page)).toHaveValue("")
  await expect(cards(page)).toHaveCount(6)
  await page.goForward()
  await expect(field(page)).toHaveValue("watch")
  await expect(cards(page)).toHaveCount(1)
})

test("a search with no match says so and offers to reset", async ({ page }) => {
  await page.goto("/case-studies/")
  await field(page).fill("submarines")
  await expect(cards(page)).toHaveCount(0)
  await expect(page.getByText("No case study matches “submarines”.")).toBeVisible()
  await page.getByRole("button", { name: listPage.search.reset }).click()
  await expect(cards(page)).toHaveCount(6)
  await expect(field(page)).toHaveValue("")
  await expect(field(page)).toBeFocused()
  await expect(page).toHaveURL(/\/case-studies\/$/)
})

test.describe("without JavaScript", () => {
  test.use({ javaScriptEnabled: false })

  test("the list shows all six and the field submits to the same URL", async ({ page }) => {
    await page.goto("/case-studies/")
    await expect(cards(page)).toHaveCount(6)
    await field(page).fill("watch")
    await field(page).press("Enter")
    await expect(page).toHaveURL(/\/case-studies\/\?q=watch$/)
    await expect(cards(page)).toHaveCount(6)
  })
})
