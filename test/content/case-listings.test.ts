/**
 * The case list's pages (model/case-listings.ts): one page while the studies fit it, as the spec has
 * it; past that, pages of the list and of each industry, every study on exactly one page of each.
 */
import { describe, expect, it } from "vitest"
import { CASE_LIST_PAGE_SIZE, type ListedStudy, caseListings, industryKey } from "../../model/case-listings"
import { caseListRoute } from "../../model/routes"

const INDUSTRIES = ["Luxury Retail", "Hotels & Resorts", "Wine & Spirits", "Real Estate", "Cruises", "Watches"]

const studies = (count: number): ListedStudy[] =>
  Array.from({ length: count }, (_, index) => {
    const industry = INDUSTRIES[index % INDUSTRIES.length]
    // Listed out of order on purpose: the site's order is the `order` field.
    return { slug: `study-${count - index}`, order: count - index, industry, industryKey: industryKey(industry) }
  })

describe("the case list's pages", () => {
  it("are the one page of the spec while every study fits it", () => {
    for (const count of [1, 6, CASE_LIST_PAGE_SIZE]) {
      const listings = caseListings(studies(count))
      expect(listings).toHaveLength(1)
      expect(listings[0]).toMatchObject({ route: "/case-studies/", page: 1, pages: 1, total: count, industry: null })
      expect(listings[0].industries).toEqual([])
      expect(listings[0].slugs).toEqual(Array.from({ length: count }, (_, index) => `study-${index + 1}`))
    }
  })

  it("are pages of the list and of each industry past that, every study once in each, in the site's order", () => {
    const all = studies(500)
    const listings = caseListings(all)
    const ofAll = listings.filter(({ industry }) => industry === null)
    expect(ofAll.map(({ route }) => route)).toEqual([
      "/case-studies/",
      ...Array.from({ length: 41 }, (_, index) => `/case-studies/page/${index + 2}/`),
    ])
    expect(ofAll.flatMap(({ slugs }) => slugs)).toEqual(Array.from({ length: 500 }, (_, index) => `study-${index + 1}`))
    expect(ofAll.every(({ slugs, pages }) => slugs.length <= CASE_LIST_PAGE_SIZE && pages === 42)).toBe(true)
    const wine = listings.filter(({ industry }) => industry?.key === "wine-spirits")
    expect(wine[0].route).toBe("/case-studies/industry/wine-spirits/")
    expect(wine[1].route).toBe("/case-studies/industry/wine-spirits/page/2/")
    expect(wine.flatMap(({ slugs }) => slugs)).toHaveLength(wine[0].total)
    // The industries in the order of their first study.
    const inOrder = [...all].sort((a, b) => a.order - b.order).map((study) => study.industryKey)
    expect(wine[0].industries.map(({ key }) => key)).toEqual([...new Set(inOrder)])
    expect(wine[0].industries.reduce((sum, { count }) => sum + count, 0)).toBe(500)
    // No page is listed twice.
    expect(new Set(listings.map(({ route }) => route)).size).toBe(listings.length)
  })

  it("name an industry in addresses by its English name, accents and signs dropped", () => {
    expect(industryKey("Wine & Spirits")).toBe("wine-spirits")
    expect(industryKey("  Hôtellerie — Suisse ")).toBe("hotellerie-suisse")
    expect(caseListRoute("watches", 3)).toBe("/case-studies/industry/watches/page/3/")
    expect(caseListRoute(null, 1)).toBe("/case-studies/")
  })
})
