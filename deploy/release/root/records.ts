/**
 * Every record the host keeps under its release root and in each release's folder, one schema each:
 * input like any other (an older release's, a hand's, a full disk's), parsed here alone into the
 * command's types, refused in one wording (the file, what it should be, what is wrong, what to do,
 * nothing changed), written whole once checked (replaceFile): test/deploy/release/records.test.ts
 */
import fs from "node:fs"
import path from "node:path"
import * as z from "zod/mini"
import { BUILD_INFO, buildInfoProblems, buildInfoSchema, studyWindowSchema } from "../../../contracts/build-info"
import { hostingPolicySchema } from "../../../contracts/hosting-policy"
import { isPreviewToken } from "../../../contracts/previews"
import { RELEASE_STAMP_PATH, releaseStampProblems, releaseStampSchema } from "../../../contracts/release-stamp"
import { offsetTime } from "../../../contracts/time"
import { commitDepth, commitHash } from "../../../contracts/values"
import { replaceFile } from "../../../lib/files"
import {
  FILES_MANIFEST,
  HISTORY,
  PREVIEW_RECORDS,
  RELEASE_POLICY,
  STAGED,
  TOLD_CALENDAR,
  VISITS_COUNTS,
} from "./layout"
import { manifestPath } from "./manifest-path"
import { schemaProblems } from "./record-words"

/** The most files a build may list: a site of 500 studies has 8,500; a list of millions is no build. */
export const MAX_MANIFEST_FILES = 100_000

/** One kind of record: its file (under the root, or a release's folder), what it is in words, how to read and write it. */
export interface HostRecord<T> {
  file: string
  /** What it is, as a refusal says: "a list of staged releases". */
  what: string
  /** What the operator can do when it cannot be read. */
  remedy: string
  /** What a folder without it holds; undefined where it must be there. */
  none?: () => T
  /** Its value from its text; throws with what is wrong, without the file's name. */
  parse: (text: string) => T
  /** Its text, once its value is checked. */
  write: (value: T) => string
}

/** The value a record holds. */
export type RecordOf<R> = R extends HostRecord<infer T> ? T : never

/** A record's text that is not what it should be: why, in words. */
class NotTheRecord extends Error {}

/** A release's name as a folder holds it: no path, nothing hidden. */
const releaseName = z.string().check(z.regex(/^[A-Za-z0-9][A-Za-z0-9._-]*$/, "is not a release's name"))
/** A pull request's number: a whole number, 1 or more, that JavaScript holds exactly. */
export const pullNumber = z.int().check(z.positive(), z.refine(Number.isSafeInteger, "is not a safe integer"))
/** The same as a key of a JSON object: its decimal digits. */
const pullKey = z.string().check(z.regex(/^[1-9]\d{0,15}$/, "is not a pull request's number"))
const count = z.int().check(z.nonnegative())

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text) as unknown
  } catch (error) {
    throw new NotTheRecord(`not JSON (${(error as Error).message})`)
  }
}

/** A record kept as JSON, checked by `schema` (or `problems`, which words them field by field). */
function jsonRecord<T>(spec: {
  file: string
  what: string
  remedy: string
  schema: z.ZodMiniType<T>
  problems?: (data: unknown) => string[]
  none?: () => NoInfer<T>
  compact?: boolean
}): HostRecord<T> {
  const check = (data: unknown): T => {
    const problems = spec.problems ? spec.problems(data) : schemaProblems(spec.schema, data)
    if (problems.length > 0) throw new NotTheRecord(problems.join("; "))
    return spec.schema.parse(data)
  }
  return {
    ...spec,
    parse: (text) => check(parseJson(text)),
    write: (value) => `${spec.compact ? JSON.stringify(check(value)) : JSON.stringify(check(value), null, 2)}\n`,
  }
}

/** Releases staged for a time (staged.ts): made live by the host's timer once their time has come. */
export const STAGED_RECORD = jsonRecord({
  file: STAGED,
  what: "a list of staged releases",
  remedy: "remove it to drop what it staged",
  schema: z.object({
    staged: z.array(z.object({ release: releaseName, at: offsetTime, commit: commitHash })),
  }),
  none: () => ({ staged: [] }),
})
export type StagedRelease = RecordOf<typeof STAGED_RECORD>["staged"][number]

