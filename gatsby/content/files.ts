/**
 * Reading the shipped content/ (or a copy of it) in scripts and tests, as the site reads it: a file's
 * document in one language (model/localized-content.ts), so a test checks the page against what
 * editors wrote.
 */
import fs from "node:fs"
import path from "node:path"
import { inCaseOrder } from "../../model/case-order"
import { DEFAULT_LOCALE, type Locale } from "../../model/locales"
import { inLocale } from "../../model/localized-content"
import { contentTypeOf } from "../../model/registry"
import { contentOf } from "../../model/schemas"
import { CONTENT_DIR } from "../paths"

/** One content file as it is on disk: { "$schema", "en", "fr" }. */
// Tests read whichever shape they check; the schemas vouch for it (test/content/).
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export function readContentFile<T = any>(relative: string, root = CONTENT_DIR): T {
  return JSON.parse(fs.readFileSync(path.join(root, relative), "utf8")) as T
}

/** One content file's document in a language (English by default), by its path under content/. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export function readContent<T = any>(relative: string, locale: Locale = DEFAULT_LOCALE, root = CONTENT_DIR): T {
  const type = contentTypeOf(relative)
  if (!type) throw new Error(`content/${relative} is not a content file`)
  const file = readContentFile<Record<string, unknown>>(relative, root)
  return contentOf(inLocale(type.schema, file[DEFAULT_LOCALE], file[locale], locale).document as object) as T
}

/** The case study files, as their paths under content/. */
export const caseStudyFiles = (root = CONTENT_DIR): string[] =>
  fs
    .readdirSync(path.join(root, "case-studies"))
    .filter((file) => file.endsWith(".json"))
    .sort()
    .map((file) => `case-studies/${file}`)

/** Every case study in a language, in the site's order. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export const caseStudiesInOrder = <T extends { order: number } = any>(
  locale: Locale = DEFAULT_LOCALE,
  root = CONTENT_DIR,
): T[] => inCaseOrder(caseStudyFiles(root).map((file) => readContent<T>(file, locale, root)))
