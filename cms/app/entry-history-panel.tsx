/**
 * "Versions", at the top of a saved entry's form: the commits that changed its file on main (who,
 * when, their words), read with the editor's token when she opens the list; any of them compared with
 * the entry as it is in the form now, field by field in both languages, and restored into the form
 * as unsaved edits, to be saved as a draft and reviewed like any other (cms/entry-history.ts).
 */
import { useEffect, useState } from "react"
import styled from "styled-components"
import { type HistoryCommit, RESTORE, type RestorePlan, restorePlan, slugsHeld, versionLabel } from "../entry-history"
import { STALE_SAVE } from "../stale-save"
import type { DecapDraft } from "./decap-internals"
import { setFields } from "./decap-internals/store"
import { commitsOf, fileAt, formText } from "./entry-versions"
import type { BackendConfig } from "./github"
import { savedContentNow } from "./saved-content"
import { FieldLink, Panel } from "./entry-check/summary-parts"

const STUDIES = "case-studies/"

/** A version: when, who, its words; then what can be done with it, on a line of its own. */
const Row = styled.li`
  span {
    display: block;
  }

  button + button {
    margin-left: 16px;
  }
`

type Listing =
  | { status: "closed" | "loading" }
  | { status: "ready"; commits: HistoryCommit[] }
  | { status: "failed"; message: string }

export function EntryHistoryPanel({
  config,
  path,
  collection,
  getEntry,
}: {
  config: BackendConfig
  path: string
  collection: string
  getEntry: () => DecapDraft
}) {
  const [listing, setListing] = useState<Listing>({ status: "closed" })
  const [shown, setShown] = useState<{ label: string; plan: RestorePlan; restored: boolean } | null>(null)
  const [failure, setFailure] = useState<string | null>(null)
  const relative = path.replace(/^content\//, "")

  useEffect(() => {
    if (listing.status !== "loading") return
    let active = true
    commitsOf(config, path, config.backend.branch ?? "main", 30).then(
      (commits) => active && setListing({ status: "ready", commits }),
      (error: unknown) =>
        active && setListing({ status: "failed", message: String(error instanceof Error ? error.message : error) }),
    )
    return () => {
      active = false
    }
  }, [listing.status, config, path])

  const planFor = async (commit: HistoryCommit) => {
    const text = await fileAt(config, path, commit.sha)
    if (text === null) throw new Error("that version could not be read")
    // Compared with the form as it is now, the editor's unsaved edits included: a restore sets what differs.
    return restorePlan(text, formText(getEntry()), {
      isStudy: relative.startsWith(STUDIES),
      slugsHeldElsewhere: slugsHeld(savedContentNow() ?? [], relative),
      now: new Date(),
    })
  }
  const act = (commit: HistoryCommit, restore: boolean) => {
    setFailure(null)
    planFor(commit)
      .then((plan) => {
        if (restore) setFields(collection, plan.fields)
        setShown({ label: versionLabel(commit), plan, restored: restore })
      })
      .catch((error: unknown) => setFailure(String(error instanceof Error ? error.message : error)))
  }

  return (
    <Panel $tone="note" aria-labelledby="entry-versions-heading">
      <details
        onToggle={(event) =>
          event.currentTarget.open && listing.status === "closed" && setListing({ status: "loading" })
        }
      >
        <summary>
          <h2 id="entry-versions-heading" style={{ display: "inline" }}>
            {RESTORE.heading}
          </h2>
        </summary>
        {listing.status === "loading" ? <p role="status">Reading the versions…</p> : null}
        {listing.status === "failed" ? <p role="alert">The versions could not be read: {listing.message}</p> : null}
        {listing.status === "ready" && listing.commits.length === 0 ? <p>{RESTORE.none}</p> : null}
        {listing.status === "ready" && listing.commits.length > 0 ? (
          <ul aria-label={RESTORE.heading}>
            {listing.commits.map((commit) => (
              <Row key={commit.sha}>
                <span>{versionLabel(commit)}</span>
                <FieldLink type="button" onClick={() => act(commit, false)}>
                  {RESTORE.compare}
                </FieldLink>
                <FieldLink type="button" onClick={() => act(commit, true)}>
                  {RESTORE.restore}
                </FieldLink>
              </Row>
            ))}
          </ul>
        ) : null}
        {shown ? (
          <div
            role="status"
            aria-label={shown.restored ? "Version restored" : "Version compared"}
            style={{ marginTop: 10 }}
          >
            <p>
              {shown.restored && shown.plan.changes.length > 0
                ? RESTORE.restored(shown.label)
                : RESTORE.compared(shown.label)}
            </p>
            <ul>
              {shown.plan.changes.map((change) => (
                <li key={`${change.locale}-${change.field}`}>{STALE_SAVE.change(change)}</li>
              ))}
              {shown.plan.notes.map((note) => (
                <li key={note}>{note}</li>
              ))}
            </ul>
          </div>
        ) : null}
        {failure ? <p role="alert">Not done: {failure}</p> : null}
      </details>
    </Panel>
  )
}
