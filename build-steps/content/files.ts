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
import { CASE_STUDIES, contentTypeOf } from "../../model/registry"
import type { ContentSnapshot } from "../context"
import { contentOf } from "../../model/fields"
import { CONTENT_DIR } from "../paths"

/** One content file as it is on disk: { "$schema", "en", "fr" }. */
// Tests read whichever shape they check; the schemas vouch for it (test/content/).
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export function readContentFile<T = any>(relative: string, root = CONTENT_DIR): T {
  return JSON.parse(fs.readFileSync(path.join(root, relative), "utf8")) as T
}

/** A content file's document in a language, from the file as a whole. */
function documentIn<T>(relative: string, file: Record<string, unknown>, locale: Locale): T {
  const type = contentTypeOf(relative)
  if (!type) throw new Error(`content/${relative} is not a content file`)
  return contentOf(inLocale(type.schema, file[DEFAULT_LOCALE], file[locale], locale).document as object) as T
}

/** One content file's document in a language (English by default), by its path under content/. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export function readContent<T = any>(relative: string, locale: Locale = DEFAULT_LOCALE, root = CONTENT_DIR): T {
  return documentIn<T>(relative, readContentFile(relative, root), locale)
}

/** One content file's document in a language, as a build read it (build-steps/context.ts). */
export function contentIn<T>(content: ContentSnapshot, relative: string, locale: Locale = DEFAULT_LOCALE): T {
  const text = content.texts.get(relative)
  if (text === undefined) throw new Error(`${content.root}/${relative} is not in the content`)
  return documentIn<T>(relative, JSON.parse(text) as Record<string, unknown>, locale)
}

/** The case study files, as their paths under content/. */
export const caseStudyFiles = (root = CONTENT_DIR): string[] =>
  fs
    .readdirSync(path.join(root, CASE_STUDIES.location))
    .filter((file) => file.endsWith(".json"))
    .sort()
    .map((file) => `${CASE_STUDIES.location}/${file}`)

/** Every case study in a language, in the site's order. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export const caseStudiesInOrder = <T extends { order: number } = any>(
  locale: Locale = DEFAULT_LOCALE,
  root = CONTENT_DIR,
): T[] => inCaseOrder(caseStudyFiles(root).map((file) => readContent<T>(file, locale, root)))
