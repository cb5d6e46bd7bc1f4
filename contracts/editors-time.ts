/**
 * The editors' time: the zone they schedule in and read every time in (Zurich's), the day a time falls
 * on there, a time as Zurich's clocks show it and back, and a time as an editor reads it. Shared by
 * the content model's calendar, the content check's "today", the CMS, the publish path's statuses and
 * the release stamp's log line. (Plain values and Intl only: the CMS's browser code reads this file.)
 */

/** The zone editors schedule in, and the one every time is shown in. */
export const EDITORS_TIME_ZONE = "Europe/Zurich"
/** What the zone is called beside a time an editor reads. */
export const EDITORS_ZONE_NAME = "Zurich"

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
