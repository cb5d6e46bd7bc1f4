/**
 * What the admin records when a saved study is given a new slug (cms/former-keys.ts): its slug of
 * before joins its former slugs, from the file as saved (the form keeps no copy of them that could be
 * stale), and a slug taken back leaves the list. The check of a draft and Decap's preSave both use it.
 */
import { describe, expect, it } from "vitest"
import { keyMoves, recordedFormerKeys } from "../../cms/former-keys"

const WINE = "case-studies/wine.json"
const saved = (english: object) => JSON.stringify({ en: english, fr: {} })

describe("a study's slugs of before, as a save records them", () => {
  it("adds the slug saved until now when the draft changes it, and says where the study moves", () => {
    const text = saved({ slug: "wine", title: "Wine" })
    expect(keyMoves(WINE, text, { slug: "grands-vins" })).toEqual([{ field: "slug", from: "wine", to: "grands-vins" }])
    expect(recordedFormerKeys(WINE, text, { slug: "grands-vins" })).toEqual({ formerSlugs: ["wine"] })
  })

  it("keeps the saved list over the form's stale copy, and takes a slug taken back off it", () => {
    const text = saved({ slug: "grands-vins", formerSlugs: ["wine"] })
    expect(recordedFormerKeys(WINE, text, { slug: "grands-vins", formerSlugs: [] })).toEqual({ formerSlugs: ["wine"] })
    expect(recordedFormerKeys(WINE, text, { slug: "grands-vins", formerSlugs: ["wine"] })).toEqual({})
    expect(recordedFormerKeys(WINE, text, { slug: "wine", formerSlugs: [] })).toEqual({ formerSlugs: ["grands-vins"] })
    expect(recordedFormerKeys(WINE, text, { slug: "cellars" })).toEqual({ formerSlugs: ["wine", "grands-vins"] })
  })

  it("records nothing for a study not saved yet, or a file with no former keys", () => {
    expect(recordedFormerKeys("case-studies/new.json", undefined, { slug: "new" })).toEqual({})
    expect(keyMoves("case-studies/new.json", undefined, { slug: "new" })).toEqual([])
    expect(recordedFormerKeys("home/hero.json", saved({ eyebrow: "A" }), { eyebrow: "B" })).toEqual({})
  })
})
