/**
 * What the nginx host has been told of the editors' calendar by every release it served (the root's
 * `calendar.json`): each case study's window as the newest build that spoke of it said it, the study
 * known by its file with every address it has had. A build judges the calendar from its own content
 * only, so an older artifact could serve a study again after its time: every release and rollback is
 * checked here first, and one that serves a study a newer build said came down is refused, naming it.
 * A release of a commit older than the live one's is refused too; only `rollback` goes back.
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

/** The record once a release of `built` is live: its windows replace those told by builds no newer. */
export function toldAfter(told: ToldCalendar, built: BuiltFrom, release: string): ToldCalendar {
  if (!built.clock || !built.windows) return told
  const clock = Date.parse(built.clock)
  const studies: Record<string, ToldWindow> = {}
  for (const [slug, window] of Object.entries(told.studies)) {
    // A newer build without a window for it: the editors took it off the calendar (or deleted it).
    if (Date.parse(window.toldAt) > clock || slug in built.windows) studies[slug] = window
  }
  for (const [slug, window] of Object.entries(built.windows)) {
    if (!studies[slug] || Date.parse(studies[slug].toldAt) <= clock)
      studies[slug] = {
        goLiveAt: window.goLiveAt ?? null,
        expireAt: window.expireAt ?? null,
        ...(window.addresses ? { addresses: window.addresses } : {}),
        toldAt: built.clock,
        release,
      }
  }
  return { studies: Object.fromEntries(Object.entries(studies).sort(([a], [b]) => a.localeCompare(b))) }
}

export const writeToldCalendar = (root: string, told: ToldCalendar): void =>
  writeRecord(root, TOLD_CALENDAR_RECORD, told)

/**
 * Refuses to make `built` live when it serves a study the host was told, by a build newer than it,
 * came down at a time now past. `what` names the build in the message.
 */
export function refuseTakenDown(told: ToldCalendar, built: BuiltFrom, now: Date, what: string): void {
  const clock = Date.parse(built.clock ?? built.builtAt)
  const down = Object.entries(told.studies).filter(
    ([, window]) =>
      window.expireAt && Date.parse(window.expireAt) <= now.getTime() && Date.parse(window.toldAt) > clock,
  )
  const served = built.serves
  // Served under any address it has had, or by its file, whatever its address then.
  const back = down.filter(
    ([key, window]) =>
      !served ||
      built.servesFiles?.includes(key) ||
      addressesOf(key, window).some((address) => served.includes(address)),
  )
  if (back.length === 0) return
  const named = back.map(
    ([key, window]) =>
      `${addressesOf(key, window)[0]} (${window.addresses ? `the study of ${key}.json, ` : ""}down since ${window.expireAt}, told by release ${window.release})`,
  )
  throw new HeldForCalendar(
    served
      ? `${what} serves ${named.join(", ")}, which this host was told came down: making it live would bring ${back.length === 1 ? "that study" : "those studies"} back. Nothing was changed; the same commit built now releases it (the calendar's next run does).`
      : `${what} cannot say which case studies it serves (it was made before builds said so), and this host was told ${named.join(", ")} came down since it was built. Nothing was changed; the same commit built now releases it (the calendar's next run does).`,
  )
}

/**
 * The checks every way to live makes (a release, a rollback, a staged release at its time): refused
 * when `built` serves a study past its own `expireAt`, or one this host was told came down since it
 * was built.
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
