/**
 * At the top of an entry's form: a save (or a publish) refused because another editor's version
 * stands where the form's stood, saying who, when and what they changed, with the way to take their
 * version and keep one's own edits on top; then, once taken, what of hers was kept and what was set
 * aside (entry-versions.ts, cms/stale-save.ts).
 */
import { useState } from "react"
import styled from "styled-components"
import { STALE_SAVE } from "../stale-save"
import { useAdminStore } from "./admin-store"
import type { DecapDraft } from "./decap-internals"
import { takeTheirVersion } from "./entry-versions"
import { Panel } from "./entry-check/summary-parts"

const Take = styled.button`
  margin-top: 10px;
  padding: 6px 12px;
  border: 1px solid #313d3e;
  border-radius: 4px;
  background: #fff;
  color: #313d3e;
  font: inherit;
  font-weight: 600;
  cursor: pointer;

  &:focus-visible {
    outline: 2px solid #3a69c7;
    outline-offset: 2px;
  }
`

export function StaleSaveNote({ path, getEntry }: { path: string; getEntry: () => DecapDraft }) {
  const { refused, taken } = useAdminStore("versions")
  const [failed, setFailed] = useState<string | null>(null)
  if (refused?.path === path) {
    const { verdict, publishing, unknownBase } = refused
    const reason = unknownBase
      ? STALE_SAVE.unknownBase
      : publishing
        ? STALE_SAVE.publishReason(verdict.by)
        : verdict.now.text === null
          ? STALE_SAVE.goneReason(verdict.by)
          : STALE_SAVE.reason(verdict.by, verdict.at)
    const take = () => {
      setFailed(null)
      takeTheirVersion(getEntry()).catch((error: unknown) =>
        setFailed(error instanceof Error ? error.message : String(error)),
      )
    }
    return (
      <Panel $tone="problem" role="alert" aria-labelledby="stale-save-heading">
        <h2 id="stale-save-heading">
          {publishing ? "Not published" : "Not saved"}: {reason}
        </h2>
        {verdict.changes.length === 0 ? (
          <p>{STALE_SAVE.noFields}</p>
        ) : (
          <>
            <p>{unknownBase ? STALE_SAVE.unknownChanges : "What they changed:"}</p>
            <ul>
              {verdict.changes.map((change) => (
                <li key={`${change.locale}-${change.field}`}>{STALE_SAVE.change(change)}</li>
              ))}
            </ul>
          </>
        )}
        {verdict.now.text === null ? null : (
          <Take type="button" onClick={take}>
            {STALE_SAVE.take}
          </Take>
        )}
        {failed ? <p role="alert">{failed}</p> : null}
      </Panel>
    )
  }
  if (taken?.path === path) {
    const { kept, setAside } = taken.version
    return (
      <Panel $tone="note" role="status">
        <p>{STALE_SAVE.taken(kept)}</p>
        {setAside.length > 0 ? (
          <ul>
            {setAside.map((change) => (
              <li key={`${change.locale}-${change.field}`}>{STALE_SAVE.setAside(change)}</li>
            ))}
          </ul>
        ) : null}
      </Panel>
    )
  }
  return null
}
