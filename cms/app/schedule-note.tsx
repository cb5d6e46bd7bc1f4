/**
 * The editors' calendar in the admin (cms/schedule-note.ts decides what is said): at the top of a case
 * study's form, where the study stands ("Scheduled: goes live Tue 1 Dec, 09:00 (Zurich)", then "Live
 * on the site since 09:07", "Taken down at …"), and the calendar, every change to come or not yet on
 * the site, in order; at the top of the industries' form, each card that leads to the case list
 * meanwhile. The live site's stamp is asked again every minute, and the note redrawn as time passes.
 */
import { useCallback, useEffect, useState } from "react"
import styled from "styled-components"
import {
  RELEASE_PAGES_PATH,
  RELEASE_STAMP_PATH,
  type ReleaseStamp,
  readReleasePages,
  readReleaseStamp,
} from "../../contracts/release-stamp"
import { type Schedule, type ScheduledStudy, scheduledStudyOf } from "../../model/schedule"
import { EDITORS_ZONE_NAME, editorsTime } from "../../contracts/editors-time"
import { type CardLink, type LiveSite, cardNotes, embargoNote, scheduleNoteOf, upcomingChanges } from "../schedule-note"
import { type BackendConfig, fromGitHub, readLive } from "./github"
import { useLookAgain } from "./look-again"
import { Note } from "./release-said"
import { useSavedContent } from "./saved-content"
import { CASE_STUDIES, contentTypeOf } from "../../model/registry"

const ASK_AGAIN_MS = 60_000

/** The live site: its stamp and the pages its release serves; null when the stamp cannot be read. */
async function readLiveSite(): Promise<LiveSite | null> {
  const [stamp, pages] = await Promise.all([
    readLive(RELEASE_STAMP_PATH, readReleaseStamp),
    readLive(RELEASE_PAGES_PATH, readReleasePages),
  ])
  return stamp ? { stamp, pages: pages ? new Set(Object.keys(pages.pages)) : null } : null
}

/**
 * The live site (its stamp and its pages), asked again every minute, and the time now, with it. The
 * local backend (`npm run cms`) edits files on disk: its site has no releases to ask about.
 */
function useLiveSiteAndNow(local: boolean): { live: LiveSite | null; now: Date } {
  const [state, setState] = useState<{ live: LiveSite | null; now: Date }>({ live: null, now: new Date() })
  const look = useCallback(
    async (active: () => boolean) => {
      const live = local ? null : await readLiveSite()
      if (active()) setState({ live, now: new Date() })
    },
    [local],
  )
  // The note is redrawn as time passes, the tab shown or not.
  useLookAgain(look, ASK_AGAIN_MS, { alsoHidden: true })
  return state
}

/** Whether the repository is public, as GitHub answers; null on the local backend or until it answers. */
function usePublicRepository(config: BackendConfig, local: boolean): boolean | null {
  const [isPublic, setPublic] = useState<boolean | null>(null)
  useEffect(() => {
    if (local) return
    let stopped = false
    fromGitHub<{ private?: unknown }>(config, "").then(
      (repository) => !stopped && setPublic(repository.private === false),
      // GitHub not answering: nothing is said rather than guessed.
      () => {},
    )
    return () => {
      stopped = true
    }
  }, [config, local])
  return isPublic
}

/** The case studies saved now, as the calendar reads them (their English sides). */
function useSavedStudies(): ScheduledStudy[] | undefined {
  const saved = useSavedContent()
  if (saved.status !== "ready") return undefined
  return [...saved.files]
    .filter(([relative]) => contentTypeOf(relative) === CASE_STUDIES)
    .flatMap(([, text]) => {
      try {
        const study = scheduledStudyOf(JSON.parse(text))
        return study ? [study] : []
      } catch {
        return []
      }
    })
}

const Changes = styled.ol`
  margin: 4px 0 0;
  padding-left: 20px;
`

/** The calendar: every change to come, or due and not on the site yet, earliest first. */
function Calendar({ stamp, now }: { stamp: ReleaseStamp | null; now: Date }) {
  const studies = useSavedStudies()
  if (!studies) return null
  const changes = upcomingChanges(studies, stamp, now)
  return (
    <Note $tone="quiet" aria-label="The calendar" role="region">
      <strong>
        The calendar ({EDITORS_ZONE_NAME} time):{" "}
        {changes.length === 0 ? "nothing scheduled" : `${changes.length} to come`}
      </strong>
      {changes.length > 0 ? (
        <Changes>
          {changes.map((change) => (
            <li key={`${change.slug} ${change.kind}`}>
              <time dateTime={change.at}>{editorsTime(change.at, now)}</time>: “{change.title}” {change.kind}
            </li>
          ))}
        </Changes>
      ) : null}
    </Note>
  )
}

/**
 * At the top of a case study's form: where it stands on the calendar, then the calendar. `isNew`: an
 * entry not saved yet; one whose study the saved content lacks is not published either.
 */
export function StudySchedule({
  schedule,
  config,
  local,
  isNew,
}: {
  schedule: Schedule & { slug?: string }
  config: BackendConfig
  local: boolean
  isNew: boolean
}) {
  const { live, now } = useLiveSiteAndNow(local)
  const embargo = embargoNote(schedule, usePublicRepository(config, local), now)
  const studies = useSavedStudies()
  const saved = studies?.find((study) => study.slug === schedule.slug)
  const note = scheduleNoteOf(schedule, live, now, { isNew: isNew || (studies !== undefined && !saved), saved })
  const stamp = live?.stamp ?? null
  return (
    <>
      {embargo ? (
        <Note $tone="busy" aria-label="Who can read it" role="note">
          {embargo}
        </Note>
      ) : null}
      {note ? (
        <Note $tone={note.tone} aria-label="Schedule" role="status">
          <strong>{note.text}</strong>
          {note.detail ? <p>{note.detail}</p> : null}
        </Note>
      ) : null}
      <Calendar stamp={stamp} now={now} />
    </>
  )
}

/** At the top of the industries' form: each card that leads to the case list while its study is not on the site. */
export function CardSchedule({ cards }: { cards: readonly CardLink[] }) {
  const studies = useSavedStudies()
  const [now] = useState(() => new Date())
  const notes = studies ? cardNotes(cards, studies, now) : []
  if (notes.length === 0) return null
  return (
    <Note $tone="quiet" aria-label="Cards and the calendar" role="status">
      {notes.map((note) => (
        <p key={note}>{note}</p>
      ))}
    </Note>
  )
}
