/**
 * What a save adds to the English document (cms/on-save.ts), from the form as Decap holds it: each
 * language with its check field, a translation confirmed still right in the French one's value.
 */
import { describe, expect, it } from "vitest"
import { confirmedIn, confirmedValue, fieldsOfSave, withSavedFields } from "../../cms/on-save"
import { ENTRY_CHECK } from "../../cms/shared"
import { readContentFile } from "../support/content-files"

const WINE = "case-studies/wine.json"
const file = readContentFile("case-studies/wine.json")
const savedText = JSON.stringify(file)
const form = (change: (draft: typeof file) => void, frenchCheck: string = ENTRY_CHECK.widget, base = file) => {
  const draft = structuredClone(base)
  change(draft)
  return {
    en: { ...draft.en, [ENTRY_CHECK.name]: ENTRY_CHECK.widget },
    fr: { ...draft.fr, [ENTRY_CHECK.name]: frenchCheck },
  }
}

describe("a save's own fields", () => {
  it("adds nothing when the form changes no English a translation was made from", () => {
    expect(
      fieldsOfSave(
        WINE,
        savedText,
        form(() => undefined),
      ),
    ).toEqual({})
    expect(
      fieldsOfSave(
        WINE,
        savedText,
        form((draft) => (draft.fr.title = "Un autre titre")),
      ),
    ).toEqual({})
  })

  it("records the English of before for the French left as it was, beside a slug the save moves", () => {
    const fields = fieldsOfSave(
      WINE,
      savedText,
      form((draft) => {
        draft.en.title = "Allocating a Grand Cru Across Four Continents"
        draft.en.slug = "grand-cru"
      }),
    )
    expect(fields).toEqual({ formerSlugs: ["wine"], translatedFrom: { fr: { title: file.en.title } } })
    const english = withSavedFields({ title: "New" }, fields) as Record<string, unknown>
    expect(english.translatedFrom).toEqual({ fr: { title: file.en.title } })
  })

  it("takes the record away once the French is confirmed against the English it has now", () => {
    const title = "Allocating a Grand Cru Across Four Continents"
    const recorded = { ...file, en: { ...file.en, title, translatedFrom: { fr: { title: file.en.title } } } }
    const saved = JSON.stringify(recorded)
    const value = confirmedValue({ title })
    expect(confirmedIn(value)).toEqual({ title })
    const fields = fieldsOfSave(
      WINE,
      saved,
      form(() => undefined, value, recorded),
    )
    expect(Object.keys(fields)).toEqual(["translatedFrom"])
    expect(withSavedFields({ title, translatedFrom: {} }, fields)).toEqual({ title })
    // Without the confirmation, the record stays as saved: nothing to change.
    expect(
      fieldsOfSave(
        WINE,
        saved,
        form(() => undefined, ENTRY_CHECK.widget, recorded),
      ),
    ).toEqual({})
    // The form's copy of the record is stale after a save: the saved one counts.
    expect(
      fieldsOfSave(
        WINE,
        saved,
        form((draft) => delete draft.en.translatedFrom, ENTRY_CHECK.widget, recorded),
      ),
    ).toEqual({
      translatedFrom: { fr: { title: file.en.title } },
    })
  })

  it("reads no confirmation from a check field holding anything else", () => {
    expect(confirmedIn(ENTRY_CHECK.widget)).toEqual({})
    expect(confirmedIn(`${ENTRY_CHECK.widget} not json`)).toEqual({})
    expect(confirmedIn(undefined)).toEqual({})
    expect(confirmedValue({})).toBe(ENTRY_CHECK.widget)
  })
})
