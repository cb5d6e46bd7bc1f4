/**
 * "Deleted case studies", on the case studies' list in the admin, once signed in with GitHub: each
 * study deleted from main, known by its file, with who deleted it and when, read from the folder's
 * commits with the editor's token when she opens the list (each commit's files once per browser: a
 * commit never changes). "Restore as a draft" opens a new study's form holding its last version in
 * both languages, at its own file, saying what publishing it will do (cms/entry-history.ts).
 */
import { type ReactNode, useEffect, useMemo, useState } from "react"
import {
  type DeletedEntry,
  type FolderCommit,
  RESTORE,
  deletedEntries,
  restorePlan,
  slugsHeld,
  versionLabel,
} from "../entry-history"
import { signedInUser } from "./decap-internals"
import { newEntryOpened, setFields } from "./decap-internals/store"
import { fileAt } from "./entry-versions"
import { type BackendConfig, contentOnBranch, fewAtOnce, fromGitHub } from "./github"
import { useAdminScreen } from "./release-notes"
import { CONTENT_LABEL } from "../entry-problems"
import { isRecord } from "../../contracts/json"
import { CornerPanel, FieldLink } from "./entry-check/summary-parts"

const STUDIES = "case-studies"
const FOLDER = `${CONTENT_LABEL}/${STUDIES}`
const COLLECTION = "case-studies"
const LIST = `#/collections/${COLLECTION}`
const NEW_FORM = `${LIST}/new`

interface Commit {
  sha: string
  parents: Array<{ sha: string }>
  commit: { message: string; author: { name: string; date: string } }
  files?: Array<{ filename: string; status: string }>
}

const FILES_KEY = "aurelle-commit-files"
/** The commits whose files the browser keeps: the folder's latest, as many as a few looks back read. */
const FILES_KEPT = 1000

/** A commit's files as this browser kept them: each a path and what the commit did to it. */
const isFiles = (value: unknown): value is FolderCommit["files"] =>
  Array.isArray(value) &&
  value.every((file) => isRecord(file) && typeof file.file === "string" && typeof file.status === "string")

/** The commits' files this browser kept (a commit never changes), newest read last; anything else is nothing. */
function keptFiles(): Map<string, FolderCommit["files"]> {
  try {
    const stored = JSON.parse(localStorage.getItem(FILES_KEY) ?? "[]") as unknown
    if (!Array.isArray(stored)) return new Map()
    return new Map(
      stored.filter(
        (item): item is [string, FolderCommit["files"]] =>
          Array.isArray(item) && typeof item[0] === "string" && isFiles(item[1]),
      ),
    )
  } catch {
    return new Map()
  }
}

function keepFiles(read: ReadonlyMap<string, FolderCommit["files"]>): void {
  const kept = [...keptFiles(), ...read].slice(-FILES_KEPT)
  try {
    // An earlier release kept each commit under a key of its own: gone, they free their room.
    for (const key of Object.keys(localStorage)) if (key.startsWith(`${FILES_KEY}:`)) localStorage.removeItem(key)
    localStorage.setItem(FILES_KEY, JSON.stringify(kept))
  } catch {
    // A full storage keeps nothing: the next look asks GitHub again.
  }
}

/** Each commit with its files: those this browser kept, the others asked of GitHub, a few at a time. */
async function withFiles(config: BackendConfig, commits: readonly Commit[]): Promise<FolderCommit[]> {
  const kept = keptFiles()
  const read = new Map<string, FolderCommit["files"]>()
  try {
    // A few commits at a time, not a hundred at once.
    await fewAtOnce(
      commits.filter(({ sha }) => !kept.has(sha)),
      async ({ sha }) => {
        const detail = await fromGitHub<Commit>(config, `/commits/${sha}`)
        // The studies' files alone: the rest of a commit tells the list nothing, and would fill the storage.
        const studies = (detail.files ?? []).filter(({ filename }) => filename.startsWith(`${FOLDER}/`))
        read.set(
          sha,
          studies.map(({ filename, status }) => ({ file: filename, status })),
        )
      },
    )
  } finally {
    // What was read is kept even when a later question failed: the next look asks only the rest.
    if (read.size > 0) keepFiles(read)
  }
  return commits.map(({ sha, parents, commit }) => ({
    sha,
    author: commit.author.name,
    at: commit.author.date,
    message: commit.message,
    parent: parents[0]?.sha,
    files: kept.get(sha) ?? read.get(sha) ?? [],
  }))
}

/** A page of the folder's commits on main, a hundred at most, newest first. */
const PAGE = 100

/** What the list has read: the folder's commits so far, the studies on main now, whether older commits remain. */
interface History {
  commits: FolderCommit[]
  studies: Map<string, string>
  more: boolean
}

