/**
 * Two editors on one entry, decided on values (cms/stale-save.ts): a save over a version someone
 * replaced is refused with who, when and what changed field by field in both languages; their version
 * taken keeps her edits where they touch other fields and sets aside the ones on theirs.
 */
import fs from "node:fs"
import path from "node:path"
import { describe, expect, it } from "vitest"
import {
  type EntryVersion,
  STALE_SAVE,
  documentsOf,
  draftBranch,
  fieldChanges,
  quoted,
  saveVerdict,
  takeTheirs,
} from "../../cms/stale-save"

const WINE = fs.readFileSync(path.resolve(__dirname, "../../content/case-studies/wine.json"), "utf8")
type File = { en: Record<string, unknown>; fr: Record<string, unknown> }
const wine = (): File => JSON.parse(WINE) as File
const text = (file: File) => `${JSON.stringify(file, null, 2)}\n`
const version = (file: File | null, author = "Aline Editor", at = "2026-12-07T10:40:00Z"): EntryVersion => ({
  text: file && text(file),
  commit: { author, at, message: "Update Case studies “wine”" },
})

describe("a save over the version the form opened", () => {
  it("writes when the file holds the same content, whatever its key order or formatting", () => {
    const reordered = wine()
    reordered.en = Object.fromEntries(Object.entries(reordered.en).reverse())
    const opened: EntryVersion = { text: WINE }
    expect(saveVerdict(opened, { text: WINE }).kind).toBe("current")
    expect(saveVerdict(opened, { text: JSON.stringify(reordered) }).kind).toBe("current")
    expect(saveVerdict({ text: null }, { text: null }).kind).toBe("current")
  })

  it("is refused when someone saved other content since, naming them, when, and each field in both languages", () => {
    const theirs = wine()
    theirs.en.title = "A cellar read by its buyers"
    theirs.fr.client = "Maison de Champagne"
    theirs.en.translatedFrom = { fr: { title: wine().en.title } }
    const verdict = saveVerdict({ text: WINE }, version(theirs))
    expect(verdict).toMatchObject({ kind: "stale", by: "Aline Editor", at: "2026-12-07T10:40:00Z" })
    if (verdict.kind !== "stale") return
    // The record a save writes itself is not an edit of theirs.
    expect(verdict.changes.map(({ where, before, after }) => [where, before, after])).toEqual([
      ["English › Title", wine().en.title, "A cellar read by its buyers"],
      ["French › Client", wine().fr.client, "Maison de Champagne"],
    ])
    expect(STALE_SAVE.change(verdict.changes[0])).toBe(
      `English › Title: “${String(wine().en.title)}” → “A cellar read by its buyers”`,
    )
    expect(STALE_SAVE.reason(verdict.by, verdict.at, new Date("2026-12-07T12:00:00Z"))).toBe(
      "Aline Editor saved this entry on Mon 7 Dec, 11:40, after you opened it",
    )
  })

  it("is refused when the file is gone, and when it was a file never read", () => {
    const gone = saveVerdict({ text: WINE }, { text: null, commit: version(null).commit })
    expect(gone).toMatchObject({ kind: "stale", by: "Aline Editor" })
    expect(saveVerdict({ text: null }, { text: WINE })).toMatchObject({
      kind: "stale",
      by: "Someone",
      at: undefined,
    })
  })

  it("compares documents without the form's check field, and a file that is no JSON as none", () => {
    const checked = wine()
    checked.fr.entryCheck = "entry-check"
    expect(documentsOf(text(checked)).fr).toEqual(wine().fr)
    expect(documentsOf("{ not json")).toEqual({})
    expect(documentsOf("[1, 2]")).toEqual({})
    expect(documentsOf("null")).toEqual({})
    expect(documentsOf(null)).toEqual({})
    expect(documentsOf(JSON.stringify({ en: "text", fr: { title: "T" } }))).toEqual({ fr: { title: "T" } })
  })

  it("is refused when one side has a file and the other none, even an empty one", () => {
    expect(saveVerdict({ text: null }, { text: "{}" }).kind).toBe("stale")
    expect(saveVerdict({ text: "{}" }, { text: null }).kind).toBe("stale")
  })

  it("reads a draft on Decap's branch of the entry", () => {
    expect(draftBranch("case-studies", "wine")).toBe("cms/case-studies/wine")
  })

  it("names a whole list by the form's label for it, taken away too; the fields a save writes are no one's edit", () => {
    const emptied = wine()
    delete emptied.en.result
    emptied.en.formerSlugs = ["bordeaux"]
    expect(fieldChanges(documentsOf(WINE), documentsOf(text(emptied))).map(({ where }) => where)).toEqual([
      "English › Results",
    ])
  })

  it("names a whole list by the form's label for it", () => {
    const changed = wine()
    changed.en.metrics = []
    expect(fieldChanges(documentsOf(WINE), documentsOf(text(changed))).map(({ where }) => where)).toEqual([
      "English › Metrics",
    ])
  })
})

