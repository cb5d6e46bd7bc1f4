/**
 * Build-time validation of everything in content/. Reads the files itself (before Gatsby parses
 * them) so that malformed JSON, schema errors and broken references between files are all reported
 * together, one line per problem, each naming the file and the JSON path.
 */
import fs from "node:fs"
import path from "node:path"
import type { z } from "zod"
import { CONTENT_TYPES, type ContentType, contentTypeOf } from "./registry"
import type { aboutSchema, caseStudySchema, industriesSchema, siteSettingsSchema } from "./schemas"
import { type ContentProblem, jsonPath, lineAndColumn } from "./problems"
import { schemaIssues } from "./schema-issues"

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

function readContentFile(root: string, relative: string, label: string): ParsedFile | ContentProblem {
  const file = `${label}/${relative}`
  const type = contentTypeOf(relative)
  if (!type) {
    return { file, path: "", message: "not a known content file (see README: Editing content)" }
  }
  const absolutePath = path.join(root, relative)
  const source = fs.readFileSync(absolutePath, "utf8")
  try {
    return { type, file, absolutePath, data: JSON.parse(source) }
  } catch (error) {
    const reason = error instanceof Error ? error.message : String(error)
    const offset = /position (\d+)/.exec(reason)
    const where = offset ? lineAndColumn(source, Number(offset[1])) : undefined
    const plain = reason.replace(/ in JSON at position \d+.*$/, "")
    return {
      file,
      path: "",
      message: `malformed JSON${where ? ` at line ${where.line}, column ${where.column}` : ""}: ${plain}`,
    }
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
function crossFileProblems(parsed: readonly ParsedFile[], errors: readonly ContentProblem[], label: string): ContentReport {
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
    members.forEach((member, index) => {
      const photo = path.resolve(path.dirname(file.absolutePath), member.photo)
      if (!fs.existsSync(photo)) {
        warnings.push({
          file: file.file,
          path: `members[${index}].photo`,
          message: `photo file "${member.photo}" not found; the card shows the placeholder icon`,
        })
      }
    })
  }

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

/** Validates every content file under `root`; `label` is how the folder is named in messages. */
export function validateContent(root: string, label = "content"): ContentReport {
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
    const outcome = readContentFile(root, relative, label)
    if ("message" in outcome) errors.push(outcome)
    else parsed.push(outcome)
  }

  for (const file of parsed) errors.push(...schemaProblems(file))
  const crossFile = crossFileProblems(parsed, errors, label)
  return { errors: [...errors, ...crossFile.errors], warnings: crossFile.warnings }
}
