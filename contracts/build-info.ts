/**
 * What a build folder says of itself: build.json, written by `npm run artifact` beside the build it
 * packs (deploy/release/artifact.ts) and read by the release command on the host and before a Pages
 * upload (deploy/release/). Read through `parseBuildInfo`, which names the file and the field when
 * one is missing or wrong, rather than releasing a build that cannot say what it is.
 */
import { isCommitHash, isTime } from "./values"

export const BUILD_INFO = "build.json"

/**
 * What the build made of the editors' calendar, written by the build beside its hosting files and
 * carried into build.json and the release stamp: the clock it judged the calendar at, whether that
 * clock was set (SITE_CLOCK) rather than the real time, and until when what it serves may be served
 * (the first `expireAt` among the studies it shows; null when none comes down).
 */
export const BUILD_CALENDAR = ".hosting/calendar.json"

export interface BuildCalendar {
  clock: string
  clockSet: boolean
  servedUntil: string | null
}

export interface BuildInfo extends BuildCalendar {
  /** The commit built (full hash). */
  commit: string
  /** When it was built (ISO 8601). */
  builtAt: string
  /** The site's host name, from the settings the build read. */
  serverName: string
}

const FIELDS: Record<keyof BuildInfo, { test: (value: unknown) => boolean; what: string }> = {
  commit: { test: isCommitHash, what: "a full commit hash" },
  builtAt: { test: isTime, what: "a time (ISO 8601)" },
  serverName: { test: (value) => typeof value === "string" && /^[a-z0-9.-]+$/i.test(value), what: "a host name" },
  clock: { test: isTime, what: "the time the build judged the editors' calendar at (ISO 8601)" },
  clockSet: { test: (value) => typeof value === "boolean", what: "true or false" },
  servedUntil: { test: (value) => value === null || isTime(value), what: "a time (ISO 8601) or null" },
}

/** The fields of what the build made of the calendar, in build.json, its calendar file and the stamp. */
export const CALENDAR_FIELDS = ["clock", "clockSet", "servedUntil"] as const satisfies ReadonlyArray<
  keyof BuildCalendar
>

/** What is wrong with `fields` of `data`, each problem naming its field. */
export function fieldProblems(data: unknown, fields: ReadonlyArray<keyof BuildInfo>): string[] {
  if (!data || typeof data !== "object" || Array.isArray(data)) return ["not a JSON object"]
  const info = data as Record<string, unknown>
  return fields.flatMap((field) => {
    const { test, what } = FIELDS[field]
    if (!(field in info)) return [`"${field}" is missing`]
    return test(info[field]) ? [] : [`"${field}" must be ${what}, not ${JSON.stringify(info[field])}`]
  })
}

/** What is wrong with `data` as a build's description, each problem naming its field. */
export const buildInfoProblems = (data: unknown): string[] =>
  fieldProblems(data, Object.keys(FIELDS) as Array<keyof BuildInfo>)

function parseJson(text: string, file: string): unknown {
  try {
    return JSON.parse(text) as unknown
  } catch (error) {
    throw new Error(`${file} is not JSON: ${(error as Error).message}`)
  }
}

/** build.json's text, checked; throws naming `file` and each field that is wrong. */
export function parseBuildInfo(text: string, file: string): BuildInfo {
  const data = parseJson(text, file)
  const problems = buildInfoProblems(data)
  if (problems.length > 0) throw new Error(`${file} does not describe a build: ${problems.join("; ")}`)
  const { commit, builtAt, serverName, clock, clockSet, servedUntil } = data as BuildInfo
  return { commit, builtAt, serverName, clock, clockSet, servedUntil }
}

/** What is wrong with `data` as a build's calendar, each problem naming its field. */
export const buildCalendarProblems = (data: unknown): string[] => fieldProblems(data, CALENDAR_FIELDS)

/** The build's calendar file's text, checked; throws naming `file` and each field that is wrong. */
export function parseBuildCalendar(text: string, file: string): BuildCalendar {
  const data = parseJson(text, file)
  const problems = buildCalendarProblems(data)
  if (problems.length > 0)
    throw new Error(`${file} does not say what the build made of the calendar: ${problems.join("; ")}`)
  const { clock, clockSet, servedUntil } = data as BuildCalendar
  return { clock, clockSet, servedUntil }
}
