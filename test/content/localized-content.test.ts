/**
 * How a language's document is checked (model/localized-content.ts): each problem once, at its place.
 */
import * as z from "zod"
import { describe, expect, it } from "vitest"
import { TRANSLATABLE_META } from "../../model/locales"
import { localeDocumentIssues } from "../../model/localized-content"
import { jsonPath } from "../../model/problems"

const text = () => z.string().min(1, "must not be empty").meta({ [TRANSLATABLE_META]: true })
const schema = z.strictObject({
  title: text(),
  titleLead: text(),
  cards: z.array(z.strictObject({ id: z.string(), label: text() })),
})
const english = {
  title: "Title",
  titleLead: "Lead",
  cards: Array.from({ length: 11 }, (_, index) => ({ id: `c${index}`, label: `Card ${index}` })),
}
const french = {
  title: "Titre",
  titleLead: "Chapeau",
  cards: english.cards.map((_, index) => ({ label: `Carte ${index}` })),
}
const paths = (issues: { segments: readonly PropertyKey[] }[]) => issues.map(({ segments }) => jsonPath(segments))

describe("a language's document", () => {
  it("takes the shared fields from English and its texts from its own document", () => {
    const { document, issues } = localeDocumentIssues(schema, english, french, "fr")
    expect(issues).toEqual([])
    const { title, cards } = document as typeof english
    expect(title).toBe("Titre")
    expect(cards[0]).toEqual({ id: "c0", label: "Carte 0" })
  })

  it("leaves out only what lies under an English mistake, not a neighbour whose name or index begins alike", () => {
    const broken = { ...french, title: "", titleLead: "", cards: french.cards.map((card) => ({ ...card, label: "" })) }
    const englishIssues = [
      { segments: ["title"], message: "must not be empty" },
      { segments: ["cards", 1], message: "must not be empty" },
    ]
    const { issues } = localeDocumentIssues(schema, english, broken, "fr", englishIssues)
    expect(paths(issues)).toContain("titleLead")
    expect(paths(issues)).toContain("cards[10].label")
    expect(paths(issues)).not.toContain("title")
    expect(paths(issues)).not.toContain("cards[1].label")
  })
})
