/**
 * Build-time validation of everything in content/. Reads the files itself (before Gatsby parses
 * them) so that malformed JSON, schema errors and broken references between files are all reported
 * together, one line per problem, each naming the file and the JSON path.
 */
import fs from "node:fs"
import path from "node:path"
import type { z } from "zod"
import { CONTENT_TYPES, type ContentType, contentTypeOf } from "../../model/registry"
import { visit } from "jsonc-parser"
import { TEXT_RANGES, inRanges } from "../../src/styles/font-subset"
import { type DeclaredField, type FoundValue, fieldName, imageFields, keyFields, relationFields, relationTarget, valuesAt } from "../../model/relations"
import type { caseStudySchema, legalPageSchema, siteSettingsSchema } from "../../model/schemas"
import { isoMonthOf } from "../../model/dates"
import { type ContentProblem, type PathSegment, jsonPath, lineAndColumn } from "../../model/problems"
import { photoProblem } from "./photos"
import { IMAGES_FOLDER } from "../paths"
import { schemaIssues, slugFileNameIssue } from "../../model/schema-issues"
import { DEFAULT_LOCALE, LOCALES, LANGUAGE_NAMES_IN_ENGLISH, type Locale } from "../../model/locales"
import { localeDocumentIssues } from "../../model/localized-content"

export interface ContentReport {
  errors: ContentProblem[]
  warnings: ContentProblem[]
}

interface ParsedFile {
  type: ContentType
  file: string
  absolutePath: string
  /** The whole file: { "$schema"?, "en": …, "fr": … } (model/locales.ts). */
  raw: Record<string, unknown>
  /** The English document, which holds the shared fields. */
  data: unknown
}

/** A path inside the English document, as the file has it. */
const inEnglish = (segments: readonly PathSegment[]) => jsonPath([DEFAULT_LOCALE, ...segments])

const isRecord = (value: unknown): value is Record<string, unknown> =>
  value !== null && typeof value === "object" && !Array.isArray(value)

const SCHEMA_FOLDER = "schemas"

function listJsonFiles(root: string, folder = ""): string[] {
  const entries = fs.readdirSync(path.join(root, folder), { withFileTypes: true })
  return entries.flatMap((entry) => {
    const relative = folder ? `${folder}/${entry.name}` : entry.name
    if (entry.isDirectory()) return relative === SCHEMA_FOLDER ? [] : listJsonFiles(root, relative)
    return entry.name.endsWith(".json") ? [relative] : []
  })
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
  const english = schemaIssues(schema, file.data)
  const found = english.map(({ segments, message }) => problem(DEFAULT_LOCALE, segments, message))
  for (const locale of LOCALES.filter((other) => other !== DEFAULT_LOCALE)) {
    const own = file.raw[locale]
    if (own === undefined) continue
    // A mistake in English is reported once, not again through the French document that follows it.
    const { issues } = localeDocumentIssues(schema, file.data, own, locale, english)
    found.push(...issues.map(({ segments, message }) => problem(locale, segments, message)))
  }
  return found
}

