/**
 * Every rule a set of content files must keep, checked on the files' text alone: each file is JSON, is
 * one the site knows and holds a document per language; each document keeps its content type's schema
 * (model/schemas.ts), in English and, for its texts, in every other language; keys are unique, a
 * folder's files are named by their key, references resolve and nothing is dated before the house.
 * The build runs it on content/ as read from disk (build-steps/content/validate.ts, which adds what needs
 * the disk: photos, unused files, the faces' characters); the CMS runs it on the saved files with the
 * entry being saved in place of its own (cms/app/entry-check/control.tsx), so it refuses what the build would.
 * Nothing here needs Node.
 */
import { visit } from "jsonc-parser"
import { zurichDay } from "../contracts/editors-time"
import { DEFAULT_LOCALE, LANGUAGE_NAMES_IN_ENGLISH, LOCALES, type Locale } from "./locales"
import { localeDocumentIssues } from "./localized-content"
import { type ContentProblem, type PathSegment, jsonPath, lineAndColumn } from "./problems"
import { CONTENT_TYPES, type ContentType, contentTypeOf } from "./registry"
import { schemaIssues } from "./schema-issues"
import { isUntranslated, mayWaitForTranslation, recordProblems } from "./translations"
import { TRANSLATED_FROM } from "./fields"
import { type ParsedFile, isSound } from "./parsed-file"
import { datedProblems } from "./content-dates"
import { crossFileProblems } from "./cross-file-check"
import { isRecord } from "../contracts/json"

/** Content files by their path under content/ ("case-studies/wine.json"), each as its text. */
export type ContentFiles = ReadonlyMap<string, string>

// What the build's checks beside these read of a file (build-steps/content/validate.ts).
export { type ParsedFile, isSound }

export interface ContentCheck {
  errors: ContentProblem[]
  /** The files that parse and hold an English document, for checks that read more than text. */
  parsed: ParsedFile[]
}

/**
 * The English document against its content type's schema; each other language's document for what it
 * may hold (its texts, in their places), then put together with the shared fields and checked as a
 * whole, its texts' problems reported at their place in that language's document.
 */
function schemaProblems(file: ParsedFile): ContentProblem[] {
  const { schema } = file.type
  const problem = (locale: Locale, segments: readonly PathSegment[], message: string): ContentProblem => ({
    file: file.file,
    path: jsonPath([locale, ...segments]),
    message,
  })
  // The record of translations' sources is checked on its own, in its own words (translations.ts).
  const english = [
    ...schemaIssues(schema, file.data).filter(({ segments }) => segments[0] !== TRANSLATED_FROM),
    ...recordProblems(schema, file.data),
  ]
  const found = english.map(({ segments, message }) => problem(DEFAULT_LOCALE, segments, message))
  for (const locale of LOCALES.filter((other) => other !== DEFAULT_LOCALE)) {
    const own = file.raw[locale]
    // A study published in English first: its translation is missing as a whole, a warning (validate.ts).
    if (own === undefined || (mayWaitForTranslation(file.type.kind) && isUntranslated(own))) continue
    // A mistake in English is reported once, not again through the French document that follows it.
    const { issues } = localeDocumentIssues(schema, file.data, own, locale, english)
    found.push(...issues.map(({ segments, message }) => problem(locale, segments, message)))
  }
  return found
}

/** What a file must hold at its top: a document per language, nothing else. */
function fileShapeProblems(raw: unknown, file: string, type: ContentType): ContentProblem[] {
  if (!isRecord(raw)) {
    return [{ file, path: "", message: 'expected a JSON object with a document per language: { "en": …, "fr": … }' }]
  }
  const problems: ContentProblem[] = Object.keys(raw)
    .filter((key) => key !== "$schema" && !LOCALES.includes(key as Locale))
    .map((key) => ({
      file,
      path: key,
      message: `unknown field: a content file holds one document per language (${LOCALES.map((locale) => `"${locale}"`).join(", ")}); move it into each language's document`,
    }))
  for (const locale of LOCALES) {
    if (raw[locale] === undefined && locale !== DEFAULT_LOCALE && mayWaitForTranslation(type.kind)) continue
    if (raw[locale] === undefined) {
      const role =
        locale === DEFAULT_LOCALE
          ? "the whole document, shared fields included"
          : "its texts, in the English document's places"
      problems.push({
        file,
        path: locale,
        message: `the ${LANGUAGE_NAMES_IN_ENGLISH[locale]} text is missing: add "${locale}", holding ${role}`,
      })
    } else if (!isRecord(raw[locale])) {
      problems.push({
        file,
        path: locale,
        message: `expected the ${LANGUAGE_NAMES_IN_ENGLISH[locale]} document as a JSON object`,
      })
    }
  }
  return problems
}

const BYTE_ORDER_MARK = "\uFEFF"

