/**
 * The editors' calendar in the admin (cms/schedule-note.ts decides what is said): at the top of a case
 * study's form, where the study stands ("Scheduled: goes live Tue 1 Dec, 09:00 (Zurich)", then "Live
 * on the site since 09:07", "Taken down at …"), and the calendar, every change to come or not yet on
 * the site, in order; at the top of the industries' form, each card that leads to the case list
 * meanwhile. The live site's stamp is asked again every minute, and the note redrawn as time passes.
 */
import { useEffect, useState } from "react"
import styled from "styled-components"
import { RELEASE_STAMP_PATH, type ReleaseStamp, readReleaseStamp } from "../../contracts/release-stamp"
import {
  EDITORS_ZONE_NAME,
  type Schedule,
  type ScheduledStudy,
  editorsTime,
  scheduledStudyOf,
} from "../../model/schedule"
import { type CardLink, cardNotes, scheduleNoteOf, upcomingChanges } from "../schedule-note"
import { Note } from "./release-state"
import { useSavedContent } from "./saved-content"

const ASK_AGAIN_MS = 60_000

/**
 * The live site's stamp, asked again every minute, and the time now, with it. The local backend
 * (`npm run cms`) edits files on disk: its site has no releases, and no stamp to ask for.
 */
function useStampAndNow(local: boolean): { stamp: ReleaseStamp | null; now: Date } {
  const [state, setState] = useState<{ stamp: ReleaseStamp | null; now: Date }>({ stamp: null, now: new Date() })
  useEffect(() => {
    let stopped = false
    let timer: ReturnType<typeof setTimeout> | undefined
    const look = async () => {
      const stamp = local
        ? null
        : await fetch(RELEASE_STAMP_PATH, { cache: "no-store" })
            .then((response) => (response.ok ? response.json() : null))
            .then(readReleaseStamp, () => null)
      if (stopped) return
      setState({ stamp, now: new Date() })
      timer = setTimeout(() => void look(), ASK_AGAIN_MS)
    }
    void look()
    return () => {
      stopped = true
      clearTimeout(timer)
    }
  }, [local])
  return state
}

/** The case studies saved now, as the calendar reads them (their English sides). */
function useSavedStudies(): ScheduledStudy[] | undefined {
  const saved = useSavedContent()
  if (saved.status !== "ready") return undefined
  return [...saved.files]
    .filter(([relative]) => relative.startsWith("case-studies/"))
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

/** At the top of a case study's form: where it stands on the calendar, then the calendar. */
export function StudySchedule({ schedule, local }: { schedule: Schedule; local: boolean }) {
  const { stamp, now } = useStampAndNow(local)
  const note = scheduleNoteOf(schedule, stamp, now)
  return (
    <>
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
