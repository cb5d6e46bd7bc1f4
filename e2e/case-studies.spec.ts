import { expect, test } from "./fixtures"
import { caseStudies, readContent, settings, SPEC_METRICS } from "../test/support/content"
import { documentTitle } from "../src/seo/title"

const listPage = readContent("pages/case-studies.json")

test("the case list shows six cards with problem, solution and a link to each study", async ({ page }) => {
  await page.goto("/case-studies/")
  await expect(page).toHaveTitle(`${listPage.title} | ${settings.name}`)
  const cards = page.locator("main article")
  await expect(cards).toHaveCount(6)
  for (const study of caseStudies) {
    const card = cards.filter({ has: page.getByRole("heading", { name: study.title }) })
    await expect(card).toContainText(study.summary.problem)
    await expect(card).toContainText(study.summary.solution)
    await expect(card.getByRole("link", { name: `Read Full Case Study: ${study.title}` })).toHaveAttribute(
      "href",
      `/case-studies/${study.slug}/`,
    )
  }
  await cards.first().getByRole("link").click()
  await expect(page).toHaveURL(new RegExp(`/case-studies/${caseStudies[0].slug}/$`))
})

for (const study of caseStudies) {
  test(`case study ${study.slug} tells the whole story with the spec's metrics`, async ({ page }) => {
    await page.goto(`/case-studies/${study.slug}/`)
    // Signed with the short brand where the full one would run past what search results show.
    await expect(page).toHaveTitle(documentTitle(study.title, settings))
    expect(await page.title()).toMatch(new RegExp(`^${study.title} \\| Aurelle`))
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(study.title)
    const main = page.locator("main")
    await expect(main).toContainText(study.client)
    await expect(main).toContainText(study.situation)
    await expect(main).toContainText(study.task)
    await expect(page.getByRole("region", { name: "Action" }).getByRole("listitem")).toHaveText(study.action)
    await expect(page.getByRole("region", { name: "Result" }).getByRole("listitem")).toHaveText(study.result)

    const metrics = SPEC_METRICS[study.slug]
    const values = await page.locator("main dl dd").allTextContents()
    expect(values).toEqual([metrics.timeframe, metrics.dataPoints, metrics.competitors])

    await expect(page.getByRole("link", { name: "Book a Demo" }).last()).toHaveAttribute(
      "href",
      `/book-demo/?from=/case-studies/${study.slug}/`,
    )
    await page.getByRole("link", { name: "Back to Industries" }).click()
    await expect(page).toHaveURL(/\/case-studies\/$/)
  })
}

test("the stated results sit with the cases decisions.md assigns them to", async ({ page }) => {
  const expectations: Record<string, string[]> = {
    watches: ["95% counterfeit detection accuracy", "2,000+ counterfeit", "85%"],
    hotels: ["28%"],
    "real-estate": ["30%"],
    retail: ["99.5%"],
  }
  for (const [slug, phrases] of Object.entries(expectations)) {
    await page.goto(`/case-studies/${slug}/`)
    const results = page.getByRole("region", { name: "Result" })
    for (const phrase of phrases) await expect(results).toContainText(phrase)
  }
})
