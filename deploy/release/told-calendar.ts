/**
 * What the nginx host has been told of the editors' calendar by every release it served (the root's
 * `calendar.json`): for each case study, known by its file with every address it has had, the newest
 * build's word: live, withheld until its `goLiveAt`, taken down at its `expireAt`, or deleted (that
 * build had no such file). A build judges the calendar from its own content only, so an older build
 * (a rollback, `release --older-commit`, a staged release, an artifact released again) could serve a
 * study a newer one withholds: every way to live is checked here first, and one that would is
 * refused, naming the study, its file, why it is withheld and which release said so. A newer build
 * that serves it again (the editors' restore, a new commit) is the way back. A release of a commit
 * older than the live one's is refused too; only `rollback` goes back.
 */
import type { BuildInfo, StudyWindow } from "../../contracts/build-info"
import { TOLD_CALENDAR_RECORD, type ToldCalendar, type ToldWindow, readRecord, writeRecord } from "./root/records"
import { type BuiltFrom, HeldForCalendar, refuseExpired } from "./stamp"

export type { ToldCalendar, ToldWindow }

/** Every address a study was told under: those its window lists, or its key (a record of before, by slug). */
const addressesOf = (key: string, window: StudyWindow) => window.addresses ?? [key]

/**
 * The root's record, or an empty one when there is none yet. A record that cannot be read stops the
 * release: guessing would let a study taken down come back.
 */
export const readToldCalendar = (root: string): ToldCalendar => readRecord(root, TOLD_CALENDAR_RECORD)

/**
 * The record once a release of `built` is live: its word on each study replaces the word of builds no
 * newer. A build that lists every study (`allStudies`) and no longer has one the host knows says it
 * was deleted; one made before builds listed them all says so only of studies with a window, and a
 * study it does not list is off the record, as it always was.
 */
export function toldAfter(told: ToldCalendar, built: BuiltFrom, release: string): ToldCalendar {
  if (!built.clock || !built.windows) return told
  const word = { toldAt: built.clock, ...(built.committedAt ? { committedAt: built.committedAt } : {}), release }
  const studies: Record<string, ToldWindow> = {}
  for (const [file, window] of Object.entries(told.studies)) {
    if (saysMore(window, built) || file in built.windows) studies[file] = window
    else if (built.allStudies) studies[file] = { ...window, deleted: true, ...word }
  }
  for (const [file, window] of Object.entries(built.windows)) {
    if (!studies[file] || !saysMore(studies[file], built))
      studies[file] = {
        goLiveAt: window.goLiveAt ?? null,
        expireAt: window.expireAt ?? null,
        ...(window.addresses ? { addresses: window.addresses } : {}),
        ...word,
      }
  }
  return { studies: Object.fromEntries(Object.entries(studies).sort(([a], [b]) => a.localeCompare(b))) }
}

/**
 * Whether a word the host was told is newer than what `built` knows: by commit where both name the
 * time of theirs and those differ (what the editors wrote: a deletion, a later goLiveAt), else by the
 * clock each judged the calendar at (the same content, judged later: a study that came down since).
 * So a build of an older commit made at a later clock (staged for a time) knows no more than a newer
 * commit's word.
 */
function saysMore(word: ToldWindow, built: BuiltFrom): boolean {
  if (word.committedAt && built.committedAt && Date.parse(word.committedAt) !== Date.parse(built.committedAt))
    return Date.parse(word.committedAt) > Date.parse(built.committedAt)
  return Date.parse(word.toldAt) > Date.parse(built.clock ?? built.builtAt)
}

export const writeToldCalendar = (root: string, told: ToldCalendar): void =>
  writeRecord(root, TOLD_CALENDAR_RECORD, told)

/** Why the word on a study withholds it at `now`, or null: deleted, taken down, not live yet. */
function withheldBy(window: ToldWindow, now: Date): { why: string; passed: boolean } | null {
  if (window.deleted) return { why: "deleted", passed: false }
  if (window.expireAt && Date.parse(window.expireAt) <= now.getTime())
    return { why: `down since ${window.expireAt}`, passed: true }
  if (window.goLiveAt && Date.parse(window.goLiveAt) > now.getTime())
    return { why: `not live until ${window.goLiveAt}`, passed: false }
  return null
}