/** What a file must hold at its top: a document per language, nothing else. */
function fileShapeProblems(raw: unknown, file: string): ContentProblem[] {
  if (!isRecord(raw)) return [{ file, path: "", message: "expected a JSON object with a document per language: { \"en\": …, \"fr\": … }" }]
  const problems: ContentProblem[] = Object.keys(raw)
    .filter((key) => key !== "$schema" && !LOCALES.includes(key as Locale))
    .map((key) => ({
      file,
      path: key,
      message: `unknown field: a content file holds one document per language (${LOCALES.map((locale) => `"${locale}"`).join(", ")}); move it into each language's document`,
    }))
  for (const locale of LOCALES) {
    if (raw[locale] === undefined) {
      const role = locale === DEFAULT_LOCALE ? "the whole document, shared fields included" : "its texts, in the English document's places"
      problems.push({ file, path: locale, message: `the ${LANGUAGE_NAMES_IN_ENGLISH[locale]} text is missing: add "${locale}", holding ${role}` })
    } else if (!isRecord(raw[locale])) {
      problems.push({ file, path: locale, message: `expected the ${LANGUAGE_NAMES_IN_ENGLISH[locale]} document as a JSON object` })
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

function readContentFile(root: string, relative: string, label: string): { parsed?: ParsedFile; problems: ContentProblem[] } {
  const file = `${label}/${relative}`
  const type = contentTypeOf(relative)
  if (!type) {
    return { problems: [{ file, path: "", message: "not a known content file (see README: Editing content)" }] }
  }
  const absolutePath = path.join(root, relative)
  const source = fs.readFileSync(absolutePath, "utf8")
  if (source.startsWith(BYTE_ORDER_MARK)) {
    const message =
      "malformed JSON at line 1, column 1: the file begins with a byte-order mark (an invisible character some editors add); save it as UTF-8 without BOM"
    return { problems: [{ file, path: "", message }] }
  }
  try {
    const raw: unknown = JSON.parse(source)
    const problems = [...duplicateKeys(source, file), ...fileShapeProblems(raw, file)]
    if (!isRecord(raw) || !isRecord(raw[DEFAULT_LOCALE])) return { problems }
    return { parsed: { type, file, absolutePath, raw, data: raw[DEFAULT_LOCALE] }, problems }
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

/**
 * Checks between files, all derived from what the schemas declare (model/relations.ts): keys unique,
 * a folder's files named by their key, references that resolve, photos usable. Keys are read from
 * every parsed file, valid or not, as long as they are sound; when they are not (a file that does not
 * parse, an error on a key), the checks that rest on them wait, so one mistake is reported once rather
 * than again through everything that points at it.
 */
async function crossFileProblems(
  root: string,
  parsed: readonly ParsedFile[],
  errors: readonly ContentProblem[],
  label: string,
): Promise<ContentReport> {
  const found: ContentProblem[] = []
  const warnings: ContentProblem[] = []
  const filesOf = (type: ContentType) => parsed.filter((file) => file.type === type)
  const isValid = (file: ParsedFile) => !errors.some((error) => error.file === file.file)

  /** The keys at a declared path in every file of its type, or undefined while any is in doubt. */
  const keysAt = ({ type, path: declared }: DeclaredField): FoundKey[] | undefined => {
    const doubt = pathPattern(declared)
    // Keys are shared fields, so only the file as a whole or its English document can put them in doubt.
    const englishPath = (at: string) => (at === "" || at === DEFAULT_LOCALE ? "" : at.startsWith(`${DEFAULT_LOCALE}.`) ? at.slice(DEFAULT_LOCALE.length + 1) : undefined)
    const inDoubt = errors.some((error) => {
      const at = englishPath(error.path)
      return contentTypeOf(error.file.slice(label.length + 1)) === type && at !== undefined && (at === "" || doubt.test(at))
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
      found.push({ file: key.file.file, path: inEnglish(key.segments), message: `duplicate ${fieldName(field.path)} "${key.value}"${elsewhere}` })
    }
    // A folder's file is named by its key (the CMS names a new one so but never renames it); a
    // duplicate is reported as such, not again as a file name it does not match.
    if (field.type.kind !== "folder" || field.path.includes("*")) continue
    for (const key of (keys ?? []).filter((key) => !duplicated.has(key.file))) {
      const issue = slugFileNameIssue(path.basename(key.file.file, ".json"), key.value)
      if (issue) found.push({ file: key.file.file, path: inEnglish(issue.segments), message: issue.message })
    }
  }

  for (const field of relationFields()) {
    const keys = keysAt({ type: relationTarget(field.to), path: field.to.key })
    if (!keys) continue
    const known = [...new Set(keys.map((key) => key.value))]
    for (const file of filesOf(field.type).filter(isValid)) {
      for (const { segments, value } of valuesAt(file.data, field.path)) {
        if (known.includes(value as string)) continue
        found.push({
          file: file.file,
          path: inEnglish(segments),
          message: `no ${field.to.noun} has the ${fieldName(field.to.key)} "${String(value)}" (known: ${known.join(", ")})`,
        })
      }
    }
  }

  const usedPhotos = new Set<string>()
  for (const field of imageFields()) {
    for (const file of filesOf(field.type).filter(isValid)) {
      for (const { segments, value } of valuesAt(file.data, field.path)) {
        const photo = path.resolve(path.dirname(file.absolutePath), String(value))
        usedPhotos.add(photo)
        const problem = fs.existsSync(photo) ? await photoProblem(photo) : "not found"
        if (problem) {
          warnings.push({
            file: file.file,
            path: inEnglish(segments),
            message: `photo file "${String(value)}" ${problem}; the card shows the placeholder icon`,
          })
        }
      }
    }
  }

  // A photo replaced in the CMS stays in the repository; say which, once every entry is readable.
  if (errors.length === 0 && parsed.length > 0) warnings.push(...unusedPhotos(root, label, usedPhotos))

  const settings = parsed.find((file) => file.type.typeName === "SiteSettings" && isValid(file))
  if (settings) found.push(...beforeFounding(parsed.filter(isValid), settings))
  return { errors: found, warnings }
}

/** Image files under content/images that no entry names any more (left behind when a photo is replaced). */
function unusedPhotos(root: string, label: string, used: ReadonlySet<string>): ContentProblem[] {
  const folder = path.join(root, IMAGES_FOLDER)
  if (!fs.existsSync(folder)) return []
  return fs
    .readdirSync(folder, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile() && !entry.name.startsWith("."))
    .map((entry) => path.join(entry.parentPath, entry.name))
    .filter((file) => !used.has(file))
    .sort()
    .map((file) => ({
      file: `${label}/${path.relative(root, file).split(path.sep).join("/")}`,
      path: "",
      message:
        "no entry uses this photo any more (it was replaced or its member removed): delete it, in the CMS under Media, so it does not linger in the repository",
    }))
}

/** Dates of the house's own work cannot come before the house: case studies and policy updates. */
function beforeFounding(files: readonly ParsedFile[], settings: ParsedFile): ContentProblem[] {
  const { foundingYear } = settings.data as SiteSettings
  const dated = files.flatMap((file) => {
    if (file.type.typeName === "CaseStudy") return [{ file, path: "published", year: (file.data as CaseStudy).published.slice(0, 4) }]
    if (file.type.typeName === "LegalPage") return [{ file, path: "lastUpdated", year: isoMonthOf((file.data as LegalPage).lastUpdated).slice(0, 4) }]
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

/**
 * Characters the self-hosted faces do not have (src/styles/font-subset.ts): they would show in a
 * fallback face on the page and as empty boxes on its sharing image. A warning, one per field.
 */
function uncoveredCharacters(file: ParsedFile): ContentProblem[] {
  const found: ContentProblem[] = []
  const visitStrings = (value: unknown, segments: PathSegment[]) => {
    if (typeof value === "string") {
      const outside = [
        ...new Set([...value.replace(/[ \n\t]/g, "")].filter((character) => !inRanges(TEXT_RANGES, character))),
      ]
      if (outside.length > 0) {
        const named = outside.map((character) => `"${character}" (U+${character.codePointAt(0)!.toString(16).toUpperCase().padStart(4, "0")})`)
        found.push({
          file: file.file,
          path: jsonPath(segments),
          message: `${named.join(", ")} ${outside.length === 1 ? "is" : "are"} not in the site's typefaces: ${outside.length === 1 ? "it shows" : "they show"} in a fallback face on the page and as an empty box on the sharing image; type ${outside.length === 1 ? "it" : "them"} differently or have the faces extended (src/styles/font-subset.ts)`,
        })
      }
    } else if (Array.isArray(value)) {
      value.forEach((item, index) => visitStrings(item, [...segments, index]))
    } else if (value !== null && typeof value === "object") {
      for (const [key, item] of Object.entries(value)) if (key !== "$schema") visitStrings(item, [...segments, key])
    }
  }
  visitStrings(file.raw, [])
  return found
}

/** Validates every content file under `root`; `label` is how the folder is named in messages. */
export async function validateContent(root: string, label = "content"): Promise<ContentReport> {
  const errors: ContentProblem[] = []
  const parsed: ParsedFile[] = []
  const present = new Set(listJsonFiles(root))

  for (const type of CONTENT_TYPES) {
    if (type.kind === "single" && !present.has(type.location)) {
      errors.push({ file: `${label}/${type.location}`, path: "", message: "file is missing" })
    }
    if (type.kind === "folder" && ![...present].some((relative) => contentTypeOf(relative) === type)) {
      errors.push({ file: `${label}/${type.location}/`, path: "", message: "folder holds no content file" })
    }
  }

  for (const relative of [...present].sort()) {
    const { parsed: file, problems } = readContentFile(root, relative, label)
    errors.push(...problems)
    if (file) parsed.push(file)
  }

  for (const file of parsed) errors.push(...schemaProblems(file))
  const crossFile = await crossFileProblems(root, parsed, errors, label)
  const warnings = [...crossFile.warnings, ...parsed.flatMap(uncoveredCharacters)]
  return { errors: [...errors, ...crossFile.errors], warnings }
}
