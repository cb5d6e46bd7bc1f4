/**
 * Every version within reach, decided on values (cms/entry-history.ts): a version compared with now
 * and restored field by field; a deleted study found by its file among the folder's commits and
 * restored with what publishing it does to its addresses and its calendar; and the addresses a build of
 * that restored study writes: its page answers (no 410), its addresses of before still lead to it.
 */
import fs from "node:fs"
import path from "node:path"
import { describe, expect, it } from "vitest"
import {
  type FolderCommit,
  RESTORE,
  deletedEntries,
  restorePlan,
  slugsHeld,
  versionLabel,
} from "../../cms/entry-history"
import { studyAddresses } from "../../build-steps/post-build/addresses"

const WINE = fs.readFileSync(path.resolve(__dirname, "../../content/case-studies/wine.json"), "utf8")
type File = { en: Record<string, unknown>; fr: Record<string, unknown> }
const wine = (): File => JSON.parse(WINE) as File
const text = (file: File) => `${JSON.stringify(file, null, 2)}\n`
const NOW = new Date("2026-12-07T12:00:00Z")
const none = new Set<string>()

describe("a version of an entry", () => {
  it("is listed with when (Zurich), who, and its commit's first line", () => {
    const commit = {
      sha: "a".repeat(40),
      author: "Aline Editor",
      at: "2026-12-07T10:40:00Z",
      message: "Content: update Case studies “wine”\n\nbody",
    }
    expect(versionLabel(commit, NOW)).toBe("Mon 7 Dec, 11:40 · Aline Editor · Content: update Case studies “wine”")
  })

  it("restored over the entry now sets each field that differs, in both languages, and empties the ones it lacks", () => {
    const then = wine()
    then.en.title = "The title of before"
    then.fr.client = "Le client d'avant"
    delete then.en.metrics
    const plan = restorePlan(text(then), WINE, { isStudy: true, slugsHeldElsewhere: none, now: NOW })
    expect(plan.fields).toEqual([
      { locale: "en", field: "title", value: "The title of before" },
      { locale: "en", field: "metrics", value: undefined },
      { locale: "fr", field: "client", value: "Le client d'avant" },
    ])
    expect(plan.changes.map(({ where }) => where)).toEqual(["English › Title", "English › Metrics", "French › Client"])
    expect(plan.notes).toEqual([])
  })

  it("that is the entry now restores nothing, and says so", () => {
    expect(restorePlan(WINE, WINE, { isStudy: true, slugsHeldElsewhere: none, now: NOW })).toEqual({
      fields: [],
      changes: [],
      notes: [RESTORE.same],
    })
  })
})

