/**
 * Every rule a set of content files must keep, checked on the files' text alone: each file is JSON, is
 * one the site knows and holds a document per language; each document keeps its content type's schema
 * (model/schemas.ts), in English and, for its texts, in every other language; keys are unique, a
 * folder's files are named by their key, references resolve and nothing is dated before the house.
 * The build runs it on content/ as read from disk (build/content/validate.ts, which adds what needs
 * the disk: photos, unused files, the faces' characters); the CMS runs it on the saved files with the
 * entry being saved in place of its own (cms/app/entry-check.ts), so it refuses what the build would.
 * Nothing here needs Node.
 */
import { visit } from "jsonc-parser"
import type { z } from "zod"
import { ISO_DAY, MONTHS, MONTH_YEAR, isoMonthOf } from "./dates"
import { zurichDay } from "../contracts/editors-time"
import { DEFAULT_LOCALE, LANGUAGE_NAMES_IN_ENGLISH, LOCALES, type Locale } from "./locales"
import { localeDocumentIssues } from "./localized-content"
import { type ContentProblem, type PathSegment, jsonPath, lineAndColumn } from "./problems"
import { CONTENT_TYPES, type ContentType, contentTypeOf } from "./registry"
import {
  type DeclaredField,
  type FoundValue,
  datedFields,
  fieldName,
  formerKeyFields,
  keyFields,
  relationFields,
  relationTarget,
  valuesAt,
} from "./relations"
import { schemaIssues, slugFileNameIssue } from "./schema-issues"
import { isUntranslated, mayWaitForTranslation, recordProblems } from "./translations"
import {
  type NotAfterToday,
  TRANSLATED_FROM,
  type caseStudySchema,
  type legalPageSchema,
  type siteSettingsSchema,
} from "./schemas"

/** Content files by their path under content/ ("case-studies/wine.json"), each as its text. */
export type ContentFiles = ReadonlyMap<string, string>

export interface ParsedFile {
  type: ContentType
  /** The file as messages name it: the label, then its path under content/. */
  file: string
  /** Its path under content/. */
  relative: string
  /** The whole file: { "$schema"?, "en": …, "fr": … } (model/locales.ts). */
  raw: Record<string, unknown>
  /** The English document, which holds the shared fields. */
  data: unknown
}

export interface ContentCheck {
  errors: ContentProblem[]
  /** The files that parse and hold an English document, for checks that read more than text. */
  parsed: ParsedFile[]
}

/** A path inside the English document, as the file has it. */
const inEnglish = (segments: readonly PathSegment[]) => jsonPath([DEFAULT_LOCALE, ...segments])

const isRecord = (value: unknown): value is Record<string, unknown> =>
  value !== null && typeof value === "object" && !Array.isArray(value)

/** The file name of a path, without its extension: "case-studies/wine.json" -> "wine". */
const baseName = (file: string) => file.slice(file.lastIndexOf("/") + 1).replace(/\.json$/, "")

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

type CaseStudy = z.infer<typeof caseStudySchema>
type SiteSettings = z.infer<typeof siteSettingsSchema>
type LegalPage = z.infer<typeof legalPageSchema>

/** A key found in a file: its concrete path and value. */
type FoundKey = FoundValue & { file: ParsedFile; value: string }

/**
 * The error paths that put a declared path in doubt: the path itself and each of its parents
 * ("members.*.slug": members, members[2], members[2].slug).
 */
function pathPattern(declared: string): RegExp {
  const steps = declared
    .split(".")
    .map((name, index) => (name === "*" ? "\\[\\d+\\]" : `${index === 0 ? "" : "\\."}${name}`))
  return new RegExp(`^${steps.reduceRight((inner, step) => `${step}${inner ? `(${inner})?` : ""}`, "")}$`)
}

/** Whether a file has no error of its own, so that checks reading its data can trust it. */
export const isSound = (file: ParsedFile, errors: readonly ContentProblem[]) =>
  !errors.some((error) => error.file === file.file)

/**
 * Checks between files, all derived from what the schemas declare (model/relations.ts): keys unique,
 * a folder's files named by their key, references that resolve. Keys are read from every parsed file,
 * valid or not, as long as they are sound; when they are not (a file that does not parse, an error on
 * a key), the checks that rest on them wait, so one mistake is reported once rather than again
 * through everything that points at it.
 */
