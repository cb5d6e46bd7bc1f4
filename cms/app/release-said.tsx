/**
 * What the release notes of the admin say (cms/app/release-notes.tsx): each state of a published change
 * in the editor's words and time zone, and the tone it is shown in.
 */
import styled from "styled-components"
import { type ReleaseState, formatSince } from "../release-state"
import { RELEASE_STATE } from "../shared"
import { EDITORS_TIME_ZONE } from "../../contracts/editors-time"

export type Shown =
  ReleaseState | { kind: "local" } | { kind: "unknown"; reason: string } | { kind: "noAnswer"; retryAt: string }

export const Note = styled.section<{ $tone: "live" | "busy" | "problem" | "quiet" }>`
  margin: 0 0 16px;
  padding: 10px 16px;
  border-left: 4px solid
    ${({ $tone }) => ({ live: "#1f7a4d", busy: "#b26b00", problem: "#d6002f", quiet: "#798291" })[$tone]};
  background: ${({ $tone }) => ({ live: "#f0f8f4", busy: "#fff8ec", problem: "#fff3f5", quiet: "#f5f6f8" })[$tone]};
  color: #313d3e;
  font-size: 14px;
  line-height: 1.45;

  p {
    margin: 0;
  }

  p + p {
    margin-top: 4px;
  }

  strong {
    font-weight: 600;
  }

  a {
    color: #1f4fae;
    text-decoration: underline;
    text-underline-offset: 2px;
  }

  a:focus-visible {
    outline: 2px solid #3a69c7;
    outline-offset: 2px;
  }
`

const Time = ({ iso }: { iso: string }) => <time dateTime={iso}>{formatSince(iso, new Date(), EDITORS_TIME_ZONE)}</time>

const At = ({ iso, text }: { iso: string; text: string }) => (
  <strong>
    {text} <Time iso={iso} />
  </strong>
)

export function Said({ shown }: { shown: Shown }) {
  switch (shown.kind) {
    case "live":
      return shown.rebuiltAt ? (
        <strong>
          {RELEASE_STATE.rebuiltAt} <Time iso={shown.rebuiltAt} />, {RELEASE_STATE.live.toLowerCase()}{" "}
          <Time iso={shown.since} />
        </strong>
      ) : (
        <At iso={shown.since} text={RELEASE_STATE.live} />
      )
    case "held":
      return (
        <>
          <At iso={shown.since} text={RELEASE_STATE.held} />
          <p>{RELEASE_STATE.heldNext}</p>
        </>
      )
    case "publishing":
      return <At iso={shown.since} text={RELEASE_STATE.publishing} />
    case "waiting":
      return <At iso={shown.since} text={RELEASE_STATE.waiting} />
    case "refused":
      return (
        <>
          <strong>{RELEASE_STATE.refused}</strong>
          {shown.reason ? <p>{shown.reason}</p> : null}
          {shown.run ? (
            <p>
              <a href={shown.run} target="_blank" rel="noopener noreferrer">
                {RELEASE_STATE.refusedRun}
              </a>
            </p>
          ) : null}
        </>
      )
    case "rolledBack":
      return <strong>{RELEASE_STATE.rolledBack}</strong>
    case "local":
      return <>{RELEASE_STATE.local}</>
    case "noAnswer":
      return <At iso={shown.retryAt} text={RELEASE_STATE.noAnswer} />
    case "unknown":
      return (
        <>
          {RELEASE_STATE.unknown} ({shown.reason}).
        </>
      )
    default:
      return null
  }
}

export const TONES: Record<Shown["kind"], "live" | "busy" | "problem" | "quiet"> = {
  live: "live",
  publishing: "busy",
  held: "busy",
  waiting: "busy",
  refused: "problem",
  rolledBack: "problem",
  unpublished: "quiet",
  local: "quiet",
  unknown: "quiet",
  noAnswer: "quiet",
}
