/**
 * Translations that know their source (model/translations.ts, translation-sources.ts): what a save records, and what is then
 * to check or missing, on a real case study.
 */
import { describe, expect, it } from "vitest"
import { readContentFile } from "../support/content-files"
import { industriesSchema } from "../../model/schemas"
import { caseStudySchema } from "../../model/page-schemas"
import { isUntranslated, quotedText, toCheckMessage, translationStates } from "../../model/translations"
import { recordedSources, withRecord } from "../../model/translation-sources"

type Study = { en: Record<string, unknown> & { result: string[] }; fr: Record<string, unknown> & { result: string[] } }
const saved = readContentFile<Study>("case-studies/retail.json")
const edited = (change: (study: Study) => void): Study => {
  const copy = structuredClone(saved)
  change(copy)
  return copy
}
const newResult = ["The largest price gap between markets fell from 38% to 6% within two seasons.", ...saved.en.result.slice(1)]

/** The file as a save writes it: the draft with the record the save keeps. */
const afterSave = (before: unknown, draft: Study, confirmed = {}): Study => ({
  ...draft,
  en: withRecord(draft.en, recordedSources(caseStudySchema, before, draft, confirmed)) as Study["en"],
})

describe("a translation's source", () => {
  it("records nothing while every translation follows its English", () => {
    expect(recordedSources(caseStudySchema, saved, saved)).toBeUndefined()
    expect(translationStates(caseStudySchema, saved)).toEqual({ toCheck: [], missing: [] })
  })

  it("marks the French of one changed English text to check, with the English before and after", () => {
    const file = afterSave(saved, edited((study) => (study.en.result = newResult)))
    expect(file.en).toMatchObject({ translatedFrom: { fr: { result: saved.en.result } } })
    expect(translationStates(caseStudySchema, file).toCheck).toEqual([
      { locale: "fr", path: "result", segments: ["result"], before: saved.en.result, after: newResult },
    ])
  })

  it("marks nothing when both languages change in the same save", () => {
    const draft = edited((study) => {
      study.en.result = newResult
      study.fr.result = ["Le plus grand écart est passé de 38 % à 6 %.", ...saved.fr.result.slice(1)]
    })
    expect(recordedSources(caseStudySchema, saved, draft)).toBeUndefined()
  })

  it("keeps the English of before through later saves, and clears once the French is edited", () => {
    const first = afterSave(saved, edited((study) => (study.en.result = newResult)))
    const again = edited((study) => (study.en.result = [...newResult.slice(0, 3), "Reviewed monthly."]))
    const second = afterSave(first, { ...again, en: { ...again.en, translatedFrom: undefined } })
    // The English the French was made from, not the English of the save in between.
    expect(translationStates(caseStudySchema, second).toCheck[0]).toMatchObject({ before: saved.en.result })
    const translated = afterSave(second, { ...second, fr: { ...second.fr, result: ["Nouveau."] } } as Study)
    expect(translationStates(caseStudySchema, translated).toCheck).toEqual([])
    expect(translated.en).not.toHaveProperty("translatedFrom")
  })

  it("clears a translation confirmed still right against the English it has now, and only that one", () => {
    const first = afterSave(saved, edited((study) => (study.en.result = newResult)))
    expect(translationStates(caseStudySchema, afterSave(first, first, { fr: { result: newResult } })).toCheck).toEqual(
      [],
    )
    // Confirmed against an English since changed again: still to check.
    const changedAgain = { ...first, en: { ...first.en, result: ["Another figure."] } } as Study
    const file = afterSave(first, changedAgain, { fr: { result: newResult } })
    expect(translationStates(caseStudySchema, file).toCheck.map(({ path }) => path)).toEqual(["result"])
  })

  it("marks only the counterpart of the text changed, in a list of objects too", () => {
    const industries = readContentFile("home/industries.json")
    const draft = structuredClone(industries)
    draft.en.cards[1].title = "Hotels and Private Residences"
    const file = { ...draft, en: withRecord(draft.en, recordedSources(industriesSchema, industries, draft)) }
    expect(translationStates(industriesSchema, file).toCheck.map(({ path }) => path)).toEqual(["cards[1].title"])
  })

  it("is clear again when the English goes back to what the French was made from", () => {
    const first = afterSave(saved, edited((study) => (study.en.result = newResult)))
    const back = afterSave(first, { ...first, en: { ...first.en, result: saved.en.result } } as Study)
    expect(back.en).not.toHaveProperty("translatedFrom")
  })

  it("lists a study written in English only as missing its French, and records nothing for it", () => {
    const draft = edited((study) => (study.fr = {} as Study["fr"]))
    expect(recordedSources(caseStudySchema, undefined, draft)).toBeUndefined()
    const { missing } = translationStates(caseStudySchema, draft)
    expect(missing.map(({ path }) => path)).toContain("result")
    expect(missing.map(({ path }) => path)).toContain("summary.description")
    expect(missing.every(({ locale }) => locale === "fr")).toBe(true)
  })

  it("once the French of a new study is written, it follows its English", () => {
    const englishOnly = edited((study) => (study.fr = {} as Study["fr"]))
    expect(recordedSources(caseStudySchema, englishOnly, saved)).toBeUndefined()
  })
})