/** The history read so far, with the next page of the folder's commits (the first: with the studies now). */
async function readFurther(config: BackendConfig, before: History | null): Promise<History> {
  const branch = config.backend.branch ?? "main"
  const page = before ? before.commits.length / PAGE + 1 : 1
  const [commits, studies] = await Promise.all([
    fromGitHub<Commit[]>(
      config,
      `/commits?sha=${encodeURIComponent(branch)}&path=${FOLDER}&per_page=${PAGE}&page=${page}`,
    ),
    before
      ? before.studies
      : contentOnBranch(config, (relative) => relative.startsWith(`${STUDIES}/`)).then(({ texts }) => texts),
  ])
  return {
    commits: [...(before?.commits ?? []), ...(await withFiles(config, commits))],
    studies,
    more: commits.length === PAGE,
  }
}

/** The studies deleted from main, as the history read so far tells. */
const deletedIn = ({ commits, studies }: History): DeletedEntry[] =>
  deletedEntries(commits, new Set([...studies.keys()].map((file) => `${CONTENT_LABEL}/${file}`)), slugsHeld(studies))

/** Waits for Decap's new study form, then sets the version's fields on it. */
async function restoreDeleted(config: BackendConfig, entry: DeletedEntry, studies: Map<string, string>) {
  const text = await fileAt(config, entry.file, entry.lastAt)
  if (text === null) throw new Error(`${entry.file} could not be read at its last version`)
  const plan = restorePlan(text, null, {
    isStudy: true,
    slugsHeldElsewhere: slugsHeld(studies),
    now: new Date(),
    file: entry.file,
  })
  const opened = newEntryOpened(COLLECTION)
  location.hash = NEW_FORM
  await opened
  setFields(COLLECTION, plan.fields)
  return plan.notes
}

/** At the top right of the list (the bottom corners hold the latest change and the translations); at the bottom right of a form, clear of its buttons. */
const View = ({
  $onForm,
  ...props
}: {
  $onForm?: boolean
  "aria-label": string
  role?: string
  children: ReactNode
}) => (
  <CornerPanel $corner={$onForm ? "bottom-right" : "top-right"} $border="#798291" $background="#f5f6f8" {...props} />
)

const messageOf = (error: unknown) => String(error instanceof Error ? error.message : error)

type Listing =
  | { status: "closed" }
  | { status: "reading"; read: History | null }
  | { status: "read"; read: History; notRestored?: string }
  | { status: "failed"; message: string; read: History | null }

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
    readFurther(config, listing.read).then(
      (read) => active && setListing({ status: "read", read }),
      (error: unknown) => active && setListing({ status: "failed", message: messageOf(error), read: listing.read }),
    )
    return () => {
      active = false
    }
  }, [listing, config])
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
  // What was read stays listed while the next page is read, or after it failed.
  const read = listing.status === "closed" ? null : listing.read
  const restore = (entry: DeletedEntry, history: History) =>
    restoreDeleted(config, entry, history.studies).then(setNotes, (error: unknown) =>
      setListing({ status: "read", read: history, notRestored: messageOf(error) }),
    )
  const entries = read ? deletedIn(read) : []
  return (
    <View aria-label={RESTORE.deletedHeading}>
      <details
        onToggle={(event) =>
          event.currentTarget.open && listing.status === "closed" && setListing({ status: "reading", read: null })
        }
      >
        <summary>{RESTORE.deletedHeading}</summary>
        {listing.status === "reading" ? <p>Reading the history…</p> : null}
        {listing.status === "failed" ? (
          <>
            <p role="alert">{RESTORE.notRead(listing.message)}</p>
            <FieldLink type="button" onClick={() => setListing({ status: "reading", read: listing.read })}>
              {RESTORE.again}
            </FieldLink>
          </>
        ) : null}
        {listing.status === "read" && listing.notRestored ? (
          <p role="alert">{RESTORE.notRestored(listing.notRestored)}</p>
        ) : null}
        {read && entries.length === 0 ? <p>{RESTORE.deletedNone(read.more)}</p> : null}
        {read && entries.length > 0 ? (
          <ul>
            {entries.map((entry) => (
              <li key={entry.file}>
                {entry.file.slice(FOLDER.length + 1, -".json".length)}:{" "}
                {RESTORE.deletedBy(versionLabel(entry.deletedBy))}{" "}
                <FieldLink type="button" onClick={() => void restore(entry, read)}>
                  {RESTORE.restore}
                </FieldLink>
              </li>
            ))}
          </ul>
        ) : null}
        {listing.status === "read" && read?.more ? (
          <FieldLink type="button" onClick={() => setListing({ status: "reading", read })}>
            {RESTORE.further}
          </FieldLink>
        ) : null}
      </details>
    </View>
  )
}
