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
import { type BuiltFrom, refuseExpired } from "./stamp"

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
 * was deleted, unless the study moved to another of its files (movedFrom: the word is that file's from
 * then on); one made before builds listed them all says so only of studies with a window, and a study
 * it does not list is off the record, as it always was.
 */
export function toldAfter(told: ToldCalendar, built: BuiltFrom, release: string): ToldCalendar {
  if (!built.clock || !built.windows) return told
  const word = {
    toldAt: built.clock,
    ...(built.committedAt ? { committedAt: built.committedAt } : {}),
    ...(built.commitDepth ? { commitDepth: built.commitDepth } : {}),
    ...(built.commitRoot ? { commitRoot: built.commitRoot } : {}),
    release,
  }
  const studies = new Map<string, ToldWindow>()
  for (const [file, window] of Object.entries(told.studies)) {
    if (saysMore(window, built) || windowOf(built, file)) studies.set(file, window)
    else if (built.allStudies && (window.deleted || !movedFrom(told, built, file)))
      studies.set(file, { ...window, deleted: true, ...word })
  }
  for (const [file, window] of Object.entries(built.windows)) {
    const known = studies.get(file)
    if (!known || !saysMore(known, built))
      studies.set(file, {
        goLiveAt: window.goLiveAt ?? null,
        expireAt: window.expireAt ?? null,
        ...(window.addresses ? { addresses: window.addresses } : {}),
        ...word,
      })
  }
  return { studies: Object.fromEntries([...studies].sort(([a], [b]) => a.localeCompare(b))) }
}

/** The window `built` has for `file` (its own, never an object's built-in of that name). */
const windowOf = (built: BuiltFrom, file: string): StudyWindow | undefined =>
  built.windows && Object.hasOwn(built.windows, file) ? built.windows[file] : undefined

const knows = (told: ToldCalendar, file: string) => Object.hasOwn(told.studies, file)

/**
 * Whether the study the host knows as `file`, which `built` no longer has, moved to another of its
 * files: git saw it (that file's `formerFiles`); or a file new to the host lists the study's address
 * among its former slugs (a move with a new slug, the old kept), or has for its slug one of the
 * study's former addresses (a move undone); or, for a word of before words were kept by file, any of
 * its files has the address. (Another study taking the address as its own slug is a new study: the
 * old one was deleted.)
 */
const movedFrom = (told: ToldCalendar, built: BuiltFrom, file: string): boolean => {
  const word = told.studies[file]
  const [address, ...former] = addressesOf(file, word)
  return Object.entries(built.windows ?? {}).some(([other, window]) => {
    if (other === file) return false
    if (window.formerFiles?.includes(file)) return true
    const [slug, ...formerSlugs] = addressesOf(other, window)
    if (!word.addresses) return slug === address || formerSlugs.includes(address)
    return !knows(told, other) && (formerSlugs.includes(address) || former.includes(slug))
  })
}

/** The file of `built`, other than `not`, whose study has one of `addresses`; undefined where none does. */
const ownerOf = (built: BuiltFrom, addresses: string[], not: string): string | undefined =>
  Object.entries(built.windows ?? {}).find(
    ([file, window]) => file !== not && addressesOf(file, window).some((address) => addresses.includes(address)),
  )?.[0]

/**
 * How two commits stand: above 0 when `a` is the newer, below 0 when older, 0 when the same or
 * unknown. Within one history (the same first commit), committed within COMMIT_CLOCKS_APART of each
 * other, by depth: a later commit of main stands on more, whatever its committer's clock said. Else
 * (two histories, a history rewritten since, one that cannot say) by commit time, and within one
 * second by depth.
 */
export function newerCommit(a: CommitOf, b: CommitOf): number {
  const deep = a.commitDepth && b.commitDepth ? a.commitDepth - b.commitDepth : 0
  const apart = a.committedAt && b.committedAt ? Date.parse(a.committedAt) - Date.parse(b.committedAt) : 0
  const oneHistory = a.commitRoot !== undefined && a.commitRoot === b.commitRoot
  if (deep !== 0 && oneHistory && Math.abs(apart) <= COMMIT_CLOCKS_APART) return deep
  return apart === 0 ? deep : apart
}

/** How far apart two committers' clocks may be: beyond it, two commits are ordered by their times. */
export const COMMIT_CLOCKS_APART = 60 * 60 * 1000
type CommitOf = Pick<BuildInfo, "committedAt" | "commitDepth" | "commitRoot">

/**
 * Whether a word the host was told is newer than what `built` knows: by commit where both place
 * theirs and those differ (what the editors wrote: a deletion, a later goLiveAt), else by the clock
 * each judged the calendar at (the same content, judged later: a study that came down since). So a
 * build of an older commit made at a later clock (staged for a time) knows no more than a newer
 * commit's word. A word of a record written before words named their commit is newer than a build of
 * a commit made by the time it was told (the commit it came from, or a later one, is not known): a
 * commit made since is the way past it.
 */
function saysMore(word: ToldWindow, built: BuiltFrom): boolean {
  if (!word.committedAt && built.committedAt) return Date.parse(built.committedAt) <= Date.parse(word.toldAt)
  const order = newerCommit(word, built)
  return order !== 0 ? order > 0 : Date.parse(word.toldAt) > Date.parse(built.clock ?? built.builtAt)
}

export const writeToldCalendar = (root: string, told: ToldCalendar): void =>
  writeRecord(root, TOLD_CALENDAR_RECORD, told)

const time = (at: string | null | undefined, otherwise: number) => (at ? Date.parse(at) : otherwise)

