/**
 * Reading the shipped content/ (or a copy of it) in tests, as the site reads it: a file's document in
 * one language (build-steps/content/documents.ts), so a test checks the page against what editors wrote.
 */
import fs from "node:fs"
import path from "node:path"
import { inCaseOrder } from "../../model/case-order"
import { DEFAULT_LOCALE, type Locale } from "../../model/locales"
import { CASE_STUDIES } from "../../model/registry"
import { documentIn } from "../../build-steps/content/documents"
import { CONTENT_DIR } from "../../build-steps/paths"

/** One content file as it is on disk: { "$schema", "en", "fr" } (tests read whichever shape they check; the schemas vouch for it). */
export function readContentFile<T = any>(relative: string, root = CONTENT_DIR): T {
  return JSON.parse(fs.readFileSync(path.join(root, relative), "utf8")) as T
}

/** One content file's document in a language (English by default), by its path under content/. */
export function readContent<T = any>(relative: string, locale: Locale = DEFAULT_LOCALE, root = CONTENT_DIR): T {
  return documentIn<T>(relative, readContentFile(relative, root), locale)
}

/** The case study files, as their paths under content/. */
export const caseStudyFiles = (root = CONTENT_DIR): string[] =>
  fs
    .readdirSync(path.join(root, CASE_STUDIES.location))
    .filter((file) => file.endsWith(".json"))
    .sort()
    .map((file) => `${CASE_STUDIES.location}/${file}`)

/** Every case study in a language, in the site's order. */
export const caseStudiesInOrder = <T extends { order: number } = any>(
  locale: Locale = DEFAULT_LOCALE,
  root = CONTENT_DIR,
): T[] => inCaseOrder(caseStudyFiles(root).map((file) => readContent<T>(file, locale, root)))
