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
import { HEADLINE_ITALIC_RANGES, TEXT_RANGES, inRanges } from "../../src/styles/font-subset"
import {
  type aboutSchema,
  type caseStudySchema,
  type industriesSchema,
  type legalPageSchema,
  type siteSettingsSchema,
  isoMonthOf,
} from "../../model/schemas"
import { type ContentProblem, type PathSegment, jsonPath, lineAndColumn } from "../../model/problems"
import { photoProblem } from "./photos"
import { schemaIssues, slugFileNameIssue } from "../../model/schema-issues"

export interface ContentReport {
  errors: ContentProblem[]
  warnings: ContentProblem[]
}

interface ParsedFile {
  type: ContentType
  file: string
  absolutePath: string
  data: unknown
}

const SCHEMA_FOLDER = "schemas"

function listJsonFiles(root: string, folder = ""): string[] {
  const entries = fs.readdirSync(path.join(root, folder), { withFileTypes: true })
  return entries.flatMap((entry) => {
    const relative = folder ? `${folder}/${entry.name}` : entry.name
    if (entry.isDirectory()) return relative === SCHEMA_FOLDER ? [] : listJsonFiles(root, relative)
    return entry.name.endsWith(".json") ? [relative] : []
  })
}

function schemaProblems(file: ParsedFile): ContentProblem[] {
  return schemaIssues(file.type.schema, file.data).map(({ segments, message }) => ({
    file: file.file,
    path: jsonPath(segments),
    message,
  }))
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
    const data: unknown = JSON.parse(source)
    return { parsed: { type, file, absolutePath, data }, problems: duplicateKeys(source, file) }
  } catch (error) {
    const reason = error instanceof Error ? error.message : String(error)
    const offset = /position (\d+)/.exec(reason)
    const where = offset ? lineAndColumn(source, Number(offset[1])) : undefined
    const plain = reason.replace(/ in JSON at position \d+.*$/, "")
    const message = `malformed JSON${where ? ` at line ${where.line}, column ${where.column}` : ""}: ${plain}`
    return { problems: [{ file, path: "", message }] }
  }
}

function duplicates<T>(
  items: readonly T[],
  key: (item: T) => string,
  report: (item: T, index: number, first: number) => ContentProblem,
): ContentProblem[] {
  const firstSeen = new Map<string, number>()
  return items.flatMap((item, index) => {
    const value = key(item)
    const first = firstSeen.get(value)
    if (first === undefined) {
      firstSeen.set(value, index)
      return []
    }
    return [report(item, index, first)]
  })
}

type CaseStudy = z.infer<typeof caseStudySchema>
type Industries = z.infer<typeof industriesSchema>
type About = z.infer<typeof aboutSchema>
type SiteSettings = z.infer<typeof siteSettingsSchema>
type LegalPage = z.infer<typeof legalPageSchema>

/** The string at `key` of each item, or undefined when any item lacks one. */
function stringsAt(items: readonly unknown[], key: string): string[] | undefined {
  const values = items.map((item) => (item as Record<string, unknown> | null)?.[key])
  return values.every((value): value is string => typeof value === "string") ? values : undefined
}

/**
 * Checks between files: unique slugs and ids, references that resolve, photos that exist. References
 * are checked against every parsed file, valid or not, as long as the identifiers themselves are
 * sound; when they are not (a file that does not parse, a broken slug), the reference check waits,
 * so one mistake is reported once rather than again through everything that points at it.
 */