/**
 * When `built` would serve the study the host knows as `file`: from `from` (now, or its own goLiveAt
 * to come, when the same commit built then serves it) until `until` (its own expireAt), or null. It
 * serves it now under any address the study has had, or by its file, or when it cannot say what it
 * serves; an address another file of it has, which the host knows by its own word, is that file's.
 */
function servingOf(told: ToldCalendar, file: string, built: BuiltFrom, now: number) {
  const addresses = addressesOf(file, told.studies[file])
  const owner = ownerOf(built, addresses, file)
  const servesNow =
    !built.serves ||
    built.servesFiles?.includes(file) ||
    ((!owner || !knows(told, owner)) && addresses.some((address) => built.serves?.includes(address)))
  const own = windowOf(built, file)
  if (!servesNow && !own) return null
  const from = servesNow ? now : Math.max(now, time(own?.goLiveAt, now))
  const until = time(own?.expireAt, Number.POSITIVE_INFINITY)
  // Serving it now, it serves it now whatever its window says (refuseExpired holds it for that).
  return from < until || servesNow ? { from, until: Math.max(until, from + 1) } : null
}

/**
 * When, within `built`'s serving, the word withholds the study (null: never), and why: deleted, not
 * live until its goLiveAt, taken down at its expireAt.
 */
function conflictOf(word: ToldWindow, serving: { from: number; until: number }, now: number) {
  const { from, until } = serving
  const at = (moment: number, why: string) => ({ at: moment, later: moment > now, why })
  if (word.deleted) return at(from, "deleted")
  if (time(word.goLiveAt, from) > from) return at(from, `not live until ${word.goLiveAt}`)
  const down = time(word.expireAt, Number.POSITIVE_INFINITY)
  if (down <= from) return at(from, `down since ${word.expireAt}`)
  return down < until ? at(down, `down from ${word.expireAt}`) : null
}

/**
 * Refuses to make `built` live when it serves, now or as its own calendar goes on, a study that the
 * host was told, by a build newer than it, is withheld then: deleted, taken down at its expireAt, or
 * not live until its goLiveAt. Built again, its commit would serve the study still (a build whose own
 * window takes it down by now is held for the calendar before, by refuseExpired): a newer build that
 * serves it as the host was told is the way back. `what` names the build in the message, and each
 * study is named by the address that build serves it at.
 */
export function refuseTakenDown(told: ToldCalendar, built: BuiltFrom, now: Date, what: string): void {
  const back = Object.entries(told.studies).flatMap(([file, word]) => {
    const serving = saysMore(word, built) ? servingOf(told, file, built, now.getTime()) : null
    const conflict = serving && conflictOf(word, serving, now.getTime())
    return conflict ? [{ file, word, ...conflict }] : []
  })
  if (back.length === 0) return
  const named = (conflicts: typeof back) =>
    conflicts.map(({ file, word, at, later, why }) => {
      const addresses = addressesOf(file, word)
      const address = addresses.find((one) => built.serves?.includes(one)) ?? addresses[0]
      const since = later ? ` from ${new Date(at).toISOString()}` : ""
      return `${address}${since} (${word.addresses ? `the study of ${file}.json, ` : ""}${why}, told by release ${word.release})`
    })
  const later = back.filter((conflict) => conflict.later)
  const parts = [back.filter((conflict) => !conflict.later), later].flatMap((conflicts, then) =>
    conflicts.length === 0
      ? []
      : [
          {
            named: named(conflicts).join(", "),
            are: conflicts.length === 1 ? "is" : "are",
            when: then ? "then" : "now",
          },
        ],
  )
  const them = back.length === 1 ? "that study" : "those studies"
  const remedy = `a build that serves ${them} ${later.length ? "as this host was told" : "again"} is the way back (the editors' restore, or a new commit)`
  throw new Error(
    built.serves
      ? `${what} ${parts
          .map(
            ({ named, are, when }) =>
              `${when === "now" ? "serves" : "would serve"} ${named}, which this host was told ${are} withheld ${when}`,
          )
          .join(", and ")}: making it live would bring ${them} back. Nothing was changed; ${remedy}.`
      : `${what} cannot say which case studies it serves (it was made before builds said so), and this host was told ${parts
          .map(({ named, are, when }) => `${named} ${are} withheld ${when}`)
          .join(", and ")}. Nothing was changed; ${remedy}.`,
  )
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

type LiveCommit = Pick<BuildInfo, "commit"> & CommitOf

/**
 * Refuses, for `release` (never `rollback`), a build of a commit older than the live one's: it would
 * undo a publish made since. The same commit built again (the calendar's timed run) is not older.
 */
export function refuseOlderCommit(live: LiveCommit | null, built: BuiltFrom, what: string): void {
  if (!live || live.commit === built.commit || newerCommit(built, live) >= 0) return
  const place = (of: LiveCommit) =>
    `${of.commit.slice(0, 8)}, committed ${of.committedAt}${of.commitDepth ? `, commit ${of.commitDepth} of its history` : ""}`
  throw new Error(
    `${what} is of a commit older than the live one (${place(built)}, against ${place(live)}): making it live would undo what was published since. Nothing was changed; to go back on purpose, roll back.`,
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
  live: LiveCommit | null,
  replacing?: string,
): { released: true } | { released: false; why: string } {
  if (replacing && live?.commit !== replacing)
    return { released: false, why: `the live site is of ${live?.commit ?? "nothing"}, no longer of ${replacing}` }
  refuseOlderCommit(live, built, `The build of ${built.commit.slice(0, 8)}`)
  return { released: true }
}