describe("a deleted case study", () => {
  const commit = (sha: string, files: Array<[string, string]>, parent?: string): FolderCommit => ({
    sha,
    author: "Camille Editor",
    at: "2026-12-01T09:00:00Z",
    message: `commit ${sha}`,
    parent,
    files: files.map(([file, status]) => ({ file, status })),
  })

  it("is found by its file among the folder's commits, newest deletion first, unless written again since", () => {
    const commits = [
      commit("c4", [["content/case-studies/hotels.json", "removed"]], "c3"),
      commit("c3", [["content/case-studies/retail.json", "added"]], "c2"),
      commit(
        "c2",
        [
          ["content/case-studies/retail.json", "removed"],
          ["content/case-studies/wine.json", "removed"],
        ],
        "c1",
      ),
      commit("c1", [["content/case-studies/notes.txt", "removed"]], "c0"),
      commit("c0", [["content/case-studies/wine.json", "added"]]),
    ]
    const present = new Set(["content/case-studies/retail.json"])
    expect(
      deletedEntries(commits, present).map(({ file, lastAt, deletedBy }) => [file, lastAt, deletedBy.sha]),
    ).toEqual([
      ["content/case-studies/hotels.json", "c3", "c4"],
      ["content/case-studies/wine.json", "c1", "c2"],
    ])
    // A file deleted in a history's first commit has no version to restore.
    expect(deletedEntries([commit("root", [["content/case-studies/x.json", "removed"]])], new Set())).toEqual([])
  })

  it("restored says its addresses answer again and lead from before, and asks for a window once its expiry passed", () => {
    const then = wine()
    then.en.formerSlugs = ["bordeaux"]
    then.en.expireAt = "2026-12-01T09:00:00+01:00"
    const plan = restorePlan(text(then), null, { isStudy: true, slugsHeldElsewhere: none, now: NOW })
    expect(plan.fields).toContainEqual({ locale: "en", field: "slug", value: "wine" })
    // Its former slugs come back with it, so its addresses of before lead to it as the note says.
    expect(plan.fields).toContainEqual({ locale: "en", field: "formerSlugs", value: ["bordeaux"] })
    expect(plan.changes.map(({ field }) => field)).not.toContain("formerSlugs")
    // Restored over the entry as it is, what its saves record is theirs to write again.
    expect(
      restorePlan(text(then), WINE, { isStudy: true, slugsHeldElsewhere: none, now: NOW }).fields,
    ).not.toContainEqual(expect.objectContaining({ field: "formerSlugs" }))
    expect(plan.fields).toContainEqual({ locale: "fr", field: "title", value: wine().fr.title })
    expect(plan.notes).toEqual([
      "Once published, its address /case-studies/wine/ and /fr/case-studies/wine/ answers again (no longer “gone”), and its addresses of before (/case-studies/bordeaux/) still lead to it.",
      "It came down on Tue 1 Dec, 09:00 (its Expire at): set a new Expire at, or clear it, before publishing, or it stays off the site.",
    ])
    const later = restorePlan(text({ ...then, en: { ...then.en, expireAt: "2027-01-01T09:00:00+01:00" } }), null, {
      isStudy: true,
      slugsHeldElsewhere: none,
      now: NOW,
    })
    expect(later.notes).toHaveLength(1)
  })

  it("restored with no address of before, or one not a slug, names only its own; an expiry reached this minute asks too", () => {
    const plain = restorePlan(WINE, null, { isStudy: true, slugsHeldElsewhere: none, now: NOW })
    expect(plain.notes).toEqual([
      "Once published, its address /case-studies/wine/ and /fr/case-studies/wine/ answers again (no longer “gone”).",
    ])
    const odd = wine()
    odd.en.formerSlugs = [42, "bordeaux"]
    odd.en.expireAt = NOW.toISOString()
    const notes = restorePlan(text(odd), null, { isStudy: true, slugsHeldElsewhere: none, now: NOW }).notes
    expect(notes[0]).toMatch(/its addresses of before \(\/case-studies\/bordeaux\/\) still lead to it\.$/)
    expect(notes[1]).toMatch(/^It came down on /)
  })

  it("of another kind, or with no slug, or an expiry that is no time, says nothing of addresses or windows", () => {
    const past = { ...wine(), en: { ...wine().en, expireAt: "2020-01-01T00:00:00Z" } }
    expect(restorePlan(text(past), null, { isStudy: false, slugsHeldElsewhere: none, now: NOW }).notes).toEqual([])
    const noSlug = { ...past, en: { ...past.en, slug: undefined } }
    expect(restorePlan(text(noSlug), null, { isStudy: true, slugsHeldElsewhere: none, now: NOW }).notes).toEqual([])
    const numbered = { ...wine(), en: { ...wine().en, expireAt: 2020 } }
    expect(restorePlan(text(numbered), null, { isStudy: true, slugsHeldElsewhere: none, now: NOW }).notes).toHaveLength(
      1,
    )
  })

  it("is known by its latest change: a file changed or written again after its deletion is none", () => {
    const commits = [
      commit(
        "c3",
        [
          ["content/case-studies/a.json", "added"],
          ["content/case-studies/b.json", "modified"],
        ],
        "c2",
      ),
      commit("c2", [["content/case-studies/a.json", "removed"]], "c1"),
    ]
    expect(deletedEntries(commits, new Set())).toEqual([])
  })

  it("moved from its file's name before its deletion, comes back at its slug's file, and is then no longer listed", () => {
    const moved = wine()
    moved.en.slug = "vintage"
    moved.en.formerSlugs = ["wine"]
    const file = "content/case-studies/wine.json"
    const plan = restorePlan(text(moved), null, { isStudy: true, slugsHeldElsewhere: none, now: NOW, file })
    // Its address taken meanwhile: a new slug is asked for, not where the old one would lead.
    expect(
      restorePlan(text(moved), null, { isStudy: true, slugsHeldElsewhere: new Set(["vintage"]), now: NOW, file }).notes,
    ).toEqual([RESTORE.slugTaken("vintage")])
    expect(plan.notes).toContain(
      "It comes back at content/case-studies/vintage.json, the file of its slug (it was content/case-studies/wine.json).",
    )
    expect(
      restorePlan(WINE, null, { isStudy: true, slugsHeldElsewhere: none, now: NOW, file }).notes.join(" "),
    ).not.toMatch(/comes back at/)
    // A version of a study still there is restored into its own form, at its own file.
    expect(
      restorePlan(text(moved), WINE, { isStudy: true, slugsHeldElsewhere: none, now: NOW, file }).notes.join(" "),
    ).not.toMatch(/comes back at/)
    const deletion = [commit("c2", [[file, "removed"]], "c1")]
    expect(deletedEntries(deletion, new Set())).toHaveLength(1)
    // Restored: the study of vintage.json holds wine as an address of before.
    const restored = new Map([["case-studies/vintage.json", text(moved)]])
    expect(deletedEntries(deletion, new Set(), slugsHeld(restored))).toEqual([])
  })

  it("takes none of the addresses other studies hold, their former ones included, nor reads another kind's", () => {
    const other = wine()
    other.en.slug = "hotels"
    other.en.formerSlugs = ["inns", 7]
    const files = new Map([
      ["case-studies/wine.json", WINE],
      ["case-studies/hotels.json", text(other)],
      ["case-studies/broken.json", "{ not json"],
      ["pages/home.json", JSON.stringify({ en: { slug: "home" } })],
    ])
    expect([...slugsHeld(files)].sort()).toEqual(["hotels", "inns", "wine"])
    expect([...slugsHeld(files, "case-studies/wine.json")].sort()).toEqual(["hotels", "inns"])
  })

  it("restored at an address another study holds now is told to take a new slug", () => {
    const plan = restorePlan(WINE, null, { isStudy: true, slugsHeldElsewhere: new Set(["wine"]), now: NOW })
    expect(plan.notes).toEqual([
      "Its address /case-studies/wine/ is another study's now: give it a new slug before saving.",
    ])
  })

  it("restored and published, a build serves its page with no 410, and 301s its addresses of before", () => {
    const history = { deleted: [{ file: "wine.json", addresses: ["wine", "bordeaux"], served: true }], warnings: [] }
    const pages = ["/case-studies/wine/", "/fr/case-studies/wine/"]
    // Before the restore: its addresses are gone for good.
    expect(studyAddresses([], pages, history).gone).toEqual([
      "/case-studies/bordeaux/",
      "/case-studies/wine/",
      "/fr/case-studies/bordeaux/",
      "/fr/case-studies/wine/",
    ])
    // The restored file, as its draft writes it: a study of now, holding both slugs.
    const restored = JSON.parse(text({ ...wine(), en: { ...wine().en, formerSlugs: ["bordeaux"] } })) as File
    const addresses = studyAddresses([restored.en as { slug: string; formerSlugs: string[] }], pages, history)
    expect(addresses.gone).toEqual([])
    expect(addresses.moved).toEqual([
      { from: "/case-studies/bordeaux/", to: "/case-studies/wine/" },
      { from: "/fr/case-studies/bordeaux/", to: "/fr/case-studies/wine/" },
    ])
  })
})
