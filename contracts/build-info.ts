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
  /**
   * The case studies the build serves, by slug, and the window of each study that has one (served
   * or not): what the nginx host keeps of every release it serves, so that nothing taken down comes
   * back (deploy/release/told-calendar.ts). Never in the public stamp: a window still to come is the
   * editors' secret. Absent from builds made before it.
   */
  serves?: string[]
  windows?: Record<string, StudyWindow>
}

/** A study's window as a build read it. */
export interface StudyWindow {
  goLiveAt?: string | null
  expireAt?: string | null
}

export interface BuildInfo extends BuildCalendar {
  /** The commit built (full hash), and when it was committed (ISO 8601; absent from older builds). */
  commit: string
  committedAt?: string
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
  committedAt: { test: isTime, what: "a time (ISO 8601)" },
  serves: {
    test: (value) => Array.isArray(value) && value.every((slug) => typeof slug === "string" && slug !== ""),
    what: "a list of case studies' slugs",
  },
  windows: { test: isWindows, what: "each study's window (goLiveAt and expireAt, times or null), by slug" },
}

/** Whether `value` is the windows of studies by slug. */
function isWindows(value: unknown): value is Record<string, StudyWindow> {
  if (!value || typeof value !== "object" || Array.isArray(value)) return false
  return Object.values(value).every(
    (window: unknown) =>
      !!window &&
      typeof window === "object" &&
      Object.entries(window).every(
        ([key, time]) => (key === "goLiveAt" || key === "expireAt") && (time === null || isTime(time)),
      ),
  )
}

/** The fields of what the build made of the calendar, in build.json, its calendar file and the stamp. */
export const CALENDAR_FIELDS = ["clock", "clockSet", "servedUntil"] as const satisfies ReadonlyArray<
  keyof BuildCalendar
>
/** The fields a build may carry beside them, checked when present (builds before them lack them). */
const OPTIONAL_FIELDS = ["committedAt", "serves", "windows"] as const satisfies ReadonlyArray<keyof BuildInfo>

/** The optional fields `data` has, among `fields`. */
const present = (data: unknown, fields: ReadonlyArray<keyof BuildInfo>) =>
  data && typeof data === "object"
    ? fields.filter((field) => (data as Record<string, unknown>)[field] !== undefined)
    : []

/** The studies' fields of a calendar record, as they are (absent when the build did not write them). */
const studiesOf = ({ serves, windows }: Partial<BuildCalendar>): Pick<BuildCalendar, "serves" | "windows"> => ({
  ...(serves ? { serves } : {}),
  ...(windows ? { windows } : {}),
})

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
  fieldProblems(data, [
    ...(Object.keys(FIELDS) as Array<keyof BuildInfo>).filter(
      (field) => !(OPTIONAL_FIELDS as ReadonlyArray<string>).includes(field),
    ),
    ...present(data, OPTIONAL_FIELDS),
  ])

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
  const { commit, committedAt, builtAt, serverName, clock, clockSet, servedUntil } = data as BuildInfo
  return {
    commit,
    ...(committedAt ? { committedAt } : {}),
    builtAt,
    serverName,
    clock,
    clockSet,
    servedUntil,
    ...studiesOf(data as BuildInfo),
  }
}

/** What is wrong with `data` as a build's calendar, each problem naming its field. */
export const buildCalendarProblems = (data: unknown): string[] =>
  fieldProblems(data, [...CALENDAR_FIELDS, ...present(data, ["serves", "windows"])])

/** The build's calendar file's text, checked; throws naming `file` and each field that is wrong. */
export function parseBuildCalendar(text: string, file: string): BuildCalendar {
  const data = parseJson(text, file)
  const problems = buildCalendarProblems(data)
  if (problems.length > 0)
    throw new Error(`${file} does not say what the build made of the calendar: ${problems.join("; ")}`)
  const { clock, clockSet, servedUntil } = data as BuildCalendar
  return { clock, clockSet, servedUntil, ...studiesOf(data as BuildCalendar) }
}
