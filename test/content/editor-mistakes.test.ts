/**
 * What a new editor might type, run through the same validation as `npm run content:check` and the
 * build: each case is either refused with the file, the JSON path and the fix, or (photos, characters
 * the faces lack) built with a warning naming the file, the field and what is wrong.
 */
import fs from "node:fs"
import path from "node:path"
import sharp from "sharp"
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest"
import { formatProblem } from "../../model/problems"
import { validateContent } from "../../build-steps/content/validate"
import { contentFixture } from "./fixture"

const report = async (root: string) => {
  const { errors, warnings } = await validateContent(root)
  return { errors: errors.map(formatProblem), warnings: warnings.map(formatProblem) }
}

beforeEach(() => {
  // The day of the build, which dates are checked against.
  vi.useFakeTimers({ toFake: ["Date"] })
  vi.setSystemTime(new Date("2026-12-10T12:00:00Z"))
})
afterEach(() => vi.useRealTimers())

describe("content an editor may get wrong", () => {
  it("refuses a record of translations' sources that is wrong, naming the file, the language and the path in words", async () => {
    const fixture = contentFixture()
    const long = `${"cards[1].".repeat(20)}title`
    const shown = `${long.slice(0, 80)}…`
    fixture.edit("case-studies/wine.json", (data) => {
      data.translatedFrom = {
        fr: { tasks: 42, title: "x".repeat(20_000_000), [long]: "y", result: [7] },
        de: { title: "Ein Titel" },
      }
    })
    const { errors } = await report(fixture.root)
    const where = "content/case-studies/wine.json: en.translatedFrom"
    expect(errors).toEqual([
      `${where}.fr.tasks: "tasks" is no text of this file's English: the French texts are recorded by the path of an English text, like "title"`,
      `${where}.fr.title: the English the French text at "title" was made from must be at most 70 characters, it has 20000000: search results show a title whole up to 70 characters`,
      `${where}.fr.${shown}: "${shown}" is no text of this file's English: the French texts are recorded by the path of an English text, like "title"`,
      `${where}.fr.result: the English the French text at "result" was made from must be a text (or a list of texts, as the field holds), not a list`,
      `${where}.de: "de" is not a language the site translates into (French, "fr")`,
    ])
    fixture.edit("case-studies/wine.json", (data) => (data.translatedFrom = { fr: "Un titre" }))
    expect((await report(fixture.root)).errors).toEqual([
      `${where}.fr: must be an object: by the text's path, the English the French text was made from (it is a text)`,
    ])
    // Half a second here, a 20 MB text written and read twice: room for a host at half speed.
  }, 30_000)

  it("limits a former slug as it limits a slug", async () => {
    const fixture = contentFixture()
    fixture.edit("case-studies/wine.json", (data) => (data.formerSlugs = ["a".repeat(3000)]))
    expect((await report(fixture.root)).errors).toEqual([
      "content/case-studies/wine.json: en.formerSlugs[0]: must be at most 60 characters, it has 3000",
    ])
  })

  it("refuses a field written twice, naming both places, since JSON would keep only the last", async () => {
    const fixture = contentFixture()
    const source = fs.readFileSync(path.join(fixture.root, "home/process.json"), "utf8")
    fixture.writeRaw("home/process.json", source.replace('"eyebrow": "Process",', '"eyebrow": "Process",\n    "eyebrow": "Method",'))
    expect((await report(fixture.root)).errors).toEqual([
      "content/home/process.json: en.eyebrow: the field appears twice (line 4, column 5 and line 5, column 5); only the last would be kept: delete one of them",
    ])
  })

  it("finds a repeated field inside a list item by its JSON path", async () => {
    const fixture = contentFixture()
    const source = fs.readFileSync(path.join(fixture.root, "home/process.json"), "utf8")
    fixture.writeRaw("home/process.json", source.replace(/("number": "02",)/, '$1 "number": "03",'))
    expect((await report(fixture.root)).errors).toEqual([
      expect.stringMatching(/^content\/home\/process\.json: en\.steps\[1\]\.number: the field appears twice \(line \d+, column \d+ and line \d+, column \d+\)/),
    ])
  })

  it("refuses a byte-order mark at line 1, column 1 and says to remove it", async () => {
    const fixture = contentFixture()
    const source = fs.readFileSync(path.join(fixture.root, "home/contact.json"), "utf8")
    fixture.writeRaw("home/contact.json", `\uFEFF${source}`)
    expect((await report(fixture.root)).errors).toEqual([
      "content/home/contact.json: malformed JSON at line 1, column 1: the file begins with a byte-order mark (an invisible character some editors add); save it as UTF-8 without BOM",
    ])
  })

  it("refuses text made only of invisible characters", async () => {
    const fixture = contentFixture()
    fixture.edit("case-studies/watches.json", (data) => (data.title = "\u200B\u200B\u200B"))
    fixture.edit("home/hero.json", (data) => (data.rotatingWords[0] = "\u200D\u2060\uFEFF\u00AD"))
    expect((await report(fixture.root)).errors).toEqual([
      "content/case-studies/watches.json: en.title: must contain visible text: it holds only spaces or invisible characters (such as zero-width spaces)",
      "content/home/hero.json: en.rotatingWords[0]: must contain visible text: it holds only spaces or invisible characters (such as zero-width spaces)",
    ])
  })

  it("refuses a case study whose file name is not its slug, saying how to fix either", async () => {
    const fixture = contentFixture()
    fs.renameSync(path.join(fixture.root, "case-studies/watches.json"), path.join(fixture.root, "case-studies/timepieces.json"))
    expect((await report(fixture.root)).errors).toEqual([
      'content/case-studies/timepieces.json: en.slug: must match the file name, as the page\'s address is both: the file is "timepieces.json" and the slug "watches"; rename the file to "watches.json", set the slug to "timepieces", or, to move the study to a new address, add "timepieces" to formerSlugs',
    ])
  })

  it("takes a study moved to a new slug that keeps its file, and refuses an old address that leads two ways", async () => {
    const fixture = contentFixture()
    fixture.edit("case-studies/watches.json", (data) => {
      data.slug = "haute-horlogerie"
      data.formerSlugs = ["watches"]
    })
    // A card still pointing at the old slug stands for the study where it is now.
    expect((await report(fixture.root)).errors).toEqual([])

    fixture.edit("case-studies/wine.json", (data) => (data.formerSlugs = ["haute-horlogerie", "watches", "wine", "cellars", "cellars"]))
    expect((await report(fixture.root)).errors).toEqual([
      'content/case-studies/wine.json: en.formerSlugs[0]: "haute-horlogerie" is the slug of content/case-studies/watches.json, and an address leads to one entry only: remove it from formerSlugs, or give that entry another slug',
      'content/case-studies/wine.json: en.formerSlugs[1]: "watches" is in content/case-studies/watches.json\'s formerSlugs too, and an address of before leads to one entry only: remove it from one of them',
      'content/case-studies/wine.json: en.formerSlugs[2]: "wine" is this entry\'s slug now: remove it from formerSlugs',
      'content/case-studies/wine.json: en.formerSlugs[4]: "cellars" is listed twice: remove one',
    ])
  })

  it("refuses dates after the day of the build", async () => {
    const fixture = contentFixture()
    fixture.edit("case-studies/watches.json", (data) => (data.published = "2026-12-11"))
    fixture.edit("pages/privacy-policy.json", (data) => (data.lastUpdated = "June 9999"))
    fixture.edit("pages/terms-of-service.json", (data) => (data.lastUpdated = "December 2026"))
    expect((await report(fixture.root)).errors).toEqual([
      "content/case-studies/watches.json: en.published: must not be after today (2026-12-10): a case study is dated the day it is published",
      "content/pages/privacy-policy.json: en.lastUpdated: must not be after this month (December 2026)",
    ])
  })

  it("refuses dates and years before the founding year, and years after this one", async () => {
    const fixture = contentFixture()
    fixture.edit("case-studies/wine.json", (data) => (data.published = "2019-12-31"))
    fixture.edit("pages/terms-of-service.json", (data) => (data.lastUpdated = "May 2018"))
    fixture.edit("site/settings.json", (data) => (data.copyrightYear = 2019))
    expect((await report(fixture.root)).errors).toEqual([
      "content/site/settings.json: en.copyrightYear: must not be before the founding year (2020)",
    ])
    fixture.edit("site/settings.json", (data) => (data.copyrightYear = 2026))
    expect((await report(fixture.root)).errors).toEqual([
      "content/case-studies/wine.json: en.published: must not be before 2020, the founding year (foundingYear in content/site/settings.json)",
      "content/pages/terms-of-service.json: en.lastUpdated: must not be before 2020, the founding year (foundingYear in content/site/settings.json)",
    ])
    fixture.edit("site/settings.json", (data) => (data.foundingYear = 2027))
    expect((await report(fixture.root)).errors).toContain(
      "content/site/settings.json: en.foundingYear: must not be after this year (2026)",
    )
  })

  it("refuses a date in another century, as the CMS stores one typed with the keyboard, and asks for the calendar", async () => {
    const fixture = contentFixture()
    fixture.edit("case-studies/wine.json", (data) => (data.published = "1905-03-12"))
    expect((await report(fixture.root)).errors).toEqual([
      "content/case-studies/wine.json: en.published: 1905 is not a plausible year (nothing here is dated before 2000): pick the date with the calendar: a date typed in can be stored with a wrong year.",
    ])
  })

  it("refuses text longer than its place in the layout or in search results, saying by how much", async () => {
    const fixture = contentFixture()
    fixture.edit("case-studies/watches.json", (data) => (data.title = "Counterfeits ".repeat(154).trim()))
    fixture.edit("pages/book-demo.json", (data) => (data.description = "d".repeat(161)))
    fixture.edit("site/settings.json", (data) => (data.bookDemoLabel = "Book a demonstration with our Geneva analysts"))
    fixture.edit("site/settings.json", (data) => (data.tagline = "Competitive intelligence and AI analysis for every luxury house"))
    expect((await report(fixture.root)).errors).toEqual([
      "content/case-studies/watches.json: en.title: must be at most 70 characters, it has 2001: search results show a title whole up to 70 characters",
      "content/pages/book-demo.json: en.description: must be at most 160 characters, it has 161: search results cut a description after 160 characters",
      "content/site/settings.json: en.bookDemoLabel: must be at most 40 characters, it has 45: it must fit one line of a button, link, tag or label on a phone",
      'content/site/settings.json: en.tagline: with the name it makes the home page\'s title "Aurelle Intelligence | Competitive intelligence and AI analysis for every luxury house", 86 characters; search results show 70: shorten it by 16',
    ])
  })

  it("takes markup as plain text: it is shown literally, never run", async () => {
    const fixture = contentFixture()
    fixture.edit("case-studies/retail.json", (data) => (data.title = "x</script><script>alert(1)</script>"))
    expect(await report(fixture.root)).toEqual({ errors: [], warnings: [] })
  })

  it("warns, naming file, field and character, about characters the faces do not have", async () => {
    const fixture = contentFixture()
    fixture.edit("case-studies/watches.json", (data) => (data.client = "銀座の時計店 ⌚"))
    fixture.edit("home/hero.json", (data) => (data.rotatingWords[1] = "Hôtels→"))
    const { errors, warnings } = await report(fixture.root)
    expect(errors).toEqual([])
    expect(warnings).toEqual([
      'content/case-studies/watches.json: en.client: "銀" (U+9280), "座" (U+5EA7), "の" (U+306E), "時" (U+6642), "計" (U+8A08), "店" (U+5E97), "⌚" (U+231A) are not in the site\'s typefaces: they show in a fallback face on the page and as an empty box on the sharing image; type them differently or have the faces extended (src/styles/font-subset.ts)',
      'content/home/hero.json: en.rotatingWords[1]: "→" (U+2192) is not in the site\'s typefaces: it shows in a fallback face on the page and as an empty box on the sharing image; type it differently or have the faces extended (src/styles/font-subset.ts)',
    ])
  })

  it("warns about a team photo that is not an image, or too small, and shows the icon instead", async () => {
    const fixture = contentFixture()
    fs.writeFileSync(path.join(fixture.root, "images/team/amara-okafor.jpg"), "these are not the bytes of a photo")
    const small = await sharp({ create: { width: 300, height: 400, channels: 3, background: "#777" } }).jpeg().toBuffer()
    fs.writeFileSync(path.join(fixture.root, "images/team/julien-rochat.jpg"), small)
    const { errors, warnings } = await report(fixture.root)
    expect(errors).toEqual([])
    expect(warnings).toEqual([
      expect.stringMatching(
        /^content\/home\/about\.json: en\.members\[1\]\.photo: photo file "\.\.\/images\/team\/julien-rochat\.jpg" is 300 x 400 pixels; a portrait needs at least 720 x 900; the card shows the placeholder icon$/,
      ),
      expect.stringMatching(
        /^content\/home\/about\.json: en\.members\[2\]\.photo: photo file "\.\.\/images\/team\/amara-okafor\.jpg" is not an image that can be read \(.+\); the card shows the placeholder icon$/,
      ),
    ])
  })
})