/** What the releases served said of the editors' calendar (told-calendar.ts). */
const toldWindow = z.extend(studyWindowSchema, {
  toldAt: offsetTime,
  /** When the commit of the build that told it was committed, and its depth (absent from older records). */
  committedAt: z.optional(offsetTime),
  commitDepth: z.optional(commitDepth),
  commitRoot: z.optional(commitHash),
  release: z.string(),
  /** The newest build had no such file (absent: it had, or said no more than its window). */
  deleted: z.optional(z.literal(true)),
})
export const TOLD_CALENDAR_RECORD = jsonRecord({
  file: TOLD_CALENDAR,
  what: "the studies' windows the host was told",
  remedy: "the host cannot say what it was told of the calendar: restore it from a backup",
  schema: z.object({ studies: z.record(z.string(), toldWindow) }),
  none: () => ({ studies: {} }),
})
export type ToldCalendar = RecordOf<typeof TOLD_CALENDAR_RECORD>
export type ToldWindow = ToldCalendar["studies"][string]

/** Drafts' previews (previews.ts): those served, and what the host knows of each pull request. */
const previewSchema = z.object({
  pull: pullNumber,
  token: z.string().check(z.refine(isPreviewToken, "is not a preview's token")),
  commit: commitHash,
  /** When the change it shows was made (the pull request's event), which orders previews of one pull. */
  at: offsetTime,
  madeAt: offsetTime,
  /** Its files' bytes, measured, counted whole. */
  bytes: count,
})
export const PREVIEWS_RECORD = jsonRecord({
  file: PREVIEW_RECORDS,
  what: "a list of previews",
  remedy: "remove it, and the previews it listed (previews/site/preview/)",
  schema: z.object({
    previews: z.array(previewSchema),
    /** Pull requests closed, by number: when. */
    closed: z.record(pullKey, offsetTime),
    /**
     * The latest change of each pull request the host previewed, by number, whether its preview is
     * served still or was pushed out by the bounds: a run of that change or an earlier one changes
     * nothing (absent from records written before it).
     */
    seen: z.optional(z.record(pullKey, offsetTime)),
  }),
  none: () => ({ previews: [], closed: {}, seen: {} }),
})
export type PreviewRecords = RecordOf<typeof PREVIEWS_RECORD>
export type Preview = PreviewRecords["previews"][number]

/** The demo funnel's counts by day (visit-counts.ts): counts only, never a line of the log. */
const countsByKey = z.record(z.string(), count)
export const VISITS_RECORD = jsonRecord({
  file: VISITS_COUNTS,
  what: "the demo funnel's counts by day",
  remedy: "remove it: the next report counts again the days the logs still hold",
  schema: z.object({
    days: z.record(
      z.string().check(z.regex(/^\d{4}-\d{2}-\d{2}$/, "is not a day")),
      z.object({ pages: countsByKey, robots: count, demo: countsByKey, scheduler: countsByKey }),
    ),
  }),
  none: () => ({ days: {} }),
  compact: true,
})
export type VisitCounts = RecordOf<typeof VISITS_RECORD>
export type DayCounts = VisitCounts["days"][string]

/** The releases made live, one a line, in order (what a rollback goes back through). */
export const HISTORY_RECORD: HostRecord<string[]> = {
  file: HISTORY,
  what: "the releases made live, one a line",
  remedy: "remove the lines that name no release",
  none: () => [],
  parse: (text) => {
    const ids = text.split("\n").filter(Boolean)
    const wrong = ids.find((id) => !releaseName.safeParse(id).success)
    if (wrong !== undefined) throw new NotTheRecord(`${JSON.stringify(wrong.slice(0, 80))} is no release's name`)
    return ids
  },
  write: (ids) => ids.map((id) => `${releaseName.parse(id)}\n`).join(""),
}

/** A build's files under public/, by path ("case-studies/wine/index.html"): the hash of their bytes, and their size. */
export type Manifest = Record<string, { sha256: string; size: number }>

