/**
 * The CMS's content format: a save rewrites only what the editor changed. Decap holds an entry's keys
 * in whatever order its maps keep them and hands the format each language's document ({ en, fr },
 * Decap's single_file i18n) with the file's top-level field names; every content file, its keys
 * reversed throughout, must come back byte for byte, `$schema` included, and one edited field must
 * change one line.
 */
import fs from "node:fs"
import path from "node:path"
import { ENTRY_CHECK } from "../../cms/shared"
import { describe, expect, it } from "vitest"
import { cmsConfig } from "../../cms/config"
import { type DocumentTree, contentJsonFormat, fieldTrees } from "../../cms/format"
import { CONTENT_TYPES } from "../../model/registry"
import { CONTENT_DIR } from "../../build-steps/paths"
import { caseStudyFiles } from "../support/content-files"
import { configuredFields } from "./decap-props"

const config = cmsConfig("https://example.com")
const format = contentJsonFormat(fieldTrees(config.collections))

/** Every content file with the top-level field names Decap hands the format when saving it. */
function savedFiles(): Array<{ file: string; sortedKeys: string[] }> {
  return CONTENT_TYPES.flatMap((type) => {
    const sortedKeys = configuredFields(type.location).map((field) => field.name)
    const files = type.kind === "folder" ? caseStudyFiles() : [type.location]
    return files.map((file) => ({ file, sortedKeys }))
  })
}

/** What Decap hands the format for a file: each language's document, without the file's `$schema`. */
const asDecapHoldsIt = (text: string) => {
  const { $schema: _schema, ...languages } = format.fromFile(text) as Record<string, Record<string, unknown>>
  return languages
}

/** The same data with every object's keys in reverse order, as Decap's maps may hold them. */
const reversed = (value: unknown): unknown =>
  Array.isArray(value)
    ? value.map(reversed)
    : value && typeof value === "object"
      ? Object.fromEntries(
          Object.entries(value)
            .reverse()
            .map(([key, item]) => [key, reversed(item)]),
        )
      : value

/** The lines of `after` that differ from `before`, which has as many. */
const changedLines = (before: string, after: string) => {
  const [old, now] = [before.split("\n"), after.split("\n")]
  expect(now).toHaveLength(old.length)
  return now.filter((line, index) => line !== old[index])
}

describe("the CMS's content format", () => {
  it("covers every content file", () => {
    expect(savedFiles()).toHaveLength(CONTENT_TYPES.length - 1 + caseStudyFiles().length)
  })

  it.each(savedFiles())(
    "writes $file back byte for byte, whatever order the CMS holds its keys in",
    ({ file, sortedKeys }) => {
      const text = fs.readFileSync(path.join(CONTENT_DIR, file), "utf8")
      expect(format.toFile(reversed(asDecapHoldsIt(text)), sortedKeys)).toBe(text)
    },
  )

  it.each(savedFiles())("changes one line of $file when one French text is edited", ({ file, sortedKeys }) => {
    const text = fs.readFileSync(path.join(CONTENT_DIR, file), "utf8")
    const data = asDecapHoldsIt(text)
    const [key] = Object.entries(data.fr).find(([, value]) => typeof value === "string")!
    const edited = format.toFile(
      reversed({ ...data, fr: { ...data.fr, [key]: `${String(data.fr[key])} (modifié)` } }),
      sortedKeys,
    )
    expect(changedLines(text, edited)).toEqual([expect.stringContaining("(modifié)")])
  })

  it("orders objects with the same keys by their own place: the hero's claims and the team's facts", () => {
    const hero = fs.readFileSync(path.join(CONTENT_DIR, "home/hero.json"), "utf8")
    const about = fs.readFileSync(path.join(CONTENT_DIR, "home/about.json"), "utf8")
    const keysOf = (text: string, list: string) =>
      Object.keys((JSON.parse(text) as { en: Record<string, object[]> }).en[list][0])
    expect(keysOf(hero, "claims")).toEqual(["value", "label"])
    expect(keysOf(about, "facts")).toEqual(["label", "value"])
    const aboutKeys = savedFiles().find(({ file }) => file === "home/about.json")!.sortedKeys
    expect(keysOf(format.toFile(reversed(asDecapHoldsIt(about)), aboutKeys), "facts")).toEqual(["label", "value"])
  })

  it("keeps keys it does not know after the known ones, and reads what it writes", () => {
    const documents: DocumentTree[] = [
      { schema: "../schemas/x.schema.json", fields: [{ name: "slug" }, { name: "title" }] },
    ]
    const written = contentJsonFormat(documents).toFile(
      { fr: { title: "t fr" }, en: { extra: 1, title: "t", slug: "a" } },
      ["slug", "title"],
    )
    expect(Object.keys(JSON.parse(written))).toEqual(["$schema", "en", "fr"])
    expect(Object.keys((JSON.parse(written) as { en: object }).en)).toEqual(["slug", "title", "extra"])
    // Each language's document as the form holds it: with the form's check field at its one value.
    const check = { [ENTRY_CHECK.name]: ENTRY_CHECK.widget }
    const read = format.fromFile(written)
    expect(read).toEqual({
      $schema: "../schemas/x.schema.json",
      en: { slug: "a", title: "t", extra: 1, ...check },
      fr: { title: "t fr", ...check },
    })
    // Which no file holds: handed back by language, as Decap hands them, it is the same file.
    const { $schema: _schema, ...languages } = read as Record<string, unknown>
    expect(contentJsonFormat(documents).toFile(languages, ["slug", "title"])).toBe(written)
  })
})