/**
 * Refuses to make `built` live when it serves a study that the host was told, by a build newer than
 * it, is withheld now: deleted, taken down at a time now past, or not live until a time to come.
 * Served means under any address the study has had, or by its file. A study taken down at a time past
 * holds the build for the calendar (the same commit built now leaves it out); one deleted or moved
 * to a later time is refused outright (built again, the same commit would serve it still): a newer
 * build that serves it is the way back. `what` names the build in the message.
 */
export function refuseTakenDown(told: ToldCalendar, built: BuiltFrom, now: Date, what: string): void {
  const served = built.serves
  const back = Object.entries(told.studies).flatMap(([key, window]) => {
    const withheld = saysMore(window, built) ? withheldBy(window, now) : null
    const serves =
      !served ||
      built.servesFiles?.includes(key) ||
      addressesOf(key, window).some((address) => served.includes(address))
    return withheld && serves ? [{ key, window, ...withheld }] : []
  })
  if (back.length === 0) return
  const named = back.map(
    ({ key, window, why }) =>
      `${addressesOf(key, window)[0]} (${window.addresses ? `the study of ${key}.json, ` : ""}${why}, told by release ${window.release})`,
  )
  const them = back.length === 1 ? "that study" : "those studies"
  const passedOnly = back.every(({ passed }) => passed)
  const remedy = passedOnly
    ? "the same commit built now releases it (the calendar's next run does)"
    : `a build that serves ${them} again is the way back (the editors' restore, or a new commit)`
  const message = served
    ? `${what} serves ${named.join(", ")}, which this host was told ${back.length === 1 ? "is" : "are"} withheld now: making it live would bring ${them} back. Nothing was changed; ${remedy}.`
    : `${what} cannot say which case studies it serves (it was made before builds said so), and this host was told ${named.join(", ")} ${back.length === 1 ? "is" : "are"} withheld now. Nothing was changed; ${remedy}.`
  throw passedOnly ? new HeldForCalendar(message) : new Error(message)
}

/**
 * The checks every way to live makes (a release, a rollback, a staged release at its time): refused
 * when `built` serves a study past its own `expireAt`, or one this host was told is withheld now by a
 * build newer than it.
 */
export function refuseBringingBack(root: string, built: BuiltFrom, now: Date, what: string): void {
  refuseExpired(built, what, now)
  refuseTakenDown(readToldCalendar(root), built, now, what)
}

/**
 * Refuses, for `release` (never `rollback`), a build of a commit older than the live one's: it would
 * undo a publish made since. The same commit built again (the calendar's timed run) is not older.
 */
export function refuseOlderCommit(
  live: Pick<BuildInfo, "commit" | "committedAt"> | null,
  built: BuiltFrom,
  what: string,
): void {
  if (!live?.committedAt || !built.committedAt || live.commit === built.commit) return
  if (Date.parse(built.committedAt) >= Date.parse(live.committedAt)) return
  throw new Error(
    `${what} is of a commit older than the live one (${built.commit.slice(0, 8)}, committed ${built.committedAt}, against ${live.commit.slice(0, 8)}, committed ${live.committedAt}): making it live would undo what was published since. Nothing was changed; to go back on purpose, roll back.`,
  )
}

/**
 * Whether a Pages release (`release.cjs stamp`, before the upload) goes over the live site's stamp
 * `live` (null where there is none yet): not when `replacing` names a commit no longer live (the
 * calendar's run: the next one looks again); refused, as on the nginx host, when its commit is older
 * than the live one's. Pages keeps no record of what it was told of the calendar: the build's own
 * `servedUntil` is checked as the stamp is written (`writeStamp`).
 */
export function overLiveOnPages(
  built: BuiltFrom,
  live: Pick<BuildInfo, "commit" | "committedAt"> | null,
  replacing?: string,
): { released: true } | { released: false; why: string } {
  if (replacing && live?.commit !== replacing)
    return { released: false, why: `the live site is of ${live?.commit ?? "nothing"}, no longer of ${replacing}` }
  refuseOlderCommit(live, built, `The build of ${built.commit.slice(0, 8)}`)
  return { released: true }
}
