/**
 * Build-time validation of everything in content/. Reads the files itself (before Gatsby parses
 * them) so that malformed JSON, schema errors and broken references between files are all reported
 * together, one line per problem, each naming the file and the JSON path.
 */
import fs from "node:fs"
import path from "node:path"
import { z } from "zod"
import { CONTENT_TYPES, type ContentType, contentTypeOf } from "./registry"
import type { aboutSchema, caseStudySchema, industriesSchema, siteSettingsSchema } from "./schemas"
import { type ContentProblem, type PathSegment, closestName, jsonPath, lineAndColumn } from "./problems"

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

function valueAt(data: unknown, segments: readonly PathSegment[]): unknown {
  return segments.reduce<unknown>(
    (value, segment) =>
      value !== null && typeof value === "object" ? (value as Record<PropertyKey, unknown>)[segment] : undefined,
    data,
  )
}

function describeValue(value: unknown): string {
  if (value === null) return "null"
  if (Array.isArray(value)) return "a list"
  if (typeof value === "object") return "an object"
  if (typeof value === "string") return `the text ${JSON.stringify(value)}`
  return `${typeof value} ${String(value)}`
}

/** The field names an object accepts at a JSON path of a schema, for "did you mean" hints. */
function knownFieldsAt(schema: z.ZodType, segments: readonly PathSegment[]): string[] {
  let current: z.ZodType | undefined = schema
  for (const segment of segments) {
    while (current instanceof z.ZodOptional) current = current.unwrap() as z.ZodType
    if (current instanceof z.ZodObject && typeof segment === "string") current = current.shape[segment] as z.ZodType
    else if (current instanceof z.ZodArray && typeof segment === "number") current = current.element as z.ZodType
    else return []
  }
  return current instanceof z.ZodObject ? Object.keys(current.shape).filter((key) => key !== "$schema") : []
}

function schemaProblems(file: ParsedFile): ContentProblem[] {
  const result = file.type.schema.safeParse(file.data)
  if (result.success) return []
  return result.error.issues.flatMap((issue): ContentProblem[] => {
    const at = (segments: readonly PathSegment[], message: string) => ({
      file: file.file,
      path: jsonPath(segments),
      message,
    })
    switch (issue.code) {
      case "invalid_type": {
        const value = valueAt(file.data, issue.path)
        if (issue.path.length === 0) return [at([], `expected a JSON object, got ${describeValue(value)}`)]
        return [
          at(
            issue.path,
            value === undefined
              ? "required field is missing"
              : `expected ${issue.expected === "array" ? "a list" : issue.expected}, got ${describeValue(value)}`,
          ),
        ]
      }
      case "unrecognized_keys": {
        const known = knownFieldsAt(file.type.schema, issue.path)
        return issue.keys.map((key) => {
          const suggestion = closestName(key, known)
          return at([...issue.path, key], `unknown field${suggestion ? ` (did you mean "${suggestion}"?)` : ""}`)
        })
      }
      case "invalid_value":
        return [at(issue.path, `expected one of ${issue.values.map((value) => JSON.stringify(value)).join(", ")}`)]
      default:
        return [at(issue.path, issue.message)]
    }
  })
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

/**
 * Checks between files: unique slugs and ids, references that resolve, photos that exist. A
 * reference is checked only when every file it could point into is valid, so one broken file is
 * reported once rather than again through everything that refers to it.
 */
function crossFileProblems(valid: readonly ParsedFile[], invalidTypes: ReadonlySet<string>): ContentReport {
  const ofType = (typeName: string) => valid.filter((file) => file.type.typeName === typeName)
  const checkable = (typeName: string) => !invalidTypes.has(typeName)
  const errors: ContentProblem[] = []
  const warnings: ContentProblem[] = []

  const cases = ofType("CaseStudy")
  errors.push(
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
  const caseSlugs = [...new Set(cases.map((file) => (file.data as CaseStudy).slug))]

  for (const file of checkable("CaseStudy") ? ofType("HomeIndustries") : []) {
    const { cards } = file.data as Industries
    errors.push(
      ...duplicates(
        cards,
        (card) => card.id,
        (card, index) => ({ file: file.file, path: `cards[${index}].id`, message: `duplicate id "${card.id}"` }),
      ),
    )
    cards.forEach((card, index) => {
      if (!caseSlugs.includes(card.caseSlug)) {
        errors.push({
          file: file.file,
          path: `cards[${index}].caseSlug`,
          message: `no case study has the slug "${card.caseSlug}" (known: ${caseSlugs.join(", ")})`,
        })
      }
    })
  }

  const memberSlugs: string[] = []
  for (const file of ofType("HomeAbout")) {
    const { members } = file.data as About
    memberSlugs.push(...members.map((member) => member.slug))
    errors.push(
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

  for (const file of checkable("HomeAbout") ? ofType("SiteSettings") : []) {
    ;(file.data as SiteSettings).profiles.forEach((profile, index) => {
      if (!memberSlugs.includes(profile.member)) {
        errors.push({
          file: file.file,
          path: `profiles[${index}].member`,
          message: `no team member has the slug "${profile.member}" (known: ${memberSlugs.join(", ")})`,
        })
      }
    })
  }
  return { errors, warnings }
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

  const invalidTypes = new Set<string>()
  const valid = parsed.filter((file) => {
    const problems = schemaProblems(file)
    errors.push(...problems)
    if (problems.length > 0) invalidTypes.add(file.type.typeName)
    return problems.length === 0
  })
  for (const error of errors) {
    const type = contentTypeOf(error.file.slice(label.length + 1))
    if (type) invalidTypes.add(type.typeName)
  }
  const crossFile = crossFileProblems(valid, invalidTypes)
  return { errors: [...errors, ...crossFile.errors], warnings: crossFile.warnings }
}
