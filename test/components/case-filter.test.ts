import { describe, expect, it } from "vitest"
import { queryOf, searchUrl } from "../../src/navigation/url-query"
import { matchesQuery } from "../../src/components/case-study/case-filter"

const watches = {
  title: "Detecting Counterfeits at Scale for a Swiss Watchmaker",
  industry: "Watches",
  summary: { problem: "Counterfeits were spreading.", solution: "Image models scored each listing." },
}
const wine = {
  title: "Tracing Allocations for a Grand Cru Estate",
  industry: "Wine & Spirits",
  summary: { problem: "Allocations reappeared at auction.", solution: "Tracking across négociants and marketplaces." },
}

describe("case search", () => {
  it("matches title, industry, problem and solution, ignoring case", () => {
    expect(matchesQuery(watches, "WATCH")).toBe(true)
    expect(matchesQuery(wine, "watch")).toBe(false)
    expect(matchesQuery(wine, "spirits")).toBe(true)
    expect(matchesQuery(wine, "auction")).toBe(true)
    expect(matchesQuery(watches, "image models")).toBe(true)
  })

  it("ignores accents on either side", () => {
    expect(matchesQuery(wine, "negociants")).toBe(true)
    expect(matchesQuery(wine, "NÉGOCIANTS")).toBe(true)
    expect(matchesQuery(watches, "détecting")).toBe(true)
  })

  it("finds no word across the end of one field and the start of the next", () => {
    // The title ends with "Watchmaker", the industry is "Watches": no word "watchmakerwatches".
    expect(matchesQuery(watches, "watchmakerwatches")).toBe(false)
    expect(matchesQuery(watches, "watchmaker watches")).toBe(true)
  })

  it("needs every word to appear, and an empty query matches everything", () => {
    expect(matchesQuery(watches, "swiss counterfeits")).toBe(true)
    expect(matchesQuery(watches, "swiss wine")).toBe(false)
    expect(matchesQuery(wine, "   ")).toBe(true)
  })

  it("reads and writes the q parameter", () => {
    expect(queryOf("?q=grand%20cru")).toBe("grand cru")
    expect(queryOf("")).toBe("")
    expect(searchUrl("/case-studies/", " grand cru ")).toBe("/case-studies/?q=grand%20cru")
    expect(searchUrl("/case-studies/", "")).toBe("/case-studies/")
  })
})
