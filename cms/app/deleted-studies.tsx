/**
 * "Deleted case studies", on the case studies' list in the admin, once signed in with GitHub: each
 * study deleted from main, known by its file, with who deleted it and when, read from the folder's
 * commits with the editor's token when she opens the list (each commit's files once per browser: a
 * commit never changes). "Restore as a draft" opens a new study's form holding its last version in
 * both languages, at its own file, saying what publishing it will do (cms/entry-history.ts).
 */
import { useEffect, useMemo, useState } from "react"
import styled from "styled-components"
import {
  type DeletedEntry,
  type FolderCommit,
  RESTORE,
  deletedEntries,
  restorePlan,
  versionLabel,
} from "../entry-history"
import { signedInUser } from "./decap-internals"
import { newEntryOpened, setFields } from "./decap-internals/store"
import { fileAt } from "./entry-versions"
import { type BackendConfig, fromGitHub } from "./github"
import { useAdminScreen } from "./release-notes"
import { FieldLink } from "./entry-check/summary-parts"

const FOLDER = "content/case-studies"
const COLLECTION = "case-studies"
const LIST = `#/collections/${COLLECTION}`
const NEW_FORM = `${LIST}/new`

interface Commit {
  sha: string
  parents: Array<{ sha: string }>
  commit: { message: string; author: { name: string; date: string } }
  files?: Array<{ filename: string; status: string }>
}

/** A commit's files, kept in the browser for good: a commit never changes. */
async function withFiles(config: BackendConfig, commit: Commit): Promise<FolderCommit> {
  const key = `aurelle-commit-files:${commit.sha}`
  let files = JSON.parse(localStorage.getItem(key) ?? "null") as FolderCommit["files"] | null
  if (!files) {
    const detail = await fromGitHub<Commit>(config, `/commits/${commit.sha}`)
    files = (detail.files ?? []).map(({ filename, status }) => ({ file: filename, status }))
    localStorage.setItem(key, JSON.stringify(files))
  }
  const { sha, parents, commit: about } = commit
  return {
    sha,
    author: about.author.name,
    at: about.author.date,
    message: about.message,
    parent: parents[0]?.sha,
    files,
  }
}

/** The studies deleted from main: the folder's last hundred commits, and its files now. */
async function readDeleted(config: BackendConfig): Promise<DeletedEntry[]> {
  const branch = config.backend.branch ?? "main"
  const [commits, now] = await Promise.all([
    fromGitHub<Commit[]>(config, `/commits?sha=${encodeURIComponent(branch)}&path=${FOLDER}&per_page=100`),
    fromGitHub<{ tree: Array<{ path: string }> }>(config, `/git/trees/${encodeURIComponent(`${branch}:${FOLDER}`)}`),
  ])
  const folderCommits = await Promise.all(commits.map((commit) => withFiles(config, commit)))
  return deletedEntries(folderCommits, new Set(now.tree.map(({ path }) => `${FOLDER}/${path}`)))
}

/** Waits for Decap's new study form, then sets the version's fields on it. */
async function restoreDeleted(config: BackendConfig, entry: DeletedEntry): Promise<string[]> {
  const text = await fileAt(config, entry.file, entry.lastAt)
  if (text === null) throw new Error(`${entry.file} could not be read at its last version`)
  const plan = restorePlan(text, null, { isStudy: true, slugsHeldElsewhere: new Set(), now: new Date() })
  const opened = newEntryOpened(COLLECTION)
  location.hash = NEW_FORM
  await opened
  setFields(COLLECTION, plan.fields)
  return plan.notes
}

/** At the top right of the list (the bottom corners hold the latest change and the translations); at the bottom right of a form, clear of its buttons. */
const View = styled.section<{ $onForm?: boolean }>`
  position: fixed;
  right: 16px;
  ${({ $onForm }) => ($onForm ? "bottom: 16px;" : "top: 72px;")}
  z-index: 400;
  max-width: min(440px, calc(50vw - 24px));
  padding: 8px 14px;
  border-left: 4px solid #798291;
  background: #f5f6f8;
  color: #313d3e;
  font-size: 14px;
  line-height: 1.45;
  box-shadow: 0 2px 12px rgb(0 0 0 / 15%);

  summary {
    font-weight: 600;
    cursor: pointer;
  }

  summary:focus-visible {
    outline: 2px solid #3a69c7;
    outline-offset: 2px;
  }

  ul {
    margin: 6px 0 0;
    padding-left: 18px;
  }
`

type Listing =
  { status: "closed" | "reading" } | { status: "read"; entries: DeletedEntry[] } | { status: "failed"; message: string }

/** The list, on the case studies' list screen, for the editor signed in with GitHub. */
export function DeletedStudiesView({ repo, branch }: { repo: string; branch: string }) {
  const { backend } = useAdminScreen()
  const [hash, setHash] = useState(location.hash)
  const [listing, setListing] = useState<Listing>({ status: "closed" })
  const [notes, setNotes] = useState<string[] | null>(null)
  useEffect(() => {
    const follow = () => setHash(location.hash)
    window.addEventListener("hashchange", follow)
    return () => window.removeEventListener("hashchange", follow)
  }, [])
  const config = useMemo(
    () => (backend === "github" ? { backend: { name: backend, repo, branch } } : null),
    [backend, repo, branch],
  )
  useEffect(() => {
    if (listing.status !== "reading" || !config) return
    let active = true
    readDeleted(config).then(
      (entries) => active && setListing({ status: "read", entries }),
      (error: unknown) =>
        active && setListing({ status: "failed", message: String(error instanceof Error ? error.message : error) }),
    )
    return () => {
      active = false
    }
  }, [listing.status, config])
  const onList = hash === LIST || hash === `${LIST}/`
  const onNewForm = hash.startsWith(NEW_FORM)
  if (!config || !signedInUser() || (!onList && !(onNewForm && notes))) return null
  if (onNewForm && notes) {
    return (
      <View aria-label={RESTORE.deletedHeading} role="status" $onForm>
        <p>{RESTORE.restoredDeleted}</p>
        <ul>
          {notes.map((note) => (
            <li key={note}>{note}</li>
          ))}
        </ul>
      </View>
    )
  }
  const restore = (entry: DeletedEntry) =>
    restoreDeleted(config, entry).then(setNotes, (error: unknown) =>
      setListing({ status: "failed", message: String(error instanceof Error ? error.message : error) }),
    )
  return (
    <View aria-label={RESTORE.deletedHeading}>
      <details
        onToggle={(event) =>
          event.currentTarget.open && listing.status === "closed" && setListing({ status: "reading" })
        }
      >
        <summary>{RESTORE.deletedHeading}</summary>
        {listing.status === "reading" ? <p>Reading the history…</p> : null}
        {listing.status === "failed" ? <p role="alert">The history could not be read: {listing.message}</p> : null}
        {listing.status === "read" && listing.entries.length === 0 ? <p>{RESTORE.deletedNone}</p> : null}
        {listing.status === "read" && listing.entries.length > 0 ? (
          <ul>
            {listing.entries.map((entry) => (
              <li key={entry.file}>
                {entry.file.slice(FOLDER.length + 1, -".json".length)}:{" "}
                {RESTORE.deletedBy(versionLabel(entry.deletedBy))}{" "}
                <FieldLink type="button" onClick={() => void restore(entry)}>
                  {RESTORE.restore}
                </FieldLink>
              </li>
            ))}
          </ul>
        ) : null}
      </details>
    </View>
  )
}
