/**
 * The editors' calendar as the build sees it: which case studies its clock (contracts/clock.ts) serves,
 * the date each served study shows (its go-live day, when it has one), and until when the build may
 * be served. Judged once per build from the case study files (model/schedule.ts), written to
 * .hosting/calendar.json for the artifact and the release stamp (contracts/build-info.ts).
 */
import fs from "node:fs"
import path from "node:path"
import { BUILD_CALENDAR, type BuildCalendar } from "../../contracts/build-info"
import type { Clock } from "../../contracts/clock"
import { type ScheduledStudy, isServedAt, servedUntil } from "../../model/schedule"
import { zurichDay } from "../../contracts/editors-time"

export interface ContentCalendar {
  clock: Clock
  /** The studies this build leaves out, by slug: not live yet, or taken down. */
  withheld: ReadonlySet<string>
  /** The studies with a window (goLiveAt or expireAt), by slug: those the clock may bring in or out. */
  scheduled: ReadonlySet<string>
  /** What the calendar changes in a served study's document: the date it shows. */
  servedDocument(document: Record<string, unknown>): Record<string, unknown>
  record: BuildCalendar
}

/** A study as the calendar knows it: its window, and its file (its identity, which a rename keeps). */
export type FiledStudy = ScheduledStudy & { file: string }

/** Every address a study has had: its slug, then those it moved from. */
const addressesOf = ({ slug, formerSlugs = [] }: ScheduledStudy) => [slug, ...formerSlugs]

/** The calendar of the case studies (model/schedule.ts, scheduledStudyOf) at `clock`. */
export function contentCalendar(documents: readonly FiledStudy[], clock: Clock): ContentCalendar {
  const withheld = new Set(documents.filter((study) => !isServedAt(study, clock.now)).map((study) => study.slug))
  const scheduled = new Set(documents.filter((study) => study.goLiveAt || study.expireAt).map((study) => study.slug))
  return {
    clock,
    withheld,
    scheduled,
    servedDocument: ({ goLiveAt, expireAt: _expireAt, ...document }) =>
      // The day it goes live is the day the site dates it from (its page, datePublished).
      typeof goLiveAt === "string" ? { ...document, published: zurichDay(goLiveAt) } : document,
    record: {
      clock: clock.now.toISOString(),
      clockSet: clock.set,
      servedUntil: servedUntil(documents, clock.now),
      serves: documents
        .filter((study) => !withheld.has(study.slug))
        .flatMap(addressesOf)
        .sort(),
      servesFiles: documents
        .filter((study) => !withheld.has(study.slug))
        .map((study) => study.file)
        .sort(),
      // Every study, a window or none: the host knows a study this build no longer has as deleted.
      allStudies: true,
      windows: Object.fromEntries(
        [...documents]
          .sort((a, b) => a.file.localeCompare(b.file))
          .map((study) => [
            study.file,
            { goLiveAt: study.goLiveAt ?? null, expireAt: study.expireAt ?? null, addresses: addressesOf(study) },
          ]),
      ),
    },
  }
}

/** Writes what the build made of the calendar where the artifact and the release read it. */
export function writeBuildCalendar(projectDir: string, record: BuildCalendar): void {
  const file = path.join(projectDir, BUILD_CALENDAR)
  fs.mkdirSync(path.dirname(file), { recursive: true })
  fs.writeFileSync(file, `${JSON.stringify(record, null, 2)}\n`)
}