describe("their version taken, her edits on top", () => {
  const opened = documentsOf(WINE)

  it("keeps her edits on fields they left, and theirs everywhere else", () => {
    const theirs = wine()
    theirs.en.title = "Their title"
    theirs.fr.summary = "Leur résumé"
    const mine = wine()
    mine.en.client = "My client"
    mine.fr.client = "Mon client"
    const taken = takeTheirs(opened, documentsOf(text(theirs)), documentsOf(text(mine)))
    expect(taken.documents.en).toMatchObject({ title: "Their title", client: "My client" })
    expect(taken.documents.fr).toMatchObject({ summary: "Leur résumé", client: "Mon client" })
    expect(taken.kept.map(({ where }) => where)).toEqual(["English › Client", "French › Client"])
    expect(taken.setAside).toEqual([])
    expect(STALE_SAVE.taken(taken.kept)).toBe(
      "Their version is in the form, with your edits to English › Client, French › Client on top; save when ready.",
    )
  })

  it("sets her edit aside where they changed the same field, unless both wrote the same", () => {
    const theirs = wine()
    theirs.en.title = "Their title"
    theirs.en.client = "Same client"
    const mine = wine()
    mine.en.title = "My title"
    mine.en.client = "Same client"
    const taken = takeTheirs(opened, documentsOf(text(theirs)), documentsOf(text(mine)))
    expect(taken.documents.en).toMatchObject({ title: "Their title", client: "Same client" })
    expect(taken.kept).toEqual([])
    expect(taken.setAside.map(STALE_SAVE.setAside)).toEqual([
      "Not kept: your English › Title, “My title”: they changed it too.",
    ])
    expect(STALE_SAVE.taken([])).toMatch(/^Their version is in the form\. Nothing of yours/)
  })

  it("gives no language a document neither side has", () => {
    const englishOnly = { en: wine().en } as unknown as File
    const mine = { en: { ...wine().en, client: "Mine" } } as unknown as File
    const taken = takeTheirs(documentsOf(text(englishOnly)), documentsOf(text(englishOnly)), documentsOf(text(mine)))
    expect(Object.keys(taken.documents)).toEqual(["en"])
    // Their French, written since she opened the English-only study, stays.
    const theirs = takeTheirs(documentsOf(text(englishOnly)), documentsOf(WINE), documentsOf(text(mine)))
    expect(theirs.documents.fr).toEqual(wine().fr)
  })

  it("keeps a field she emptied out, and leaves the fields a save writes itself as theirs", () => {
    const mine = wine()
    delete mine.en.metrics
    mine.en.translatedFrom = { fr: { title: "mine" } }
    const theirs = wine()
    theirs.en.translatedFrom = { fr: { title: "theirs" } }
    const taken = takeTheirs(opened, documentsOf(text(theirs)), documentsOf(text(mine)))
    expect(taken.documents.en).not.toHaveProperty("metrics")
    expect(taken.documents.en?.translatedFrom).toEqual({ fr: { title: "theirs" } })
    expect(taken.kept.map(({ field }) => field)).toEqual(["metrics"])
  })

  it("gives her French to an entry written in English first, and sets it aside where they took the French away", () => {
    const englishOnly = { en: wine().en } as unknown as File
    const theirs = { en: { ...wine().en, title: "Their title" } } as unknown as File
    const mine = { en: wine().en, fr: { title: "Mon titre" } } as unknown as File
    const first = takeTheirs(documentsOf(text(englishOnly)), documentsOf(text(theirs)), documentsOf(text(mine)))
    expect(first.documents).toEqual({ en: { ...wine().en, title: "Their title" }, fr: { title: "Mon titre" } })
    const frenchGone = takeTheirs(
      opened,
      documentsOf(text(englishOnly)),
      documentsOf(text({ ...wine(), fr: { ...wine().fr, title: "Mon titre" } })),
    )
    expect(frenchGone.setAside.map(({ where }) => where)).toEqual(["French › Title"])
  })
})

describe("a value as the refusal quotes it", () => {
  it("quotes a text, shortened past 80 characters, and names anything else by its kind", () => {
    expect(quoted("Short")).toBe("“Short”")
    expect(quoted("x".repeat(100))).toBe(`“${"x".repeat(79)}…”`)
    expect(quoted("x".repeat(80))).toBe(`“${"x".repeat(80)}”`)
    expect([undefined, null, ""].map(quoted)).toEqual(["nothing", "nothing", "nothing"])
    expect([3, true, [1], [1, 2], { a: 1 }].map(quoted)).toEqual(["3", "true", "1 item", "2 items", "a set of fields"])
  })
})