/** Keys an object holds twice: JSON.parse keeps the last silently, so the first edit would be lost. */
function duplicateKeys(source: string, file: string): ContentProblem[] {
  const objects: Array<Map<string, { line: number; column: number }>> = []
  const found: ContentProblem[] = []
  visit(source, {
    onObjectBegin: () => void objects.push(new Map()),
    onObjectEnd: () => void objects.pop(),
    onObjectProperty: (key, _offset, _length, line, character, parentPath) => {
      const keys = objects[objects.length - 1]
      const first = keys.get(key)
      const here = { line: line + 1, column: character + 1 }
      if (first) {
        found.push({
          file,
          path: jsonPath([...parentPath(), key]),
          message: `the field appears twice (line ${first.line}, column ${first.column} and line ${here.line}, column ${here.column}); only the last would be kept: delete one of them`,
        })
      } else {
        keys.set(key, here)
      }
    },
  })
  return found
}

function readContentFile(
  relative: string,
  source: string,
  label: string,
): { parsed?: ParsedFile; problems: ContentProblem[] } {
  const file = `${label}/${relative}`
  const type = contentTypeOf(relative)
  if (!type) {
    return { problems: [{ file, path: "", message: "not a known content file (see docs/editing.md)" }] }
  }
  if (source.startsWith(BYTE_ORDER_MARK)) {
    const message =
      "malformed JSON at line 1, column 1: the file begins with a byte-order mark (an invisible character some editors add); save it as UTF-8 without BOM"
    return { problems: [{ file, path: "", message }] }
  }
  try {
    const raw: unknown = JSON.parse(source)
    const problems = [...duplicateKeys(source, file), ...fileShapeProblems(raw, file, type)]
    if (!isRecord(raw) || !isRecord(raw[DEFAULT_LOCALE])) return { problems }
    return { parsed: { type, file, relative, raw, data: raw[DEFAULT_LOCALE] }, problems }
  } catch (error) {
    const reason = error instanceof Error ? error.message : String(error)
    const offset = /position (\d+)/.exec(reason)
    const where = offset ? lineAndColumn(source, Number(offset[1])) : undefined
    const plain = reason.replace(/ in JSON at position \d+.*$/, "")
    const message = `malformed JSON${where ? ` at line ${where.line}, column ${where.column}` : ""}: ${plain}`
    return { problems: [{ file, path: "", message }] }
  }
}

/** A file's own check (its text, its shape, its documents against the schemas) and the text it was of. */
interface OwnCheck {
  source: string
  /** The day it was checked on, which its dates are judged at. */
  day: string
  parsed?: ParsedFile
  problems: ContentProblem[]
}

/**
 * Each file's own check, kept while its text and the day stay the same: the CMS checks the whole content on
 * every edit of a refused entry, where one file changes from one check to the next, so a check costs
 * that file and the checks between files rather than every file again. The latest text of each file
 * is kept, nothing more; what is kept is never changed by the checks that read it.
 */
const ownChecks = new Map<string, OwnCheck>()

function ownCheck(relative: string, source: string, label: string, day: string): OwnCheck {
  const key = `${label}/${relative}`
  const known = ownChecks.get(key)
  if (known?.source === source && known.day === day) return known
  const { parsed, problems } = readContentFile(relative, source, label)
  const checked = {
    source,
    day,
    parsed,
    problems: parsed ? [...problems, ...schemaProblems(parsed), ...datedProblems(parsed, day)] : problems,
  }
  ownChecks.set(key, checked)
  return checked
}

/** How a check is made: how the folder is named in messages, and the time its dates are judged at. */
export interface CheckOptions {
  /** "content" unless named. */
  label?: string
  /** The build's clock (contracts/clock.ts), or the real time: its day in Zurich is "today". */
  now?: Date
}

/**
 * Checks a set of content files (every file under content/ but the JSON Schemas). Answers the errors,
 * one per problem, in a stable order: missing files, each file's own (by path), then those between
 * files.
 */
export function checkContentFiles(
  files: ContentFiles,
  { label = "content", now = new Date() }: CheckOptions = {},
): ContentCheck {
  const today = zurichDay(now.toISOString())
  const errors: ContentProblem[] = []
  const parsed: ParsedFile[] = []
  const present = [...files.keys()].sort()

  for (const type of CONTENT_TYPES) {
    if (type.kind === "single" && !files.has(type.location)) {
      errors.push({ file: `${label}/${type.location}`, path: "", message: "file is missing" })
    }
    if (type.kind === "folder" && !present.some((relative) => contentTypeOf(relative) === type)) {
      errors.push({ file: `${label}/${type.location}/`, path: "", message: "folder holds no content file" })
    }
  }

  for (const relative of present) {
    const { parsed: file, problems } = ownCheck(relative, files.get(relative)!, label, today)
    errors.push(...problems)
    if (file) parsed.push(file)
  }

  errors.push(...crossFileProblems(parsed, errors, label))
  return { errors, parsed }
}
