/**
 * Values written once in the content, shown in each language's way (src/i18n/format.ts): the French
 * page reads "6 mois", "2,5 M+", "juin 2025" and "Client :" where the English one reads "6 months",
 * "2.5M+", "June 2025" and "Client:".
 */
import { describe, expect, it } from "vitest"
import { duration, figure, labelled, monthYear, withColon } from "../../src/i18n/format"

describe("values shown in each language", () => {
  it("a month and year", () => {
    expect(monthYear("June 2025", "en")).toBe("June 2025")
    expect(monthYear("June 2025", "fr")).toBe("juin 2025")
    expect(monthYear("August 2024", "fr")).toBe("août 2024")
  })

  it("a duration, singular and plural, the number held to its unit in French", () => {
    expect(duration("6 months", "en")).toBe("6 months")
    expect(duration("6 months", "fr")).toBe("6\u00A0mois")
    expect(duration("1 week", "fr")).toBe("1\u00A0semaine")
    expect(duration("3 weeks", "fr")).toBe("3\u00A0semaines")
  })

  it("a figure, with the French decimal comma and a narrow no-break space before its unit", () => {
    expect(figure("2.5M+", "en")).toBe("2.5M+")
    expect(figure("2.5M+", "fr")).toBe("2,5\u202FM+")
    expect(figure("800K+", "fr")).toBe("800\u202FK+")
    expect(figure("300+", "fr")).toBe("300+")
  })

  it("a label and its value, with a no-break space before the French colon", () => {
    expect(withColon("Client", "en")).toBe("Client:")
    expect(withColon("Client", "fr")).toBe("Client\u00A0:")
    expect(labelled("Last updated", "June 2025", "en")).toBe("Last updated: June 2025")
    expect(labelled("Dernière mise à jour", "juin 2025", "fr")).toBe("Dernière mise à jour\u00A0: juin 2025")
  })
})