function crossFileProblems(
  parsed: readonly ParsedFile[],
  errors: readonly ContentProblem[],
  label: string,
): ContentProblem[] {
  const found: ContentProblem[] = []
  const filesOf = (type: ContentType) => parsed.filter((file) => file.type === type)

  /** The keys at a declared path in every file of its type, or undefined while any is in doubt. */
  const keysAt = ({ type, path: declared }: DeclaredField): FoundKey[] | undefined => {
    const doubt = pathPattern(declared)
    // Keys are shared fields, so only the file as a whole or its English document can put them in doubt.
    const englishPath = (at: string) =>
      at === "" || at === DEFAULT_LOCALE
        ? ""
        : at.startsWith(`${DEFAULT_LOCALE}.`)
          ? at.slice(DEFAULT_LOCALE.length + 1)
          : undefined
    const inDoubt = errors.some((error) => {
      const at = englishPath(error.path)
      return (
        contentTypeOf(error.file.slice(label.length + 1)) === type && at !== undefined && (at === "" || doubt.test(at))
      )
    })
    const keys = filesOf(type).flatMap((file) => valuesAt(file.data, declared).map((value) => ({ file, ...value })))
    return inDoubt || !keys.every((key): key is FoundKey => typeof key.value === "string") ? undefined : keys
  }

  const duplicated = new Set<ParsedFile>()
  for (const field of keyFields()) {
    const keys = keysAt(field)
    // A key inside a list is unique within its file; a file's own key, among the folder's files.
    const scopeOf = (key: FoundKey) => (field.path.includes("*") ? `${key.file.file} ${key.value}` : key.value)
    const first = new Map<string, FoundKey>()
    for (const key of keys ?? []) {
      const earlier = first.get(scopeOf(key))
      if (!earlier) {
        first.set(scopeOf(key), key)
        continue
      }
      duplicated.add(key.file)
      const elsewhere = earlier.file === key.file ? "" : `: already used by ${earlier.file.file}`
      found.push({
        file: key.file.file,
        path: inEnglish(key.segments),
        message: `duplicate ${fieldName(field.path)} "${key.value}"${elsewhere}`,
      })
    }
    // A folder's file is named by its key (the CMS names a new one so but never renames it); a
    // duplicate is reported as such, not again as a file name it does not match.
    if (field.type.kind !== "folder" || field.path.includes("*")) continue
    const formerList = formerKeyFields().find((former) => former.type === field.type && former.key === field.path)
    for (const key of (keys ?? []).filter((key) => !duplicated.has(key.file))) {
      const formers = formerList ? valuesAt(key.file.data, formerList.path)[0]?.value : undefined
      const issue = slugFileNameIssue(baseName(key.file.file), key.value, formers)
      if (issue) found.push({ file: key.file.file, path: inEnglish(issue.segments), message: issue.message })
    }
  }

  // An address of before leads to one entry: none is an entry's key now, nor another entry's of before.
  const movedKeys = new Map<ContentType, Set<string>>()
  for (const former of formerKeyFields()) {
    const keys = keysAt({ type: former.type, path: former.key })
    if (!keys) continue
    const holders = new Map(keys.map((key) => [key.value, { file: key.file, current: true }]))
    const moved = new Set<string>()
    movedKeys.set(former.type, moved)
    const list = fieldName(former.path)
    for (const file of filesOf(former.type).filter((file) => isSound(file, errors))) {
      for (const { segments, value } of valuesAt(file.data, `${former.path}.*`)) {
        const address = String(value)
        const holder = holders.get(address)
        const problem = (message: string) => found.push({ file: file.file, path: inEnglish(segments), message })
        if (holder?.file === file) {
          problem(
            holder.current
              ? `"${address}" is this entry's ${fieldName(former.key)} now: remove it from ${list}`
              : `"${address}" is listed twice: remove one`,
          )
        } else if (holder?.current) {
          problem(
            `"${address}" is the ${fieldName(former.key)} of ${holder.file.file}, and an address leads to one entry only: remove it from ${list}, or give that entry another ${fieldName(former.key)}`,
          )
        } else if (holder) {
          problem(
            `"${address}" is in ${holder.file.file}'s ${list} too, and an address of before leads to one entry only: remove it from one of them`,
          )
        } else {
          holders.set(address, { file, current: false })
          moved.add(address)
        }
      }
    }
  }

  for (const field of relationFields()) {
    const keys = keysAt({ type: relationTarget(field.to), path: field.to.key })
    if (!keys) continue
    const known = [...new Set(keys.map((key) => key.value))]
    for (const file of filesOf(field.type).filter((file) => isSound(file, errors))) {
      for (const { segments, value } of valuesAt(file.data, field.path)) {
        // An entry's key of before stands for its key now: the build links to that (gatsby/content/nodes.ts).
        if (known.includes(value as string) || movedKeys.get(relationTarget(field.to))?.has(value as string)) continue
        found.push({
          file: file.file,
          path: inEnglish(segments),
          message: `no ${field.to.noun} has the ${fieldName(field.to.key)} "${String(value)}" (known: ${known.join(", ")})`,
        })
      }
    }
  }

  const sound = parsed.filter((file) => isSound(file, errors))
  const settings = sound.find((file) => file.type.typeName === "SiteSettings")
  if (settings) found.push(...beforeFounding(sound, settings))
  return found
}

