/** What a parsed JSON value is, told the same way everywhere one is read (no library: the browser reads it too). */

/** A JSON object: a value with fields, not null and not an array. */
export const isRecord = (value: unknown): value is Record<string, unknown> =>
  value !== null && typeof value === "object" && !Array.isArray(value)
