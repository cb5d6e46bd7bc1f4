/**
 * What a build is (its build.json, or the git checkout it is in) and the stamp a release writes from
 * it (/release.json), both through their contracts (contracts/): a build that cannot say its commit is
 * refused, naming what is missing, rather than released with a stamp the CMS would not read.
 */
import fs from "node:fs"
import path from "node:path"
import {
  BUILD_CALENDAR,
  BUILD_INFO,
  type BuildCalendar,
  type BuildInfo,
  parseBuildCalendar,
} from "../../contracts/build-info"
import { readClock } from "../../contracts/clock"
import { EDITORS_ZONE_NAME, editorsTime } from "../../contracts/editors-time"
import { RELEASE_STAMP_PATH, releaseStamp } from "../../contracts/release-stamp"
import { isCommitHash } from "../../contracts/values"
import { run } from "./nginx-control"
import { replaceFile } from "../../lib/files"
import { BUILD_RECORD, STAMP_RECORD, readRecord } from "./root/records"

/** What a build to release says of itself: its commit, when it was built, what it made of the calendar. */
export type BuiltFrom = Pick<BuildInfo, "commit" | "builtAt" | "committedAt" | "commitDepth" | "commitRoot"> &
  Partial<BuildCalendar>

/** Where a commit stands in the history: when it was committed, and how many commits it stands on. */
export type CommitPlace = Pick<BuildInfo, "committedAt" | "commitDepth" | "commitRoot">

/**
 * Where `commit` stands, from the checkout at `dir`: when it was committed (ISO 8601) and how many
 * commits it is made of, itself included (`git rev-list --count`), which orders two commits of the
 * same second; each absent where git cannot say it (the depth in a shallow clone, where it is short).
 */
export function commitPlace(dir: string, commit: string): CommitPlace {
  const log = run("git", ["-C", dir, "log", "-1", "--format=%cI", commit])
  const time = log.ok && !Number.isNaN(Date.parse(log.output)) ? new Date(log.output).toISOString() : undefined
  const shallow = run("git", ["-C", dir, "rev-parse", "--is-shallow-repository"])
  const count = shallow.ok && shallow.output === "false" ? run("git", ["-C", dir, "rev-list", "--count", commit]) : null
  const depth = count?.ok && /^[1-9]\d{0,9}$/.test(count.output) ? Number(count.output) : undefined
  const roots = depth ? run("git", ["-C", dir, "rev-list", "--max-parents=0", commit]) : null
  const root = roots?.ok ? roots.output.split("\n").filter(isCommitHash).sort()[0] : undefined
  return {
    ...(time ? { committedAt: time } : {}),
    ...(depth ? { commitDepth: depth } : {}),
    ...(depth && root ? { commitRoot: root } : {}),
  }
}

/** build.json in `source`, checked (a folder packed by `npm run artifact`). */
export const readBuildInfo = (source: string): BuildInfo => readRecord(source, BUILD_RECORD)

/** The build's commit and time: its build.json, or else the git checkout it is in and its home page's time. */
export function buildInfoOf(source: string): BuiltFrom {
  if (fs.existsSync(path.join(source, BUILD_INFO))) return readBuildInfo(source)
  const commit = run("git", ["-C", source, "rev-parse", "HEAD"])
  if (!commit.ok || !isCommitHash(commit.output)) {
    throw new Error(
      `${source} cannot say which commit it was built from: it has no ${BUILD_INFO} and is not a git checkout (${commit.output}); nothing was released`,
    )
  }
  const home = path.join(source, "public", "index.html")
  const calendar = path.join(source, BUILD_CALENDAR)
  if (!fs.existsSync(calendar)) {
    throw new Error(
      `${source} cannot say when what it serves may be served: it has no ${BUILD_CALENDAR}; build it again`,
    )
  }
  return {
    commit: commit.output,
    ...commitPlace(source, commit.output),
    builtAt: fs.statSync(home).mtime.toISOString(),
    ...parseBuildCalendar(fs.readFileSync(calendar, "utf8"), calendar),
  }
}

/**
 * A release refused for the calendar alone: the build is right but its clock is past (it serves a
 * study that has come down since it was made). Nothing was changed; the commit is held, and the
 * calendar's next run builds it again at its own clock and releases it (deploy/publish/calendar.ts,
 * `heldDecision`): the release command exits with its own status for it (`HELD_STATUS`).
 */
export class HeldForCalendar extends Error {}

/** The exit status of a release or stamp held for the calendar (`HeldForCalendar`): nothing was changed. */
export const HELD_STATUS = 4

/**
 * Refuses to make live a build whose time has passed: one that serves a case study past its
 * `expireAt` (an old artifact released again, a rollback, a re-run of an old workflow) would bring a
 * study taken down back, at `now` (by default the process's clock, contracts/clock.ts).
 */
export function refuseExpired(built: Partial<BuildCalendar>, what: string, now = readClock(process.env).now): void {
  if (!built.servedUntil || Date.parse(built.servedUntil) > now.getTime()) return
  throw new HeldForCalendar(
    `${what} serves a case study until ${editorsTime(built.servedUntil, now)} (${EDITORS_ZONE_NAME}; ${built.servedUntil}), which has passed: making it live would bring back a study taken down. Nothing was changed; the same commit built again now releases it without that study (the calendar's next run does).`,
  )
}

/**
 * Writes the stamp (/release.json) into a build's public folder, saying it is live from now: on the
 * nginx host just before the switch, in a folder nginx does not serve yet (a release's own, or one
 * rolled back to); for Pages, into the artifact just before its upload. Without `info` (a rollback
 * to a release that kept no build.json) the build is the one the folder's stamp already names. Its
 * time is checked against `now` (refuseExpired).
 */
export function writeStamp(
  publicDir: string,
  info: BuiltFrom | null,
  release?: string,
  now = readClock(process.env).now,
): void {
  const file = path.join(publicDir, RELEASE_STAMP_PATH)
  const built = info ?? readRecord(publicDir, STAMP_RECORD)
  refuseExpired(built, `The build of ${built.commit.slice(0, 8)} made at ${built.clock ?? built.builtAt}`, now)
  const stamp = releaseStamp({
    commit: built.commit,
    builtAt: built.builtAt,
    liveSince: new Date().toISOString(),
    committedAt: built.committedAt,
    commitDepth: built.commitDepth,
    commitRoot: built.commitRoot,
    release,
    clock: built.clock,
    clockSet: built.clockSet,
  })
  replaceFile(file, `${JSON.stringify(stamp, null, 2)}\n`)
}
