/**
 * What the CMS refuses before saving and names before deleting (cms/entry-problems.ts): the build's
 * own check, run on the content as saved with the one change made, in every language, and its
 * problems as the form lists them (cms/app/entry-check.tsx).
 */
import fs from "node:fs"
import path from "node:path"
import { describe, expect, it } from "vitest"
import { problemsOfDeleting, problemsOfSaving } from "../../cms/entry-problems"
import { shownProblem } from "../../cms/app/entry-check/shown-problem"
import { CONTENT_DIR } from "../../build-steps/paths"
import { formatProblem } from "../../model/problems"

/** Every content file as saved: the shipped content/, by path under it, as text. */
function savedFiles(): Map<string, string> {
  const files = new Map<string, string>()
  const walk = (folder: string) => {
    for (const entry of fs.readdirSync(path.join(CONTENT_DIR, folder), { withFileTypes: true })) {
      const relative = folder ? `${folder}/${entry.name}` : entry.name
      if (entry.isDirectory() && relative !== "schemas") walk(relative)
      else if (entry.name.endsWith(".json"))
        files.set(relative, fs.readFileSync(path.join(CONTENT_DIR, relative), "utf8"))
    }
  }
  walk("")
  return files
}

const saved = savedFiles()
// Tests reach into whichever part of a file they change.
type File = Record<string, any>
const edited = (relative: string, change: (file: File) => void) => {
  const file = JSON.parse(saved.get(relative)!) as File
  change(file)
  return JSON.stringify(file, null, 2)
}
const lines = (relative: string, text: string, isNew = false) =>
  problemsOfSaving(saved, relative, text, isNew).map(formatProblem)

describe("saving an entry", () => {
  it("lets the shipped entries through as they are", () => {
    for (const relative of saved.keys()) expect(lines(relative, saved.get(relative)!), relative).toEqual([])
  })

  it("refuses an emptied French text, at its place in the French document", () => {
    const text = edited("case-studies/wine.json", (file) => (file.fr.task = ""))
    expect(lines("case-studies/wine.json", text)).toEqual([
      "content/case-studies/wine.json: fr.task: must not be empty",
    ])
  })

  it("refuses a French list that does not follow the English one", () => {
    const text = edited("home/industries.json", (file) => file.fr.chips.pop())
    expect(lines("home/industries.json", text)).toEqual([
      "content/home/industries.json: fr.chips: has 11 items where the English text has 12: each item of the list needs its French text, in the same order",
    ])
  })

  it("refuses a text too long, saying its length and the limit's reason", () => {
    const text = edited("case-studies/wine.json", (file) => (file.en.title = "t".repeat(71)))
    expect(lines("case-studies/wine.json", text)).toEqual([
      "content/case-studies/wine.json: en.title: must be at most 70 characters, it has 71: search results show a title whole up to 70 characters",
    ])
  })

  it("answers each state of an entry anew as the editor goes back and forth", () => {
    const relative = "case-studies/wine.json"
    const emptied = edited(relative, (file) => (file.fr.task = ""))
    const refused = ["content/case-studies/wine.json: fr.task: must not be empty"]
    expect(lines(relative, emptied)).toEqual(refused)
    expect(lines(relative, saved.get(relative)!)).toEqual([])
    expect(lines(relative, emptied)).toEqual(refused)
    const untitled = edited(relative, (file) => (file.en.title = ""))
    expect(lines(relative, untitled)).toEqual(["content/case-studies/wine.json: en.title: must not be empty"])
    expect(lines(relative, saved.get(relative)!)).toEqual([])
  })

  it("refuses a new study whose slug another study has", () => {
    const text = edited("case-studies/wine.json", (file) => (file.en.title = "Another wine study"))
    expect(lines("case-studies/wine.json", text, true)).toEqual([
      'content/case-studies/wine.json: en.slug: duplicate slug "wine": already used by content/case-studies/wine.json',
    ])
  })

  it("refuses a change that breaks another file, naming it", () => {
    const text = edited("case-studies/wine.json", (file) => (file.en.slug = "wines"))
    const cards = JSON.parse(saved.get("home/industries.json")!).en.cards as Array<{ caseSlug: string }>
    const index = cards.findIndex((card) => card.caseSlug === "wine")
    expect(lines("case-studies/wine.json", text)).toEqual([
      'content/case-studies/wine.json: en.slug: must match the file name, as the page\'s address is both: the file is "wine.json" and the slug "wines"; rename the file to "wines.json", set the slug to "wine", or, to move the study to a new address, add "wine" to formerSlugs',
      expect.stringMatching(
        new RegExp(
          `^content/home/industries\\.json: en\\.cards\\[${index}\\]\\.caseSlug: no case study has the slug "wine"`,
        ),
      ),
    ])
    const pointing = edited("home/industries.json", (file) => (file.en.cards[0].caseSlug = "nowhere"))
    expect(lines("home/industries.json", pointing)).toEqual([
      expect.stringMatching(
        /^content\/home\/industries\.json: en\.cards\[0\]\.caseSlug: no case study has the slug "nowhere"/,
      ),
    ])
  })

  it("does not hold an editor to a problem another file already had", () => {
    const broken = new Map(saved)
    broken.set(
      "case-studies/watches.json",
      edited("case-studies/watches.json", (file) => (file.fr.title = "")),
    )
    expect(problemsOfSaving(broken, "case-studies/wine.json", saved.get("case-studies/wine.json")!, false)).toEqual([])
  })
})

describe("deleting an entry", () => {
  it("names the entries that point to it, field by field", () => {
    const cards = JSON.parse(saved.get("home/industries.json")!).en.cards as Array<{ caseSlug: string }>
    const index = cards.findIndex((card) => card.caseSlug === "wine")
    const links = problemsOfDeleting(saved, "case-studies/wine.json")
    expect(links.map((link) => `${link.file}: ${link.path}`)).toEqual([
      `content/home/industries.json: en.cards[${index}].caseSlug`,
    ])
    expect(links.map((link) => shownProblem(link, "content/case-studies/wine.json").where)).toEqual([
      `Industries › Cards › #${index + 1} › Case slug`,
    ])
  })

  it("names nothing for a study nothing points to", () => {
    const extra = new Map(saved)
    extra.set(
      "case-studies/wine-reserve.json",
      edited("case-studies/wine.json", (file) => (file.en.slug = "wine-reserve")),
    )
    expect(problemsOfDeleting(extra, "case-studies/wine-reserve.json")).toEqual([])
  })
})

describe("a problem as the form lists it", () => {
  it("names the field in the form's words, on the side where it is", () => {
    const own = "content/case-studies/wine.json"
    expect(shownProblem({ file: own, path: "fr.action[1]", message: "must not be empty" }, own)).toEqual({
      locale: "fr",
      where: "Actions › #2",
      message: "must not be empty",
      labels: ["Actions"],
    })
    expect(shownProblem({ file: own, path: "en.metrics.timeframe", message: "m" }, own)).toMatchObject({
      locale: "en",
      where: "Metrics › Timeframe",
      labels: ["Metrics", "Timeframe"],
    })
    // In another entry: named, with no field of this form to go to.
    expect(
      shownProblem({ file: "content/home/industries.json", path: "en.cards[2].caseSlug", message: "m" }, own),
    ).toMatchObject({ where: "Industries › Cards › #3 › Case slug", labels: [] })
  })
})
