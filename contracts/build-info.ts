/**
 * What a build folder says of itself: build.json, written by `npm run artifact` beside the build it
 * packs (deploy/publish/artifact.ts) and read by the release command on the host and before a Pages
 * upload (deploy/release/). One schema, its type inferred from it; read through `parseBuildInfo`,
 * which names the file and the field when one is missing or wrong, rather than releasing a build that
 * cannot say what it is.
 */
import * as z from "zod/mini"
import { type FieldWords, fieldProblems } from "./problems"
import { offsetTime } from "./time"
import { commitDepth, commitHash } from "./values"

export const BUILD_INFO = "build.json"

/**
 * What the build made of the editors' calendar, written by the build beside its hosting files and
 * carried into build.json and the release stamp: the clock it judged the calendar at, whether that
 * clock was set (SITE_CLOCK) rather than the real time, and until when what it serves may be served
 * (the first `expireAt` among the studies it shows; null when none comes down).
 */
export const BUILD_CALENDAR = ".hosting/calendar.json"

/** A study's window as a build read it. */
export const studyWindowSchema = z.strictObject({
  goLiveAt: z.optional(z.nullable(offsetTime)),
  expireAt: z.optional(z.nullable(offsetTime)),
  /** Every address the study has had: its slug, then those it moved from (absent from older builds). */
  addresses: z.optional(z.array(z.string().check(z.minLength(1)))),
  /** The files git saw it moved from (`git mv`), the latest first (absent: none, or no history read). */
  formerFiles: z.optional(z.array(z.string().check(z.minLength(1)))),
})
export type StudyWindow = z.infer<typeof studyWindowSchema>

/** The fields of what the build made of the calendar, in build.json, its calendar file and the stamp. */
export const calendarFields = {
  clock: offsetTime,
  clockSet: z.boolean(),
  servedUntil: z.nullable(offsetTime),
}

export const buildCalendarSchema = z.object({
  ...calendarFields,
  /**
   * The case studies the build serves, by every address each has had (slugs and former slugs) and by
   * file (the file's name without .json: a study's identity, which a rename keeps), and the window of
   * each study that has one, served or not, by file, with its addresses: what the nginx host keeps of
   * every release it serves, so that nothing taken down comes back under any address
   * (deploy/release/told-calendar.ts). Never in the public stamp: a window still to come is the
   * editors' secret. Absent from builds made before them (older builds keyed windows by slug).
   */
  serves: z.optional(z.array(z.string().check(z.minLength(1)))),
  servesFiles: z.optional(z.array(z.string().check(z.minLength(1)))),
  windows: z.optional(z.record(z.string(), studyWindowSchema)),
  /**
   * Whether `windows` names every study of the build (null times where it has no window), so that a
   * study the host knows and this build does not list is one it no longer has: deleted. Absent from
   * builds made before (their windows named the studies with a window alone).
   */
  allStudies: z.optional(z.boolean()),
})
export type BuildCalendar = z.infer<typeof buildCalendarSchema>

export const buildInfoSchema = z.extend(buildCalendarSchema, {
  /**
   * The commit built (full hash), when it was committed, how many commits it stands on, itself
   * included (`git rev-list --count`), and the first commit of its history (`git rev-list
   * --max-parents=0`): what orders two builds' commits (deploy/release/told-calendar.ts), by depth
   * within one history (a later commit of main always stands on more, whatever a committer's clock
   * said), else by time. Each absent where git could not say it (depth and root in a shallow clone)
   * and from older builds.
   */
  commit: commitHash,
  committedAt: z.optional(offsetTime),
  commitDepth: z.optional(commitDepth),
  commitRoot: z.optional(commitHash),
  /** When it was built. */
  builtAt: offsetTime,
  /** The site's host name, from the settings the build read. */
  serverName: z.string().check(z.regex(/^[a-z0-9.-]+$/i)),
})
export type BuildInfo = z.infer<typeof buildInfoSchema>

/** What each field must be, as a refusal says it. */
export const CALENDAR_WORDS: FieldWords<BuildCalendar> = {
  clock: "the time the build judged the editors' calendar at (ISO 8601)",
  clockSet: "true or false",
  servedUntil: "a time (ISO 8601) or null",
  serves: "a list of case studies' addresses (slugs)",
  servesFiles: "a list of case studies' files (names without .json)",
  windows: "each study's window (goLiveAt and expireAt, times or null, and its addresses), by file",
  allStudies: "true or false",
}
const BUILD_INFO_WORDS: FieldWords<BuildInfo> = {
  commit: "a full commit hash",
  committedAt: "a time (ISO 8601)",
  commitDepth: "a whole number of commits, 1 or more",
  commitRoot: "a full commit hash",
  builtAt: "a time (ISO 8601)",
  serverName: "a host name",
  ...CALENDAR_WORDS,
}

/** What is wrong with `data` as a build's description, each problem naming its field. */
export const buildInfoProblems = (data: unknown): string[] => fieldProblems(buildInfoSchema, BUILD_INFO_WORDS, data)

/** What is wrong with `data` as a build's calendar, each problem naming its field. */
export const buildCalendarProblems = (data: unknown): string[] =>
  fieldProblems(buildCalendarSchema, CALENDAR_WORDS, data)

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
  return buildInfoSchema.parse(data)
}

/** The build's calendar file's text, checked; throws naming `file` and each field that is wrong. */
export function parseBuildCalendar(text: string, file: string): BuildCalendar {
  const data = parseJson(text, file)
  const problems = buildCalendarProblems(data)
  if (problems.length > 0)
    throw new Error(`${file} does not say what the build made of the calendar: ${problems.join("; ")}`)
  return buildCalendarSchema.parse(data)
}
