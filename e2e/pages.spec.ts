import { expect, test } from "./fixtures"
import { readContent, settings } from "../test/support/content"

const demo = readContent("pages/book-demo.json")

test.describe("demo page", () => {
  test("offers the scheduler in a new window, direct email, and the 24-hour commitment", async ({ page }) => {
    await page.goto("/book-demo/")
    await expect(page).toHaveTitle(`${demo.title} | ${settings.name}`)
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(demo.title)

    const schedule = page.getByRole("region", { name: "Schedule Your Demo" })
    await expect(schedule).toContainText("Recommended")
    await expect(schedule.getByRole("listitem")).toHaveText(demo.schedule.expectations)
    const book = schedule.getByRole("link", { name: "Book a Demo (opens in a new window)" })
    await expect(book).toHaveAttribute("href", settings.schedulingUrl)
    await expect(book).toHaveAttribute("target", "_blank")
    await expect(book).toHaveAttribute("rel", "noopener noreferrer")

    const direct = page.getByRole("region", { name: demo.direct.title })
    await expect(direct.getByRole("link", { name: settings.contactEmail })).toHaveAttribute(
      "href",
      `mailto:${settings.contactEmail}`,
    )
    await expect(direct).toContainText("within 2 hours during business hours")
    await expect(page.getByText("within 24 hours")).toBeVisible()

    await page.getByRole("link", { name: "Back to Home" }).click()
    await expect(page).toHaveURL(/\/$/)
    await expect(page.locator("#home")).toBeVisible()
  })

  test("answers at the spec's path without a trailing slash", async ({ page }) => {
    await page.goto("/book-demo")
    await expect(page).toHaveURL(/\/book-demo\/$/)
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(demo.title)
  })
})

for (const [file, updated] of [
  ["privacy-policy", "June 2025"],
  ["terms-of-service", "January 2025"],
] as const) {
  test(`${file} shows every section and its date`, async ({ page }) => {
    const legal = readContent(`pages/${file}.json`)
    await page.goto(`/${file}/`)
    await expect(page).toHaveTitle(`${legal.title} | ${settings.name}`)
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(legal.title)
    await expect(page.getByText(`Last updated: ${updated}`)).toBeVisible()
    await expect(page.locator("main h2")).toHaveText(
      legal.sections.map((section: { heading: string }) => section.heading),
    )
  })
}

test("the privacy policy covers collection, use, sharing, security, rights, contact and changes", async ({ page }) => {
  await page.goto("/privacy-policy/")
  const main = page.locator("main")
  for (const phrase of [
    "forms, demo bookings, newsletter subscriptions and requests",
    "Analytics information",
    "access",
    "correct",
    "delete",
    "opt out",
  ]) {
    await expect(main).toContainText(phrase)
  }
})

test("the terms carry the spec's liability cap, notice period and governing law", async ({ page }) => {
  await page.goto("/terms-of-service/")
  const main = page.locator("main")
  for (const phrase of [
    "Not investment advice",
    "Third-party data",
    "Data accuracy",
    "12 months",
    "30 days' written notice",
    "Swiss law",
    "Geneva",
    "arbitration",
  ]) {
    await expect(main).toContainText(phrase)
  }
})
