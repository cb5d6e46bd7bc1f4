/**
 * What a live site says of itself at /release.json: the commit it was built from and since when it
 * is live. Each release on the nginx host and each Pages deployment writes it (deploy/release/); the
 * CMS reads it to tell an editor whether a change is live yet (cms/app/release-notes.tsx). Both go
 * through this schema: a stamp is made with `releaseStamp`, which refuses one the reader would
 * refuse, and read with `readReleaseStamp`; its type is inferred from the schema. What a release serves page by page is beside it, in
 * /release-pages.json (below). Both are revalidated on every request, like every unhashed file.
 */
import * as z from "zod/mini"
import { CALENDAR_WORDS, calendarFields } from "./build-info"
import { type FieldWords, fieldProblems } from "./problems"
import { offsetTime } from "./time"
import { commitDepth, commitHash } from "./values"

export const RELEASE_STAMP_PATH = "/release.json"

export const releaseStampSchema = z.object({
  /** The commit the build was made from (full hash). */
  commit: commitHash,
  /** When it was built, and when it became live. */
  builtAt: offsetTime,
  liveSince: offsetTime,
  /**
   * When its commit was committed, so that a release of an older commit is refused on Pages as on
   * the nginx host; absent in stamps written before it.
   */
  committedAt: z.optional(offsetTime),
  /** How many commits it stands on, and its history's first (contracts/build-info.ts); absent in stamps written before them. */
  commitDepth: z.optional(commitDepth),
  commitRoot: z.optional(commitHash),
  /** The release's folder on the nginx host; absent on Pages. */
  release: z.optional(z.string().check(z.minLength(1))),
  /**
   * The editors' calendar as the build judged it (contracts/build-info.ts): the time it judged it at,
   * and whether that was a set clock. Absent in stamps written before the calendar. `servedUntil` (the
   * next takedown's time) is read from older stamps but no longer written: a takedown still to come
   * is the editors' business, not the public's.
   */
  clock: z.optional(calendarFields.clock),
  clockSet: z.optional(calendarFields.clockSet),
  servedUntil: z.optional(calendarFields.servedUntil),
})
export type ReleaseStamp = z.infer<typeof releaseStampSchema>

const STAMP_WORDS: FieldWords<ReleaseStamp> = {
  commit: "a full commit hash (40 hexadecimal characters)",
  builtAt: "a time (ISO 8601)",
  liveSince: "a time (ISO 8601)",
  committedAt: "a time (ISO 8601)",
  commitDepth: "a whole number of commits, 1 or more",
  commitRoot: "a full commit hash",
  release: "a release's folder name",
  clock: CALENDAR_WORDS.clock,
  clockSet: CALENDAR_WORDS.clockSet,
  servedUntil: CALENDAR_WORDS.servedUntil,
}

/** What is wrong with `data` as a stamp, each problem naming its field; none for a good one. */
export const releaseStampProblems = (data: unknown): string[] => fieldProblems(releaseStampSchema, STAMP_WORDS, data)

/** The stamp as its file holds it, or null when `data` is not one. */
export function readReleaseStamp(data: unknown): ReleaseStamp | null {
  const stamp = releaseStampSchema.safeParse(data)
  return stamp.success ? stamp.data : null
}

/** A stamp to write, checked as it will be read: throws naming each field that is wrong. */
export function releaseStamp(fields: ReleaseStamp): ReleaseStamp {
  const stamp: ReleaseStamp = {
    commit: fields.commit,
    builtAt: fields.builtAt,
    liveSince: fields.liveSince,
    ...(fields.committedAt ? { committedAt: fields.committedAt } : {}),
    ...(fields.commitDepth ? { commitDepth: fields.commitDepth } : {}),
    ...(fields.commitRoot ? { commitRoot: fields.commitRoot } : {}),
    ...(fields.release ? { release: fields.release } : {}),
    ...(fields.clock !== undefined ? { clock: fields.clock, clockSet: fields.clockSet } : {}),
  }
  const problems = releaseStampProblems(stamp)
  if (problems.length > 0)
    throw new Error(`the release stamp (${RELEASE_STAMP_PATH}) would be refused: ${problems.join("; ")}`)
  return stamp
}

/**
 * What a build serves, page by page, beside its stamp: each page's HTML file (under public/) and the
 * fingerprint of what it is made of (its HTML, its data and the static queries it uses; 16
 * hexadecimal characters), written by the build (build-steps/post-build/changed-pages.ts) and so served by
 * every release. The publish path reads the live release's and checks only the pages a new build
 * changes against it, whatever Gatsby's cache kept (deploy/publish/publish.ts).
 */
export const RELEASE_PAGES_PATH = "/release-pages.json"

/** A path under public/ whose segments start with no dot (no "..", nothing hidden). */
const PAGE_FILE = /^(?:(?!\.)[\w.~-]+\/)*(?!\.)[\w.~-]+\.html$/
const PAGE_FINGERPRINT = /^[0-9a-f]{16}$/

export const releasePagesSchema = z.object({
  pages: z.record(z.string().check(z.regex(PAGE_FILE)), z.string().check(z.regex(PAGE_FINGERPRINT))),
})
export type ReleasePages = z.infer<typeof releasePagesSchema>

/** What is wrong with `data` as a release's pages, each problem naming its page; none for a good one. */
export function releasePagesProblems(data: unknown): string[] {
  const result = releasePagesSchema.safeParse(data)
  if (result.success) return []
  const pages = (data as { pages?: Record<string, unknown> } | null)?.pages
  return result.error.issues.map((issue) => {
    const [, file] = issue.path as [string, string | undefined]
    if (file === undefined) return `"pages" must be an object`
    return issue.code === "invalid_key"
      ? `${JSON.stringify(file)} is not a page's HTML file`
      : `${file}: ${JSON.stringify(pages?.[file])} is not a fingerprint (16 hexadecimal characters)`
  })
}

/** The pages as their file holds them, or null when `data` is not a release's pages. */
export function readReleasePages(data: unknown): ReleasePages | null {
  const pages = releasePagesSchema.safeParse(data)
  return pages.success ? pages.data : null
}