async function crossFileProblems(
  parsed: readonly ParsedFile[],
  errors: readonly ContentProblem[],
  label: string,
): Promise<ContentReport> {
  const found: ContentProblem[] = []
  const warnings: ContentProblem[] = []
  const filesOf = (typeName: string) => parsed.filter((file) => file.type.typeName === typeName)
  const isValid = (file: ParsedFile) => !errors.some((error) => error.file === file.file)
  /** Whether the identifiers of a type can be trusted: every file parsed, none has an error on them. */
  const identifiersSound = (typeName: string, idPath: RegExp) =>
    !errors.some((error) => {
      const type = contentTypeOf(error.file.slice(label.length + 1))
      return type?.typeName === typeName && (error.path === "" || idPath.test(error.path))
    })

  const cases = filesOf("CaseStudy")
  const caseSlugs = identifiersSound("CaseStudy", /^slug$/) ? stringsAt(cases.map((file) => file.data), "slug") : undefined
  if (caseSlugs) {
    found.push(
      ...duplicates(
        cases,
        (file) => (file.data as CaseStudy).slug,
        (file, _index, first) => ({
          file: file.file,
          path: "slug",
          message: `duplicate slug "${(file.data as CaseStudy).slug}": already used by ${cases[first].file}`,
        }),
      ),
    )
  }
  const knownCases = [...new Set(caseSlugs)]
  // A duplicate slug is reported as such, not again as a file name it does not match.
  const reported = new Set(found.map((problem) => problem.file))
  for (const file of caseSlugs ? cases.filter((file) => !reported.has(file.file)) : []) {
    const issue = slugFileNameIssue(path.basename(file.file, ".json"), (file.data as CaseStudy).slug)
    if (issue) found.push({ file: file.file, path: jsonPath(issue.segments), message: issue.message })
  }

  for (const file of filesOf("HomeIndustries").filter(isValid)) {
    const { cards } = file.data as Industries
    found.push(
      ...duplicates(
        cards,
        (card) => card.id,
        (card, index) => ({ file: file.file, path: `cards[${index}].id`, message: `duplicate id "${card.id}"` }),
      ),
    )
    cards.forEach((card, index) => {
      if (caseSlugs && !knownCases.includes(card.caseSlug)) {
        found.push({
          file: file.file,
          path: `cards[${index}].caseSlug`,
          message: `no case study has the slug "${card.caseSlug}" (known: ${knownCases.join(", ")})`,
        })
      }
    })
  }

  const abouts = filesOf("HomeAbout")
  const memberSlugs = identifiersSound("HomeAbout", /^members(\[\d+\](\.slug)?)?$/)
    ? stringsAt(abouts.flatMap((file) => (file.data as About).members), "slug")
    : undefined
  for (const file of abouts.filter(isValid)) {
    const { members } = file.data as About
    found.push(
      ...duplicates(
        members,
        (member) => member.slug,
        (member, index) => ({
          file: file.file,
          path: `members[${index}].slug`,
          message: `duplicate slug "${member.slug}"`,
        }),
      ),
    )
    for (const [index, member] of members.entries()) {
      const photo = path.resolve(path.dirname(file.absolutePath), member.photo)
      const problem = fs.existsSync(photo) ? await photoProblem(photo) : "not found"
      if (problem) {
        warnings.push({
          file: file.file,
          path: `members[${index}].photo`,
          message: `photo file "${member.photo}" ${problem}; the card shows the placeholder icon`,
        })
      }
    }
  }

  const settings = filesOf("SiteSettings").find(isValid)
  if (settings) found.push(...beforeFounding(parsed.filter(isValid), settings))

  for (const file of memberSlugs ? filesOf("SiteSettings").filter(isValid) : []) {
    ;(file.data as SiteSettings).profiles.forEach((profile, index) => {
      if (!memberSlugs?.includes(profile.member)) {
        found.push({
          file: file.file,
          path: `profiles[${index}].member`,
          message: `no team member has the slug "${profile.member}" (known: ${memberSlugs?.join(", ")})`,
        })
      }
    })
  }
  return { errors: found, warnings }
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
      path: at,
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
      const italic = file.type.typeName === "HomeHero" && segments[0] === "rotatingWords"
      const ranges = italic ? HEADLINE_ITALIC_RANGES : TEXT_RANGES
      const outside = [...new Set([...value.replace(/[ \n\t]/g, "")].filter((character) => !inRanges(ranges, character)))]
      if (outside.length > 0) {
        const named = outside.map((character) => `"${character}" (U+${character.codePointAt(0)!.toString(16).toUpperCase().padStart(4, "0")})`)
        found.push({
          file: file.file,
          path: jsonPath(segments),
          message: `${named.join(", ")} ${outside.length === 1 ? "is" : "are"} not in the site's typefaces${italic ? " (the headline's italic)" : ""}: ${outside.length === 1 ? "it shows" : "they show"} in a fallback face on the page and as an empty box on the sharing image; type ${outside.length === 1 ? "it" : "them"} differently or have the faces extended (src/styles/font-subset.ts)`,
        })
      }
    } else if (Array.isArray(value)) {
      value.forEach((item, index) => visitStrings(item, [...segments, index]))
    } else if (value !== null && typeof value === "object") {
      for (const [key, item] of Object.entries(value)) if (key !== "$schema") visitStrings(item, [...segments, key])
    }
  }
  visitStrings(file.data, [])
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
  const crossFile = await crossFileProblems(parsed, errors, label)
  const warnings = [...crossFile.warnings, ...parsed.flatMap(uncoveredCharacters)]
  return { errors: [...errors, ...crossFile.errors], warnings }
}
