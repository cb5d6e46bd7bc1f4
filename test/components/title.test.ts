import { describe, expect, it } from "vitest"
import { TITLE_MAX_LENGTH } from "../../model/behaviour"
import { documentTitle } from "../../src/seo/title"

const names = {
  name: "Aurelle Intelligence",
  shortName: "Aurelle",
  tagline: "Competitive intelligence for luxury houses",
}

describe("documentTitle", () => {
  it("gives the home page the brand and its tagline", () => {
    expect(documentTitle(undefined, names)).toBe("Aurelle Intelligence | Competitive intelligence for luxury houses")
  })

  it("signs a page title with the full brand when it fits", () => {
    expect(documentTitle("Book a Demo", names)).toBe("Book a Demo | Aurelle Intelligence")
  })

  it("signs with the short brand when the full one would run past the limit", () => {
    const title = "Repositioning Suite Fares for an Ultra-Luxury Cruise Line"
    expect(`${title} | ${names.name}`.length).toBeGreaterThan(TITLE_MAX_LENGTH)
    expect(documentTitle(title, names)).toBe(`${title} | Aurelle`)
  })

  it("leaves a title too long for any signature on its own", () => {
    const title = "A".repeat(TITLE_MAX_LENGTH - 3)
    expect(documentTitle(title, names)).toBe(title)
  })
})
