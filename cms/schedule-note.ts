/**
 * What a case study's form says of its place on the editors' calendar (model/schedule.ts), from its
 * window, the live site (its stamp, /release.json: the clock its build judged the calendar at and
 * since when it is live; and its pages, /release-pages.json) and the time now. It says only what it
 * knows: "live" only when the live release serves the study's page, never for a new entry or a window
 * not published yet, whose note says what publishing it will do instead. And the calendar itself:
 * every change still to come or not yet on the site, in order. (Plain values: the admin draws them,
 * cms/app/schedule-note.tsx.)
 */
import type { ReleaseStamp } from "../contracts/release-stamp"
import { caseStudyPath } from "../model/routes"
import {
  type CalendarChange,
  type Schedule,
  type ScheduledStudy,
  calendarChanges,
  scheduleStateAt,
} from "../model/schedule"
import { EDITORS_ZONE_NAME, EDITORS_TIME_ZONE, editorsTime } from "../contracts/editors-time"
import { isOffsetTime } from "../contracts/time"
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

/** The live site as the form reads it: its stamp, and the pages it serves (null when they could not be read). */
export interface LiveSite {
  stamp: ReleaseStamp
  pages: ReadonlySet<string> | null
}

/** A study's page's file in a release's page list (/release-pages.json). */
export const studyPageFile = (slug: string): string => `${caseStudyPath(slug).slice(1)}index.html`

/** What the form knows of the entry besides its fields: whether it is new, and its window as saved. */
export interface EntryState {
  isNew: boolean
  /** The window as saved (in the repository); undefined when the saved content is not read yet. */
  saved?: Schedule
}

const sameWindow = (a: Schedule, b: Schedule) =>
  (a.goLiveAt || null) === (b.goLiveAt || null) && (a.expireAt || null) === (b.expireAt || null)

/** What publishing a window does, said at `now`: "it goes live Tue 1 Dec, 09:00 (Zurich)". */
function onPublishing(window: Schedule, now: Date, at: (iso: string) => string): string {
  if (window.expireAt && time(window.expireAt) <= now.getTime())
    return `Once published, it stays off the site: its expiry, ${at(window.expireAt)}, has passed.`
  const comesDown = window.expireAt ? `, and comes down ${at(window.expireAt)}` : ""
  if (window.goLiveAt && time(window.goLiveAt) > now.getTime())
    return `Once published, it goes live ${at(window.goLiveAt)}${comesDown}.`
  return `Once published, it goes live with that release, within minutes${comesDown}.`
}

/**
 * What the site's host promises for a time on the calendar: the nginx host (its stamp names its
 * release folder) makes a staged change live on the minute by itself; Cloudflare Pages waits for the
 * build server's ten-minute timer, which GitHub may start late.
 */
export const hostPromise = (stamp: ReleaseStamp): string =>
  stamp.release
    ? "The site's server makes each change live on the minute, by itself, once the build server has handed it over (a day ahead)."
    : "The build server makes each change live 4 to 15 minutes after its time (GitHub's timer, sometimes later at busy hours)."

/** Whether the live release's build judged the calendar at or after `at`. */
const builtAfter = (stamp: ReleaseStamp | null, at: string) =>
  stamp !== null && time(stamp.clock ?? stamp.builtAt) >= time(at)

/**
 * The note for a study's window; null for a study with none (it is live as soon as it is published,
 * which the release note above it says). `live` is the live site (null on the local backend, which
 * has no releases, or while it cannot be read); `slug` names the study's page.
 */
export function scheduleNoteOf(
  schedule: Schedule & { slug?: string },
  live: LiveSite | null,
  now: Date,
  entry: EntryState = { isNew: false },
): ScheduleNote | null {
  const window = validWindow(schedule)
  const { goLiveAt, expireAt } = window
  if (!goLiveAt && !expireAt) return null
  const at = (iso: string) => `${editorsTime(iso, now)} (${EDITORS_ZONE_NAME})`
  // A new entry, or a window changed and not saved yet: nothing of it is on the site.
  if (entry.isNew) return { tone: "quiet", text: "Not published yet", detail: onPublishing(window, now, at) }
  const draft = entry.saved && !sameWindow(validWindow(entry.saved), window)
  const note = savedNote(entry.saved && draft ? validWindow(entry.saved) : window, schedule.slug, live, now, at)
  if (!draft) return note
  return {
    ...note,
    detail: [note.detail, `This change is not saved: ${onPublishing(window, now, at)}`].filter(Boolean).join(" "),
  }
}

/** The note for a saved window, from what the live site serves. */
function savedNote(
  { goLiveAt, expireAt }: Schedule,
  slug: string | undefined,
  live: LiveSite | null,
  now: Date,
  at: (iso: string) => string,
): ScheduleNote {
  // As the release note says its times: the hour, and the day when it is not today.
  const since = (iso: string) => formatSince(iso, now, EDITORS_TIME_ZONE)
  const stamp = live?.stamp ?? null
  // Whether the live release serves the study's page: the one fact "live" rests on.
  const served = slug && live?.pages ? live.pages.has(studyPageFile(slug)) : null
  const comesDown = expireAt ? `Comes down ${at(expireAt)}.` : undefined
  if (expireAt && time(expireAt) <= now.getTime()) {
    return served === false && builtAfter(stamp, expireAt)
      ? { tone: "quiet", text: `Taken down at ${since(stamp!.liveSince)}`, detail: `Its expiry was ${at(expireAt)}.` }
      : {
          tone: "busy",
          text: `Due to come down: ${at(expireAt)}`,
          detail: "The build server takes it down within 15 minutes.",
        }
  }
  if (goLiveAt && time(goLiveAt) > now.getTime()) {
    const promise = live ? hostPromise(live.stamp) : undefined
    return {
      tone: "quiet",
      text: `Scheduled: goes live ${at(goLiveAt)}`,
      detail: [comesDown, promise].filter(Boolean).join(" ") || undefined,
    }
  }
  if (served) return { tone: "live", text: `Live on the site since ${since(stamp!.liveSince)}`, detail: comesDown }
  // The local backend has no releases (or the live site did not answer): nothing to say it is live.
  if (!live) return { tone: "quiet", text: "In its window: a release made now shows it", detail: comesDown }
  return {
    tone: "busy",
    text: goLiveAt ? `Due to go live: ${at(goLiveAt)}` : "Not on the site yet",
    detail: [
      live.pages
        ? "The build server publishes it within 15 minutes, once it is published."
        : "The live site's page list cannot be read.",
      comesDown,
    ]
      .filter(Boolean)
      .join(" "),
  }
}

/**
 * What the form says when the repository is public and the study is not live yet: its text can be
 * read on GitHub before its time, from its first save. Null otherwise (or while GitHub has not said).
 */
export function embargoNote(schedule: Schedule, repositoryIsPublic: boolean | null, now: Date): string | null {
  const { goLiveAt } = validWindow(schedule)
  if (repositoryIsPublic !== true || !goLiveAt || time(goLiveAt) <= now.getTime()) return null
  return "This repository is public: anyone can read this study on GitHub before it goes live, from its first save. Keep embargoed studies in a private repository."
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
