import { expect, test } from "./fixtures"
import { readContent, settings } from "../test/support/content"

const industries = readContent("home/industries.json")
const services = readContent("home/services.json")
const about = readContent("home/about.json")

test.describe("home page", () => {
  test("shows every section in the spec's order with its content", async ({ page }) => {
    await page.goto("/")
    await expect(page).toHaveTitle(`${settings.name} | ${settings.tagline}`)
    await expect(page.locator("html")).toHaveAttribute("lang", "en")
    await expect(page.getByRole("heading", { level: 1 })).toContainText(readContent("home/hero.json").titleLead)

    const ids = await page.locator("main > section[id]").evaluateAll((sections) => sections.map((s) => s.id))
    expect(ids).toEqual(["home", "industries", "services", "process", "about", "contact"])
    await expect(page.locator("main + footer")).toBeVisible()

    for (const claim of ["1M+", "24/7", "Real-time"]) {
      await expect(page.locator("#home")).toContainText(claim)
    }
  })

  test("lists the six industries, each opening its case study by the mapping in content", async ({ page }) => {
    await page.goto("/")
    const cards = page.locator("#industries [data-industry]")
    await expect(cards).toHaveCount(6)
    const expected: Record<string, string> = {
      "luxury-retail": "retail",
      "hotels-resorts": "hotels",
      "wine-spirits": "wine",
      "travel-ota": "real-estate",
      cruises: "cruises",
      watches: "watches",
    }
    for (const [id, slug] of Object.entries(expected)) {
      const card = page.locator(`[data-industry="${id}"]`)
      await expect(card.getByRole("link")).toHaveAttribute("href", `/case-studies/${slug}/`)
      await expect(card.getByRole("listitem")).toHaveCount(3)
    }
    await expect(page.locator('[data-industry="travel-ota"] h3')).toHaveText("Real Estate")
    const strip = page.getByRole("region", { name: industries.chipsLabel })
    await expect(strip.locator('ul:not([aria-hidden="true"]) > li')).toHaveText(industries.chips)
    expect(industries.chips).toHaveLength(12)
    await expect(page.getByRole("heading", { name: "Don't see your industry?" })).toBeVisible()
    const external = page.getByRole("link", { name: `${industries.prompt.linkLabel} (opens in a new window)` })
    await expect(external).toHaveAttribute("href", settings.caseStudiesSiteUrl)
    await expect(external).toHaveAttribute("target", "_blank")
    await expect(external).toHaveAttribute("rel", "noopener noreferrer")
  })

  for (const card of industries.cards) {
    test(`the ${card.title} card opens the ${card.caseSlug} case study`, async ({ page }) => {
      await page.goto("/")
      await page.locator(`[data-industry="${card.id}"]`).getByRole("link").click()
      await expect(page).toHaveURL(new RegExp(`/case-studies/${card.caseSlug}/$`))
      await expect(page.getByRole("heading", { level: 1 })).toHaveText(
        readContent(`case-studies/${card.caseSlug}.json`).title,
      )
    })
  }

  test("shows six services with three features each and exactly one highlighted", async ({ page }) => {
    await page.goto("/")
    const cards = page.locator("#services li[data-highlighted]")
    await expect(cards).toHaveCount(6)
    for (const service of services.services) {
      const card = cards.filter({ has: page.getByRole("heading", { name: service.title, exact: true }) })
      await expect(
        card.getByRole("list", { name: `${services.featuresLabel}: ${service.title}` }).getByRole("listitem"),
      ).toHaveCount(3)
    }
    const highlighted = page.locator('#services li[data-highlighted="true"]')
    await expect(highlighted).toHaveCount(1)
    await expect(highlighted).toContainText("AI-Based Opportunity Spotting")
    await expect(highlighted).toContainText(services.highlightLabel)
  })

  test("shows the four process steps in order", async ({ page }) => {
    await page.goto("/")
    const steps = page.locator("#process ol > li h3")
    await expect(steps).toHaveText(["01 Discovery", "02 Collection", "03 Analysis", "04 Intelligence"])
  })

  test("presents the team with roles, badges, expertise and three profile links", async ({ page }) => {
    await page.goto("/")
    const section = page.locator("#about")
    await expect(section).toContainText("2020")
    await expect(section).toContainText("Geneva, Switzerland")
    for (const member of about.members) {
      const card = section.locator("article").filter({ has: page.getByRole("heading", { name: member.name }) })
      await expect(card).toContainText(member.role)
      await expect(card).toContainText(member.background)
      for (const badge of member.badges) await expect(card).toContainText(badge)
      await expect(
        card.getByRole("list", { name: `${about.expertiseLabel}: ${member.name}` }).getByRole("listitem"),
      ).toHaveCount(member.expertise.length)
    }
    const profiles = section.getByRole("link", { name: /on LinkedIn/ })
    const withProfile = about.members.filter((member: { profile?: string }) => member.profile)
    await expect(profiles).toHaveCount(withProfile.length)
    expect(withProfile.length).toBe(3)
    for (const member of withProfile) {
      const link = section.getByRole("link", { name: `${member.name} on LinkedIn (opens in a new window)` })
      await expect(link).toHaveAttribute("href", member.profile)
      await expect(link).toHaveAttribute("target", "_blank")
      await expect(link).toHaveAttribute("rel", "noopener noreferrer")
    }
  })

  test("shows the four team portraits", async ({ page }) => {
    await page.goto("/#about")
    const portraits = page.locator("#about picture img")
    await expect(portraits).toHaveCount(4)
    // Each described as its entry describes it.
    for (const member of readContent("home/about.json").members) {
      await expect(page.locator("#about").getByRole("img", { name: member.photoAlt, exact: true })).toHaveCount(1)
    }
    for (const portrait of await portraits.all()) {
      await portrait.scrollIntoViewIfNeeded()
      await expect
        .poll(() => portrait.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0))
        .toBe(true)
    }
    await expect(page.getByRole("img", { name: /no photo available/ })).toHaveCount(0)
  })

  test("shows the person icon when a portrait fails to load", async ({ page }) => {
    await page.route(/\/static\/.+\.(jpg|jpeg|png|webp|avif)$/, (route) => route.abort())
    await page.goto("/#about")
    for (const member of about.members) {
      await page.getByRole("heading", { name: member.name }).scrollIntoViewIfNeeded()
    }
    await expect(page.getByRole("img", { name: /no photo available/ })).toHaveCount(4)
    await expect(page.locator("#about picture img")).toHaveCount(0)
  })

  test("offers contact by email and Book a Demo, with no form", async ({ page }) => {
    await page.goto("/")
    const contact = page.locator("#contact")
    await expect(contact.getByRole("link", { name: settings.contactEmail })).toHaveAttribute(
      "href",
      `mailto:${settings.contactEmail}`,
    )
    await expect(contact).toContainText("Geneva, Switzerland")
    await expect(contact).toContainText("2 hours")
    await expect(contact.getByRole("link", { name: "Book a Demo" })).toHaveAttribute("href", "/book-demo/?from=/")
    await expect(page.locator("form")).toHaveCount(0)
  })

  test("has a footer with quick links, case studies, legal pages and the 2025 copyright", async ({ page }) => {
    await page.goto("/")
    const footer = page.locator("footer")
    const quick = footer.getByRole("navigation", { name: settings.footer.quickLinksTitle })
    await expect(quick.getByRole("link")).toHaveText(settings.navigation.map((item: { label: string }) => item.label))
    await expect(
      footer.getByRole("navigation", { name: settings.footer.caseStudiesTitle }).getByRole("link"),
    ).toHaveCount(6)
    await expect(footer.getByRole("link", { name: "Privacy Policy" })).toHaveAttribute("href", "/privacy-policy/")
    await expect(footer.getByRole("link", { name: "Terms of Service" })).toHaveAttribute("href", "/terms-of-service/")
    await expect(footer).toContainText(`© 2025 ${settings.name}`)
  })
})
