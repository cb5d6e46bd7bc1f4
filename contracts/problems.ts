/**
 * What a contract's reader says of a value its schema refuses: each field that is wrong, once, in the
 * schema's order, as `"builtAt" must be a time (ISO 8601), not "1"` or `"serverName" is missing`. The
 * schema says what is right; `what` says it in words, field by field, for the person who reads the
 * refusal (an operator, the build server's log).
 */
import * as z from "zod/mini"

/** What each field of a contract must be, in words. */
export type FieldWords<T> = Record<keyof T & string, string>

/** The problems of `data` against an object schema, one per field, each naming it; none for a good value. */
export function fieldProblems<T>(schema: z.ZodMiniType<T>, what: FieldWords<T>, data: unknown): string[] {
  if (!data || typeof data !== "object" || Array.isArray(data)) return ["not a JSON object"]
  const result = schema.safeParse(data)
  if (result.success) return []
  const value = data as Record<string, unknown>
  const fields = new Set(result.error.issues.map((issue) => String(issue.path[0])))
  return (Object.keys(what) as Array<keyof T & string>)
    .filter((field) => fields.has(field))
    .map((field) =>
      value[field] === undefined
        ? `"${field}" is missing`
        : `"${field}" must be ${what[field]}, not ${JSON.stringify(value[field])}`,
    )
}
