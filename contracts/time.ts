/**
 * A time, as every process writes and reads one: ISO 8601 with its offset, 2026-12-01T09:00:00+01:00
 * (seconds and up to three decimals optional, or Z for UTC, as `Date.prototype.toISOString` writes),
 * naming a real instant. The one check of a time: the content's calendar (model/schemas.ts), the
 * build's clock (clock.ts), the release stamp, build.json and the host's records all go through it.
 * (Plain values and zod's tree-shakable build, zod/mini: the CMS's browser code and the release
 * command on a host read this file, and the model nests the schema in its own.)
 */
import * as z from "zod/mini"

/** A time as an editor's calendar writes one, for messages. */
export const TIME_EXAMPLE = "2026-12-01T09:00:00+01:00"

/** The pattern of a time with its offset (also the JSON Schema's `pattern` of the calendar's fields). */
export const OFFSET_TIME_PATTERN =
  "^\\d{4}-(?:0[1-9]|1[0-2])-(?:0[1-9]|[12]\\d|3[01])T(?:[01]\\d|2[0-3]):[0-5]\\d(?::[0-5]\\d(?:\\.\\d{1,3})?)?(?:Z|[+-](?:[01]\\d|2[0-3]):[0-5]\\d)$"
const OFFSET_TIME = new RegExp(OFFSET_TIME_PATTERN)

/** Whether the day a time names exists: Date.parse rolls 2026-02-31 over to March. */
function isRealDay(value: string): boolean {
  if (Number.isNaN(Date.parse(value))) return false
  const [, year, month, day] = /^(\d{4})-(\d{2})-(\d{2})/.exec(value)!
  return new Date(Date.UTC(Number(year), Number(month) - 1, Number(day))).getUTCDate() === Number(day)
}

/** A time with its offset that names a real instant (no 31 February; not "1", which Date.parse reads). */
export function isOffsetTime(value: unknown): value is string {
  return typeof value === "string" && OFFSET_TIME.test(value) && isRealDay(value)
}

/** The same as a schema: the pattern first (its message names the form), then the day. */
export const offsetTime = z.string().check(
  z.regex(OFFSET_TIME, `expected a time with its offset, like "${TIME_EXAMPLE}"`),
  z.refine((value) => !OFFSET_TIME.test(value) || isRealDay(value), {
    error: (issue) => `${String(issue.input).slice(0, 10)} is not a day of the calendar`,
  }),
)
