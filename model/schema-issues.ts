/**
 * The content schemas' verdict on a document, as the build reports it (build-steps/content/validate.ts) and as the CMS
 * preview shows it (cms/app/): the same words in both places. Nothing here needs Node.
 */
import * as z from "zod"
import { type PathSegment, closestName } from "./problems"

export interface SchemaIssue {
  segments: readonly PathSegment[]
  message: string
}

/** The value at a path of a document (its segments), or undefined where the path leads nowhere. */
export function valueAt(data: unknown, segments: readonly PathSegment[]): unknown {
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

/**
 * What is wrong with `data` for `schema`, one issue per problem, in words an editor can act on:
 * "required field is missing", "unknown field (did you mean ...)", the schema's own messages.
 */
export function schemaIssues(schema: z.ZodType, data: unknown): SchemaIssue[] {
  const result = schema.safeParse(data)
  if (result.success) return []
  return result.error.issues.flatMap((issue): SchemaIssue[] => {
    const at = (segments: readonly PathSegment[], message: string) => ({ segments, message })
    switch (issue.code) {
      case "invalid_type": {
        const value = valueAt(data, issue.path)
        if (issue.path.length === 0) return [at([], `expected a JSON object, got ${describeValue(value)}`)]
        return [
          at(
            issue.path,
            value === undefined
              ? "required field is missing"
              : // A list item added in the CMS holds nothing until it is typed in.
                value === null && typeof issue.path[issue.path.length - 1] === "number"
                ? "this item is empty: fill it in or remove it"
                : `expected ${issue.expected === "array" ? "a list" : issue.expected}, got ${describeValue(value)}`,
          ),
        ]
      }
      case "unrecognized_keys": {
        const known = knownFieldsAt(schema, issue.path)
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

/**
 * A case study's file is named by the slug it was created with, and keeps that name: its slug, or
 * after a rename one of its former slugs, whose addresses now lead to the slug (build-steps/post-build/addresses.ts).
 * Checked on files on disk (model/content-check.ts) and on the entry being edited (the CMS preview).
 */
export function slugFileNameIssue(fileName: string, slug: unknown, formerSlugs: unknown = []): SchemaIssue | undefined {
  if (typeof slug !== "string" || slug === fileName) return undefined
  if (Array.isArray(formerSlugs) && formerSlugs.includes(fileName)) return undefined
  return {
    segments: ["slug"],
    message: `must match the file name, as the page's address is both: the file is "${fileName}.json" and the slug "${slug}"; rename the file to "${slug}.json", set the slug to "${fileName}", or, to move the study to a new address, add "${fileName}" to formerSlugs`,
  }
}
