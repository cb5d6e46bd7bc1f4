/**
 * A time of the editors' calendar (a case study's goLiveAt, expireAt): a date and a time as Zurich's
 * clocks show them, whatever the zone of the editor's computer, with the zone and its offset beside
 * them, and a button that clears the time. Stored as ISO 8601 with Zurich's offset on that day
 * ("2026-12-01T09:00:00+01:00"), the form the content check reads (model/schedule.ts). Below it, where
 * the study stands on the calendar (schedule-note.tsx).
 */
import { Component, type ReactNode } from "react"
import styled from "styled-components"
import { EDITORS_ZONE_NAME, fromZurichWallTime, zurichUtcOffset, zurichWallTime } from "../../contracts/editors-time"
import { isOffsetTime } from "../../contracts/time"
import { ZURICH_TIME_WIDGET } from "../../model/page-schemas"

interface ControlProps {
  value?: string | null
  field: { get(key: "label" | "name"): unknown }
  forID: string
  /** Undefined clears the time: the file then has no such field (JSON has no undefined). */
  onChange: (value: string | undefined) => void
  setActiveStyle: () => void
  setInactiveStyle: () => void
  classNameWrapper?: string
}

const Row = styled.div`
  display: flex;
  flex-wrap: wrap;
  align-items: center;
  gap: 8px 12px;

  input {
    font: inherit;
    padding: 8px 10px;
    border: 2px solid #dfdfe3;
    border-radius: 5px;
    color: #313d3e;
    background: #fff;
  }

  input:focus-visible,
  button:focus-visible {
    outline: 2px solid #3a69c7;
    outline-offset: 2px;
  }

  button {
    font: inherit;
    font-size: 13px;
    padding: 6px 12px;
    border: 1px solid #798291;
    border-radius: 5px;
    background: #fff;
    color: #313d3e;
    cursor: pointer;
  }
`

const Zone = styled.span`
  color: #4e5766;
  font-size: 13px;
`

/** The widget's control, with what the form shows under it (the study's place on the calendar). */
export function zurichTimeControl(below: (props: ControlProps) => ReactNode = () => null) {
  return class ZurichTimeControl extends Component<ControlProps> {
    render() {
      const { value, field, forID, onChange, setActiveStyle, setInactiveStyle, classNameWrapper } = this.props
      const stored = typeof value === "string" && value ? value : null
      // A value the check refuses (typed into the file by hand) is shown as it is, for the editor to pick anew.
      const wall = stored && isOffsetTime(stored) ? zurichWallTime(stored) : ""
      const zoneId = `${forID}-zone`
      return (
        <div className={classNameWrapper} onFocus={setActiveStyle} onBlur={setInactiveStyle}>
          <Row>
            <input
              id={forID}
              type="datetime-local"
              value={wall}
              aria-describedby={zoneId}
              onChange={(event) => onChange(event.target.value ? fromZurichWallTime(event.target.value) : undefined)}
            />
            <Zone id={zoneId}>
              {EDITORS_ZONE_NAME} time
              {stored && isOffsetTime(stored) ? ` (${zurichUtcOffset(stored)})` : ""}
            </Zone>
            {stored ? (
              <button type="button" onClick={() => onChange(undefined)}>
                Clear {String(field.get("label") ?? "")}
              </button>
            ) : null}
          </Row>
          {stored && !isOffsetTime(stored) ? <p>Saved as “{stored}”, which is not a time: pick one above.</p> : null}
          {below(this.props)}
        </div>
      )
    }
  }
}

export const zurichTimeWidget = {
  name: ZURICH_TIME_WIDGET,
  controlComponent: zurichTimeControl(),
  previewComponent: ({ value }: { value?: string }) => value ?? null,
}