describe("a translation's source, at its edges", () => {
  it("quotes a text whole up to its length, a list's items joined, and cuts a longer one at a word's end", () => {
    expect(quotedText("Rose by 17%.")).toBe("“Rose by 17%.”")
    expect(quotedText(["One.", "Two."])).toBe("“One. / Two.”")
    expect(quotedText("a".repeat(90))).toBe(`“${"a".repeat(90)}”`)
    expect(quotedText(`${"a".repeat(88)} bcd`)).toBe(`“${"a".repeat(88)}…”`)
    expect(quotedText("abcdef", 4)).toBe("“abc…”")
    expect(
      toCheckMessage({ locale: "fr", path: "title", segments: ["title"], before: "Old", after: "New" }),
    ).toBe(
      "to check: its English changed since this French was made, from “Old” to “New”; edit the French, or confirm it still right (in the CMS, or by hand with a commit trailer: docs/editing.md)",
    )
  })

  it("holds a language untranslated only when every text in it is blank, lists included", () => {
    expect(isUntranslated(undefined)).toBe(true)
    expect(isUntranslated({ title: " ", result: ["", "  "], summary: { problem: "" } })).toBe(true)
    expect(isUntranslated({ title: "", result: ["", "Un résultat"] })).toBe(false)
    expect(isUntranslated(["", "x"])).toBe(false)
  })

  it("reads a record leniently: other languages, non-texts and a record that is none are left out", () => {
    const file = edited((study) => {
      study.en.result = newResult
      study.en.translatedFrom = { fr: { result: saved.en.result, title: 42 }, de: { result: ["x"] }, it: "x" }
    })
    expect(translationStates(caseStudySchema, file).toCheck).toEqual([
      { locale: "fr", path: "result", segments: ["result"], before: saved.en.result, after: newResult },
    ])
    const notARecord = edited((study) => (study.en.translatedFrom = ["fr"]))
    expect(translationStates(caseStudySchema, notARecord)).toEqual({ toCheck: [], missing: [] })
    expect(translationStates(caseStudySchema, null)).toEqual({ toCheck: [], missing: [] })
    expect(recordedSources(caseStudySchema, saved, null)).toBeUndefined()
    expect(withRecord("text", undefined)).toBe("text")
  })

  it("counts a French list with one blank item as written, and one all blank as missing", () => {
    const oneBlank = edited((study) => (study.fr.result = ["", ...saved.fr.result.slice(1)]))
    expect(translationStates(caseStudySchema, oneBlank).missing).toEqual([])
    const allBlank = edited((study) => (study.fr.result = saved.fr.result.map(() => " ")))
    expect(translationStates(caseStudySchema, allBlank).missing.map(({ path }) => path)).toEqual(["result"])
  })

  it("records against the English saved before a save that changed it, and nothing for a new file", () => {
    const draft = edited((study) => (study.en.result = newResult))
    expect(recordedSources(caseStudySchema, undefined, draft)).toBeUndefined()
    expect(recordedSources(caseStudySchema, saved, draft, { fr: { result: saved.en.result } })).toEqual({
      fr: { result: saved.en.result },
    })
    expect(recordedSources(caseStudySchema, saved, draft, { fr: { result: newResult } })).toBeUndefined()
  })
})
