/**
 * What is wrong with a record, in words (records.ts): zod's issues, whose tree-shakable build says only
 * "Invalid input", said by where they are and what was expected.
 */
import type * as z from "zod/mini"

/** An issue of zod's (whose tree-shakable build says only "Invalid input") in words. */
function inWords(issue: z.core.$ZodIssue): string {
  if (issue.message !== "Invalid input") return issue.message
  const kinds: Record<string, string> = {
    record: "an object",
    object: "an object",
    array: "a list",
    boolean: "true or false",
  }
  if (issue.code === "invalid_type") return `should be ${kinds[issue.expected] ?? `a ${issue.expected}`}`
  if (issue.code === "invalid_key") return issue.issues[0] ? inWords(issue.issues[0]) : "is no key it may be"
  if (issue.code === "invalid_format") return "is not in the form it should be"
  if (issue.code === "too_small") return `should be ${issue.minimum} or more`
  return `is not what it should be (${issue.code})`
}

/** The problems of `data` against `schema`, each with where it is ("previews.3.pull: …"), the first three. */
export function schemaProblems(schema: z.ZodMiniType, data: unknown): string[] {
  const result = schema.safeParse(data)
  if (result.success) return []
  return result.error.issues
    .slice(0, 3)
    .map((issue) => `${issue.path.length ? issue.path.map(String).join(".") : "the whole"} ${inWords(issue)}`)
}
