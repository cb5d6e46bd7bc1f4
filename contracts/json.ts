/** What a parsed JSON value is, told the same way everywhere one is read (no library: the browser reads it too). */

/** A JSON object: a value with fields, not null and not an array. */
export const isRecord = (value: unknown): value is Record<string, unknown> =>
  value !== null && typeof value === "object" && !Array.isArray(value)

/** JSON with every object's keys in one order, to compare documents whatever order they were written in. */
export function canonicalJson(value: unknown): string {
  return JSON.stringify(value, (_key, item: unknown) =>
    item !== null && typeof item === "object" && !Array.isArray(item)
      ? Object.fromEntries(Object.entries(item).sort(([left], [right]) => left.localeCompare(right)))
      : item,
  )
}
