/**
 * What a case study's form says of its place on the editors' calendar (model/schedule.ts), from its
 * window, the live site's stamp (/release.json: the clock its build judged the calendar at, and since
 * when it is live) and the time now. Whether the study is on the site is read from the stamp, not
 * from a commit: a release built at or after its `goLiveAt` shows it. And the calendar itself: every
 * change still to come or not yet on the site, in order. (Plain values: the admin draws them,
 * cms/app/schedule-note.tsx.)
 */
import type { ReleaseStamp } from "../contracts/release-stamp"
import {
  type CalendarChange,
  EDITORS_ZONE_NAME,
  type Schedule,
  type ScheduledStudy,
  calendarChanges,
  EDITORS_TIME_ZONE,
  editorsTime,
  isOffsetTime,
  scheduleStateAt,
} from "../model/schedule"
import { formatSince } from "./release-state"

export type ScheduleTone = "live" | "busy" | "quiet"

export interface ScheduleNote {
  tone: ScheduleTone
  /** The note's first line: "Scheduled: goes live Tue 1 Dec, 09:00 (Zurich)". */
  text: string
  /** What follows: when it comes down. */
  detail?: string
}

const time = (at: string) => Date.parse(at)

/** A window as the saved content holds it, without a time the check would refuse (a file typed by hand). */
const validWindow = <T extends Schedule>(study: T): T => ({
  ...study,
  goLiveAt: isOffsetTime(study.goLiveAt) ? study.goLiveAt : undefined,
  expireAt: isOffsetTime(study.expireAt) ? study.expireAt : undefined,
})

/** Whether the live release's build judged the calendar at or after `at`. */
const builtAfter = (stamp: ReleaseStamp | null, at: string) =>
  stamp !== null && time(stamp.clock ?? stamp.builtAt) >= time(at)

/**
 * The note for a study's window; null for a study with none (it is live as soon as it is published,
 * which the release note above it says).
 */
export function scheduleNoteOf(schedule: Schedule, stamp: ReleaseStamp | null, now: Date): ScheduleNote | null {
  const { goLiveAt, expireAt } = validWindow(schedule)
  if (!goLiveAt && !expireAt) return null
  const at = (iso: string) => `${editorsTime(iso, now)} (${EDITORS_ZONE_NAME})`
  // As the release note says its times: the hour, and the day when it is not today.
  const since = (iso: string) => formatSince(iso, now, EDITORS_TIME_ZONE)
  if (expireAt && time(expireAt) <= now.getTime()) {
    return builtAfter(stamp, expireAt)
      ? { tone: "quiet", text: `Taken down at ${since(stamp!.liveSince)}`, detail: `Its expiry was ${at(expireAt)}.` }
      : {
          tone: "busy",
          text: `Due to come down: ${at(expireAt)}`,
          detail: "The build server takes it down within 15 minutes.",
        }
  }
  const comesDown = expireAt ? `Comes down ${at(expireAt)}.` : undefined
  if (goLiveAt && time(goLiveAt) > now.getTime()) {
    return { tone: "quiet", text: `Scheduled: goes live ${at(goLiveAt)}`, detail: comesDown }
  }
  if (goLiveAt && !builtAfter(stamp, goLiveAt)) {
    return {
      tone: "busy",
      text: `Due to go live: ${at(goLiveAt)}`,
      detail: ["The build server publishes it within 15 minutes.", comesDown].filter(Boolean).join(" "),
    }
  }
  return { tone: "live", text: stamp ? `Live on the site since ${since(stamp.liveSince)}` : "Live", detail: comesDown }
}

/**
 * The calendar: each change still to come, and each whose time has passed but which the live release
 * does not have yet, earliest first.
 */
export function upcomingChanges(
  studies: readonly ScheduledStudy[],
  stamp: ReleaseStamp | null,
  now: Date,
): CalendarChange[] {
  return calendarChanges(studies.map(validWindow)).filter(
    (change) => time(change.at) > now.getTime() || !builtAfter(stamp, change.at),
  )
}

/** A home industry card, as far as the calendar reads it. */
export interface CardLink {
  title: string
  caseSlug?: string | null
}

/**
 * What the industries' form says of each card whose study is not on the site now: it leads to the
 * case list meanwhile, and until when (or since when).
 */
export function cardNotes(cards: readonly CardLink[], studies: readonly ScheduledStudy[], now: Date): string[] {
  return cards.flatMap((card, index) => {
    const found = studies.find((candidate) => candidate.slug === card.caseSlug)
    if (!found) return []
    const study = validWindow(found)
    const name = `Card ${index + 1} (${card.title})`
    switch (scheduleStateAt(study, now)) {
      case "expired":
        return [
          `${name} leads to the case list: its study “${study.title}” came down ${editorsTime(study.expireAt!, now)}.`,
        ]
      case "scheduled":
        return [
          `${name} leads to the case list until its study “${study.title}” goes live, ${editorsTime(study.goLiveAt!, now)} (${EDITORS_ZONE_NAME}).`,
        ]
      default:
        return []
    }
  })
}
