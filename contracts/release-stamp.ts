/**
 * What a live site says of itself at /release.json: the commit it was built from and since when it
 * is live. Each release on the nginx host and each Pages deployment writes it (deploy/release/); the
 * CMS reads it to tell an editor whether a change is live yet (cms/app/release-notes.tsx). Both go
 * through this schema: a stamp is made with `releaseStamp`, which refuses one the reader would
 * refuse, and read with `readReleaseStamp`. What a release serves page by page is beside it, in
 * /release-pages.json (below). Both are revalidated on every request, like every unhashed file.
 */
import { CALENDAR_FIELDS, fieldProblems } from "./build-info"
import { isCommitHash, isTime } from "./values"

export const RELEASE_STAMP_PATH = "/release.json"

export interface ReleaseStamp {
  /** The commit the build was made from (full hash). */
  commit: string
  /** When it was built, and when it became live (ISO 8601). */
  builtAt: string
  liveSince: string
  /**
   * When its commit was committed (ISO 8601), so that a release of an older commit is refused on
   * Pages as on the nginx host; absent in stamps written before it.
   */
  committedAt?: string
  /** The release's folder on the nginx host; absent on Pages. */
  release?: string
  /**
   * The editors' calendar as the build judged it (contracts/build-info.ts, BuildCalendar): the time it
   * judged it at, and whether that was a set clock. Absent in stamps written before the calendar.
   * `servedUntil` (the next takedown's time) is read from older stamps but no longer written: a
   * takedown still to come is the editors' business, not the public's.
   */
  clock?: string
  clockSet?: boolean
  servedUntil?: string | null
}

/** What is wrong with `data` as a stamp, each problem naming its field; none for a good one. */
export function releaseStampProblems(data: unknown): string[] {
  if (!data || typeof data !== "object" || Array.isArray(data)) return ["not an object"]
  const stamp = data as Record<keyof ReleaseStamp, unknown>
  const problems: string[] = []
  if (!isCommitHash(stamp.commit))
    problems.push(
      `"commit" must be a full commit hash (40 hexadecimal characters), not ${JSON.stringify(stamp.commit)}`,
    )
  for (const field of ["builtAt", "liveSince"] as const) {
    if (!isTime(stamp[field]))
      problems.push(`"${field}" must be a time (ISO 8601), not ${JSON.stringify(stamp[field])}`)
  }
  if (stamp.committedAt !== undefined && !isTime(stamp.committedAt))
    problems.push(`"committedAt" must be a time (ISO 8601), not ${JSON.stringify(stamp.committedAt)}`)
  if (stamp.release !== undefined && (typeof stamp.release !== "string" || !stamp.release))
    problems.push(`"release" must be a release's folder name, not ${JSON.stringify(stamp.release)}`)
  // The build's calendar, checked as build.json's is; each field absent from a stamp written before it.
  problems.push(
    ...fieldProblems(
      stamp,
      CALENDAR_FIELDS.filter((field) => stamp[field] !== undefined),
    ),
  )
  return problems
}

/** The stamp as its file holds it, or null when `data` is not one. */
export function readReleaseStamp(data: unknown): ReleaseStamp | null {
  return releaseStampProblems(data).length === 0 ? (data as ReleaseStamp) : null
}

/** A stamp to write, checked as it will be read: throws naming each field that is wrong. */
export function releaseStamp(fields: ReleaseStamp): ReleaseStamp {
  const stamp: ReleaseStamp = {
    commit: fields.commit,
    builtAt: fields.builtAt,
    liveSince: fields.liveSince,
    ...(fields.committedAt ? { committedAt: fields.committedAt } : {}),
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
 * hexadecimal characters), written by the build (deploy/publish/changed-pages.ts) and so served by
 * every release. The publish path reads the live release's and checks only the pages a new build
 * changes against it, whatever Gatsby's cache kept (deploy/publish/publish.ts).
 */
export const RELEASE_PAGES_PATH = "/release-pages.json"

export interface ReleasePages {
  pages: Record<string, string>
}

/** A path under public/ whose segments start with no dot (no "..", nothing hidden). */
const PAGE_FILE = /^(?:(?!\.)[\w.~-]+\/)*(?!\.)[\w.~-]+\.html$/
const PAGE_FINGERPRINT = /^[0-9a-f]{16}$/

/** What is wrong with `data` as a release's pages, each problem naming its page; none for a good one. */
export function releasePagesProblems(data: unknown): string[] {
  const pages = (data as { pages?: unknown } | null)?.pages
  if (!pages || typeof pages !== "object" || Array.isArray(pages)) return [`"pages" must be an object`]
  return Object.entries(pages).flatMap(([file, fingerprint]) => [
    ...(PAGE_FILE.test(file) ? [] : [`${JSON.stringify(file)} is not a page's HTML file`]),
    ...(typeof fingerprint === "string" && PAGE_FINGERPRINT.test(fingerprint)
      ? []
      : [`${file}: ${JSON.stringify(fingerprint)} is not a fingerprint (16 hexadecimal characters)`]),
  ])
}

/** The pages as their file holds them, or null when `data` is not a release's pages. */
export function readReleasePages(data: unknown): ReleasePages | null {
  return releasePagesProblems(data).length === 0 ? (data as ReleasePages) : null
}