const manifestEntry = z.object({
  sha256: z.string().check(z.regex(/^[0-9a-f]{64}$/, "is not a SHA-256 hash")),
  size: count,
})

/**
 * files.json, in an artifact, an upload and each release: each path taken as manifest-path.ts says
 * (a plain relative path inside public/), two that name one file refused.
 */
export const MANIFEST_RECORD: HostRecord<Manifest> = {
  file: FILES_MANIFEST,
  what: "a list of a build's files (npm run artifact's files.json)",
  remedy: "pack the build again with npm run artifact",
  parse: (text) => {
    const data = parseJson(text)
    const problems = schemaProblems(z.record(z.string(), manifestEntry), data)
    if (problems.length > 0) throw new NotTheRecord(problems.join("; "))
    const count = Object.keys(data as Manifest).length
    if (count > MAX_MANIFEST_FILES) throw new NotTheRecord(`it lists ${count} files, more than ${MAX_MANIFEST_FILES}`)
    const manifest: Manifest = {}
    for (const [raw, entry] of Object.entries(data as Manifest)) {
      const file = manifestPath(raw)
      if (typeof file !== "string") throw new NotTheRecord(`${JSON.stringify(raw)} ${file.refused}`)
      if (Object.hasOwn(manifest, file))
        throw new NotTheRecord(`${JSON.stringify(raw)} names ${JSON.stringify(file)} a second time`)
      manifest[file] = { sha256: entry.sha256, size: entry.size }
    }
    return manifest
  },
  write: (manifest) => `${JSON.stringify(manifest)}\n`,
}

/** What a build said of itself (contracts/build-info.ts), in an artifact and each release. */
export const BUILD_RECORD = jsonRecord({
  file: BUILD_INFO,
  what: "a build's description",
  remedy: "pack the build again with npm run artifact",
  schema: buildInfoSchema,
  problems: buildInfoProblems,
})

/** The stamp (contracts/release-stamp.ts), in a release's public/: what the live site says it serves. */
export const STAMP_RECORD = jsonRecord({
  file: RELEASE_STAMP_PATH.slice(1),
  what: "a release stamp",
  remedy: "release again",
  schema: releaseStampSchema,
  problems: releaseStampProblems,
})

/** The hosting policy its build wrote (contracts/hosting-policy.ts), in an artifact's .hosting/ and each release. */
export const POLICY_RECORD = jsonRecord({
  file: RELEASE_POLICY,
  what: "a hosting policy",
  remedy: "build and pack again",
  schema: hostingPolicySchema,
})

/** The refusal of `record`'s text, from `source` (a file, or where its text came from). */
const refusal = (record: Pick<HostRecord<unknown>, "what" | "remedy">, source: string, why: string) =>
  new Error(`${source} is not ${record.what} (${why}): ${record.remedy}; nothing was changed`)

/** `record`'s text from elsewhere (a host's file read over SSH, a file named on the command line), checked. */
export function parseRecord<T>(record: HostRecord<T>, text: string, source: string): T {
  try {
    return record.parse(text)
  } catch (error) {
    if (error instanceof NotTheRecord) throw refusal(record, source, error.message)
    throw error
  }
}

/** `record` as `dir` keeps it; one it lacks is its `none`, or refused as missing. */
export function readRecord<T>(dir: string, record: HostRecord<T>): T {
  const file = path.join(dir, record.file)
  let text: string
  try {
    text = fs.readFileSync(file, "utf8")
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== "ENOENT") throw error
    if (record.none) return record.none()
    throw refusal(record, file, "it is missing")
  }
  return parseRecord(record, text, file)
}

/** `record` as `dir` keeps it, or null where it has none (a release made before it was kept). */
export const readRecordIfAny = <T>(dir: string, record: HostRecord<T>): T | null =>
  fs.existsSync(path.join(dir, record.file)) ? readRecord(dir, record) : null

/** Writes `value` as `record` in `dir`, checked, whole (a reader meets the old text or the new). */
export function writeRecord<T>(dir: string, record: HostRecord<T>, value: T): void {
  replaceFile(path.join(dir, record.file), record.write(value))
}