/** Dates of the house's own work cannot come before the house: case studies and policy updates. */
function beforeFounding(files: readonly ParsedFile[], settings: ParsedFile): ContentProblem[] {
  const { foundingYear } = settings.data as SiteSettings
  const dated = files.flatMap((file) => {
    if (file.type.typeName === "CaseStudy") {
      return [{ file, path: "published", year: (file.data as CaseStudy).published.slice(0, 4) }]
    }
    if (file.type.typeName === "LegalPage") {
      return [{ file, path: "lastUpdated", year: isoMonthOf((file.data as LegalPage).lastUpdated).slice(0, 4) }]
    }
    return []
  })
  return dated
    .filter(({ year }) => Number(year) < foundingYear)
    .map(({ file, path: at }) => ({
      file: file.file,
      path: inEnglish([at]),
      message: `must not be before ${foundingYear}, the founding year (foundingYear in ${settings.file})`,
    }))
}

/** "2026-03" as "March 2026", as a policy's last update is written. */
const monthYear = (isoMonth: string) => `${MONTHS[Number(isoMonth.slice(5, 7)) - 1]} ${isoMonth.slice(0, 4)}`

/**
 * Each unit of a date: the value as "YYYY-MM-DD", "YYYY-MM" or "YYYY" (undefined without its form,
 * which the schema refuses), and how today is named in that unit.
 */
const DATE_UNITS: Record<
  NotAfterToday["unit"],
  { comparable: (value: unknown) => string | undefined; now: (today: string) => string }
> = {
  day: {
    comparable: (value) => (typeof value === "string" && ISO_DAY.test(value) ? value : undefined),
    now: (today) => `today (${today})`,
  },
  month: {
    comparable: (value) => (typeof value === "string" && MONTH_YEAR.test(value) ? isoMonthOf(value) : undefined),
    now: (today) => `this month (${monthYear(today)})`,
  },
  year: {
    comparable: (value) => (Number.isInteger(value) ? String(value) : undefined),
    now: (today) => `this year (${today.slice(0, 4)})`,
  },
}

/** The dates of a file after `today` (Zurich's day, "YYYY-MM-DD"): nothing is dated in the future. */
function datedProblems(file: ParsedFile, today: string): ContentProblem[] {
  const found: ContentProblem[] = []
  for (const { path, rule } of datedFields().filter(({ type }) => type === file.type)) {
    const unit = DATE_UNITS[rule.unit]
    for (const { segments, value } of valuesAt(file.data, path)) {
      const written = unit.comparable(value)
      if (written === undefined || written <= today.slice(0, written.length)) continue
      const message = `must not be after ${unit.now(today)}${rule.why ? `: ${rule.why}` : ""}`
      found.push({ file: file.file, path: inEnglish(segments), message })
    }
  }
  return found
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
