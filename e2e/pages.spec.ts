import { expect, test } from "./fixtures"
import { readContent, settings, settingsIn } from "../test/support/content"

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
    await expect(book).toHaveAttribute("href", "/book-demo/schedule/")
    await expect(book).toHaveAttribute("target", "_blank")
    await expect(book).toHaveAttribute("rel", "noopener")
    await expect(book).toHaveAttribute("referrerpolicy", "same-origin")

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

/**
 * Book a Demo from the demo page, as a visitor meets it: the site's own address, answered by the host
 * with a redirect to the scheduler, in a new window. The tests are offline, so the scheduler never
 * answers: what is looked at is the window's way there and what each side was told.
 */
for (const javaScriptEnabled of [true, false]) {
  test.describe(`Book a Demo to the scheduler${javaScriptEnabled ? "" : ", without JavaScript"}`, () => {
    test.use({ javaScriptEnabled })

    for (const [locale, prefix] of [
      ["en", ""],
      ["fr", "/fr"],
    ] as const) {
      test(`${locale}: goes through the site's address to the scheduler, in a new window; the scheduler is told no page of the site`, async ({
        page,
        context,
        baseURL,
      }) => {
        const scheduler = settingsIn(locale).schedulingUrl
        const reached = context.waitForEvent("request", (request) => request.url() === scheduler)
        await page.goto(`${prefix}/book-demo/?from=/case-studies/wine/`)
        const [popup] = await Promise.all([
          context.waitForEvent("page"),
          page.locator('a[href$="/book-demo/schedule/"]').click(),
        ])
        const arrival = await reached
        expect(arrival.frame().page()).toBe(popup)
        expect(arrival.isNavigationRequest()).toBe(true)
        // The site's host was asked first, and told the page it was followed from.
        const told = arrival.redirectedFrom()!
        expect(told.url()).toBe(`${baseURL}${prefix}/book-demo/schedule/`)
        expect(await told.headerValue("referer")).toBe(`${baseURL}${prefix}/book-demo/?from=/case-studies/wine/`)
        expect((await told.response())!.status()).toBe(302)
        // The scheduler is told nothing of it.
        expect(await arrival.headerValue("referer")).toBeNull()
        expect(page.url()).toBe(`${baseURL}${prefix}/book-demo/?from=/case-studies/wine/`)
      })
    }
  })
}

for (const [file, updated] of [
  ["privacy-policy", "December 2026"],
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
