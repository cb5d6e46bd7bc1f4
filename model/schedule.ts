/**
 * The editors' calendar: a case study may say when it goes live (`goLiveAt`) and when it comes down
 * (`expireAt`), both ISO 8601 times with their offset, written once on the English side and shared by
 * every language. Outside that window the study is in nothing a release serves (gatsby/content/nodes.ts
 * leaves it out of the content itself). The build judges a schedule at one time, its clock
 * (contracts/clock.ts); the build server's timer, the release command and the CMS judge it here too.
 * Editors' times are Zurich's. (Plain values and Intl only: the CMS's browser code reads this file.)
 */

import { DEFAULT_LOCALE } from "./locales"

/** The zone editors schedule in, and the one every time is shown in. */
export const EDITORS_TIME_ZONE = "Europe/Zurich"
/** What the zone is called beside a time an editor reads. */
export const EDITORS_ZONE_NAME = "Zurich"

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
}

/**
 * A case study file's calendar fields, from its English side (`raw.en`), where the shared fields are
 * written; undefined for a file with no slug there. The build, the build server's timer and the CMS
 * all read a file through this.
 */
export function scheduledStudyOf(raw: unknown): ScheduledStudy | undefined {
  const english = (raw as Record<string, unknown> | null)?.[DEFAULT_LOCALE] as Partial<ScheduledStudy> | undefined
  if (typeof english?.slug !== "string") return undefined
  const { slug, title = "", goLiveAt, expireAt } = english
  return { slug, title, goLiveAt, expireAt }
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

/** The calendar day (YYYY-MM-DD) a time falls on in Zurich: a scheduled study's date on the site. */
export function zurichDay(time: string): string {
  const parts = new Intl.DateTimeFormat("en-CA", {
    timeZone: EDITORS_TIME_ZONE,
    year: "numeric",
    month: "2-digit",
    day: "2-digit",
  }).formatToParts(new Date(time))
  const part = (type: string) => parts.find((item) => item.type === type)!.value
  return `${part("year")}-${part("month")}-${part("day")}`
}

const zurichParts = (time: number) => {
  const parts = new Intl.DateTimeFormat("en-GB", {
    timeZone: EDITORS_TIME_ZONE,
    hourCycle: "h23",
    year: "numeric",
    month: "2-digit",
    day: "2-digit",
    hour: "2-digit",
    minute: "2-digit",
    second: "2-digit",
  }).formatToParts(new Date(time))
  const part = (type: string) => Number(parts.find((item) => item.type === type)!.value)
  return {
    year: part("year"),
    month: part("month"),
    day: part("day"),
    hour: part("hour"),
    minute: part("minute"),
    second: part("second"),
  }
}

/** Zurich's offset from UTC at an instant, in minutes (60 in winter, 120 in summer). */
const zurichOffsetMinutes = (time: number): number => {
  const { year, month, day, hour, minute, second } = zurichParts(time)
  return Math.round((Date.UTC(year, month - 1, day, hour, minute, second) - time) / 60_000)
}

const pad = (value: number) => String(value).padStart(2, "0")
const offsetText = (minutes: number) =>
  `${minutes < 0 ? "-" : "+"}${pad(Math.floor(Math.abs(minutes) / 60))}:${pad(Math.abs(minutes) % 60)}`

/** A time as Zurich's clocks show it then, as a date and time field holds it: "2026-12-01T09:00". */
export function zurichWallTime(time: string): string {
  const { year, month, day, hour, minute } = zurichParts(Date.parse(time))
  return `${year}-${pad(month)}-${pad(day)}T${pad(hour)}:${pad(minute)}`
}

/**
 * The time Zurich's clocks show as `wall` ("2026-12-01T09:00"), with Zurich's offset then:
 * "2026-12-01T09:00:00+01:00". A time the clocks skip in spring (02:30 on the last Sunday of March)
 * is read an hour later, as the clocks show it.
 */
export function fromZurichWallTime(wall: string): string {
  const match = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})$/.exec(wall)
  if (!match) throw new Error(`not a date and time: ${JSON.stringify(wall)}`)
  const [year, month, day, hour, minute] = match.slice(1).map(Number)
  const asUtc = Date.UTC(year, month - 1, day, hour, minute)
  // Zurich's offsets a day either side: the same but on the days the clocks change.
  const offsets = [zurichOffsetMinutes(asUtc - 86_400_000), zurichOffsetMinutes(asUtc + 86_400_000)]
  const instants = offsets.map((offset) => asUtc - offset * 60_000)
  const instant =
    instants.find((candidate) => zurichWallTime(new Date(candidate).toISOString()) === wall) ?? instants[0]
  const shown = zurichWallTime(new Date(instant).toISOString())
  return `${shown}:00${offsetText(zurichOffsetMinutes(instant))}`
}

/** Zurich's offset at a time, as a reader sees it beside the zone: "UTC+01:00". */
export const zurichUtcOffset = (time: string): string => `UTC${offsetText(zurichOffsetMinutes(Date.parse(time)))}`

/** A time as an editor reads it: "Mon 1 Dec, 09:00", in Zurich (the year when it is not `now`'s). */
export function editorsTime(time: string, now: Date = new Date()): string {
  const instant = new Date(time)
  const sameYear = zurichParts(instant.getTime()).year === zurichParts(now.getTime()).year
  const day = new Intl.DateTimeFormat("en-GB", {
    timeZone: EDITORS_TIME_ZONE,
    weekday: "short",
    day: "numeric",
    month: "short",
    ...(sameYear ? {} : { year: "numeric" }),
  }).format(instant)
  const clock = new Intl.DateTimeFormat("en-GB", {
    timeZone: EDITORS_TIME_ZONE,
    hourCycle: "h23",
    hour: "2-digit",
    minute: "2-digit",
  }).format(instant)
  return `${day.replace(/,/g, "")}, ${clock}`
}
