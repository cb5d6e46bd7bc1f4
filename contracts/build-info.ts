/**
 * What a build folder says of itself: build.json, written by `npm run artifact` beside the build it
 * packs (deploy/release/artifact.ts) and read by the release command on the host and before a Pages
 * upload (deploy/release/). Read through `parseBuildInfo`, which names the file and the field when
 * one is missing or wrong, rather than releasing a build that cannot say what it is.
 */
import { isCommitHash, isTime } from "./values"

export const BUILD_INFO = "build.json"

export interface BuildInfo {
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
}

/** What is wrong with `data` as a build's description, each problem naming its field. */
export function buildInfoProblems(data: unknown): string[] {
  if (!data || typeof data !== "object" || Array.isArray(data)) return ["not a JSON object"]
  const info = data as Record<string, unknown>
  return Object.entries(FIELDS).flatMap(([field, { test, what }]) =>
    field in info
      ? test(info[field])
        ? []
        : [`"${field}" must be ${what}, not ${JSON.stringify(info[field])}`]
      : [`"${field}" is missing`],
  )
}

/** build.json's text, checked; throws naming `file` and each field that is wrong. */
export function parseBuildInfo(text: string, file: string): BuildInfo {
  let data: unknown
  try {
    data = JSON.parse(text)
  } catch (error) {
    throw new Error(`${file} is not JSON: ${(error as Error).message}`)
  }
  const problems = buildInfoProblems(data)
  if (problems.length > 0) throw new Error(`${file} does not describe a build: ${problems.join("; ")}`)
  const { commit, builtAt, serverName } = data as BuildInfo
  return { commit, builtAt, serverName }
}

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

/** What is wrong with `data` as a build's calendar, each problem naming its field. */
export function buildCalendarProblems(data: unknown): string[] {
  if (!data || typeof data !== "object" || Array.isArray(data)) return ["not a JSON object"]
  const calendar = data as Record<string, unknown>
  return [
    ...(isTime(calendar.clock) ? [] : [`"clock" must be a time (ISO 8601), not ${JSON.stringify(calendar.clock)}`]),
    ...(typeof calendar.clockSet === "boolean" ? [] : [`"clockSet" must be true or false`]),
    ...(calendar.servedUntil === null || isTime(calendar.servedUntil)
      ? []
      : [`"servedUntil" must be a time (ISO 8601) or null, not ${JSON.stringify(calendar.servedUntil)}`]),
  ]
}
