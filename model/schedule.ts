/**
 * The editors' calendar: a case study may say when it goes live (`goLiveAt`) and when it comes down
 * (`expireAt`), both ISO 8601 times with their offset, written once on the English side and shared by
 * every language. Outside that window the study is in nothing a release serves (gatsby/content/nodes.ts
 * leaves it out of the content itself). The build judges a schedule at one time, its clock
 * (contracts/clock.ts); the build server's timer, the release command and the CMS judge it here too.
 * Editors' times are Zurich's (contracts/editors-time.ts). (Plain values only: the CMS's browser code reads this file.)
 */

import { DEFAULT_LOCALE } from "./locales"

/** A study's window, as its English document holds it. */
export interface Schedule {
  goLiveAt?: string | null
  expireAt?: string | null
}

/** Where a study stands at a time: not yet live, live, or taken down. */
export type ScheduleState = "scheduled" | "live" | "expired"

const at = (time: string | null | undefined): number | undefined => (time ? Date.parse(time) : undefined)

/** Where a study with this window stands at `now`. A study without one is always live. */
export function scheduleStateAt(schedule: Schedule, now: Date): ScheduleState {
  const goLive = at(schedule.goLiveAt)
  const expire = at(schedule.expireAt)
  if (expire !== undefined && now.getTime() >= expire) return "expired"
  if (goLive !== undefined && now.getTime() < goLive) return "scheduled"
  return "live"
}

/** Whether a release built at `now` serves the study. */
export const isServedAt = (schedule: Schedule, now: Date): boolean => scheduleStateAt(schedule, now) === "live"

/** One change the calendar makes: a study going live or coming down, at its time. */
export interface CalendarChange {
  slug: string
  title: string
  kind: "goes live" | "comes down"
  at: string
}

/** A study as the calendar reads it: its key, its title, its window. */
export interface ScheduledStudy extends Schedule {
  slug: string
  title: string
  /** The slugs it moved from, whose addresses lead to it. */
  formerSlugs?: string[]
}

/**
 * A case study file's calendar fields, from its English side (`raw.en`), where the shared fields are
 * written; undefined for a file with no slug there. The build, the build server's timer and the CMS
 * all read a file through this.
 */
export function scheduledStudyOf(raw: unknown): ScheduledStudy | undefined {
  const english = (raw as Record<string, unknown> | null)?.[DEFAULT_LOCALE] as Partial<ScheduledStudy> | undefined
  if (typeof english?.slug !== "string") return undefined
  const { slug, title = "", goLiveAt, expireAt, formerSlugs } = english
  const former = Array.isArray(formerSlugs) ? formerSlugs.filter((item) => typeof item === "string") : []
  return { slug, title, goLiveAt, expireAt, ...(former.length > 0 ? { formerSlugs: former } : {}) }
}

/** Every change the studies' windows make, in time order (the earliest first). */
export function calendarChanges(studies: readonly ScheduledStudy[]): CalendarChange[] {
  const changes = studies.flatMap(({ slug, title, goLiveAt, expireAt }): CalendarChange[] => [
    ...(goLiveAt ? [{ slug, title, kind: "goes live" as const, at: goLiveAt }] : []),
    ...(expireAt ? [{ slug, title, kind: "comes down" as const, at: expireAt }] : []),
  ])
  return changes.sort((a, b) => Date.parse(a.at) - Date.parse(b.at) || a.slug.localeCompare(b.slug))
}

/**
 * The changes a release built at `builtFor` does not have yet at `now`: each time after the build's
 * clock and not after now. The timer releases when there is one; never before its time.
 */
export function changesDue(studies: readonly ScheduledStudy[], builtFor: Date, now: Date): CalendarChange[] {
  return calendarChanges(studies).filter(
    (change) => Date.parse(change.at) > builtFor.getTime() && Date.parse(change.at) <= now.getTime(),
  )
}

/**
 * Until when a release built at `now` may be served: the first `expireAt` among the studies it serves,
 * or null when none of them comes down. Past that time the release would show a study taken down.
 */
export function servedUntil(studies: readonly Schedule[], now: Date): string | null {
  const ends = studies
    .filter((study) => isServedAt(study, now) && study.expireAt)
    .map((study) => study.expireAt!)
    .sort((a, b) => Date.parse(a) - Date.parse(b))
  return ends[0] ?? null
}
