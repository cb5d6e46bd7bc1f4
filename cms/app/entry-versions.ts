/**
 * Two editors on one entry, in the admin (the decisions: cms/stale-save.ts). Each form remembers the
 * version of its file it opened, read from GitHub with the editor's own token as the form mounts; a
 * save or a publish reads the version there now and is refused before anything is written when
 * someone else's stands there, the refusal kept in the admin's store for the form to show
 * (stale-save-note.tsx). The editor may then take their version with her own edits on top.
 * With the local backend (one editor, on her own machine) nothing is compared.
 */
import { DEFAULT_LOCALE, LOCALES } from "../../model/locales"
import { canonicalJson } from "../../contracts/json"
import { withoutCheckField } from "../format"
import { ENTRY_CHECK } from "../shared"
import type { HistoryCommit } from "../entry-history"
import {
  type EntryVersion,
  STALE_SAVE,
  type SaveVerdict,
  documentsOf,
  draftBranch,
  fieldChanges,
  saveVerdict,
  takeTheirs,
} from "../stale-save"
import { adminStore } from "./admin-store"
import { type DecapDraft, collectionOf, draftDocument, expectRefusalRejection, isNewDraft } from "./decap-internals"
import { type FieldSet, decapConfig, draftMoment, reopenWith } from "./decap-internals/store"
import { editsBase, forgetEditsBase, keepEditsBase } from "./edits-base"
import { type BackendConfig, GitHubRefused, decoded, fromGitHub } from "./github"
import { recordSave } from "./saved-content"

interface Commit {
  sha: string
  commit: { message: string; author: { name: string; date: string } }
}

/**
 * The entry's file as it is now: on its draft's branch while it has one (an open pull request from it),
 * else on the branch the site is published from; with the commit that last changed it there.
 */
export async function versionNow(
  config: BackendConfig,
  collection: string,
  slug: string,
  file: string,
): Promise<EntryVersion> {
  const branch = draftBranch(collection, slug)
  const owner = config.backend.repo?.split("/")[0] ?? ""
  const head = encodeURIComponent(`${owner}:${branch}`)
  const [draft] = await fromGitHub<Array<{ head: { sha: string } }>>(config, `/pulls?state=open&head=${head}`)
  const [last] = await commitsOf(config, file, draft?.head.sha ?? config.backend.branch ?? "main", 1)
  if (!last) return { text: null }
  return { text: await fileAt(config, file, last.sha), commit: last }
}

/** The commits that changed `file` on `ref`, newest first, as many as asked for (GitHub gives 100 at most). */
export async function commitsOf(
  config: BackendConfig,
  file: string,
  ref: string,
  count: number,
): Promise<HistoryCommit[]> {
  const query = `sha=${encodeURIComponent(ref)}&path=${encodeURIComponent(file)}&per_page=${count}`
  const commits = await fromGitHub<Commit[]>(config, `/commits?${query}`)
  return commits.map(({ sha, commit }) => ({
    sha,
    author: commit.author.name,
    at: commit.author.date,
    message: commit.message,
  }))
}

/** The file's text at a commit; null where the commit has no such file (it deleted it). */
export const fileAt = (config: BackendConfig, file: string, sha: string): Promise<string | null> =>
  fromGitHub<{ content: string }>(config, `/contents/${encodeURI(file)}?ref=${encodeURIComponent(sha)}`).then(
    ({ content }) => decoded(content),
    (error: unknown) => {
      if (error instanceof GitHubRefused && error.status === 404) return null
      throw error
    },
  )

const versions = () => adminStore.now().versions

const isGitHub = (config: BackendConfig) => config.backend.name === "github"

/** The file, collection and key of an entry as Decap hands it; none for one not saved yet. */
function entryPlace(entry: DecapDraft): { file: string; collection: string; slug: string } | null {
  const [file, slug, collection] = [entry.get("path"), entry.get("slug"), collectionOf(entry)]
  if (isNewDraft(entry) || typeof file !== "string" || typeof slug !== "string" || typeof collection !== "string")
    return null
  return { file, collection, slug }
}

/** The address of an entry's form in the admin (Decap's hash route). */
const formRoute = ({ collection, slug }: { collection: string; slug: string }) =>
  `#/collections/${collection}/entries/${slug}`

/** The form's content as a file's text: each language's document as it is in the form now. */
export const formText = (entry: DecapDraft): string =>
  JSON.stringify(Object.fromEntries(LOCALES.map((locale) => [locale, draftDocument(entry, locale, DEFAULT_LOCALE)])))

/** Stands the form of the file (Decap's form `key`) on `reading` from now on. */
function standOn(file: string, route: string, key: string, reading: Promise<EntryVersion | null>): void {
  adminStore.set("versions", { opened: new Map(versions().opened).set(file, { route, key, reading, edited: false }) })
}

/**
 * The form of `entry` has mounted. A form Decap has just created stands on what it loaded: the
 * entry's content as the form holds it before any edit, whatever was saved since Decap read it. A
 * form restored from a backup of unsaved edits stands on the version those edits were built on, as
 * this browser kept it at the first edit (edits-base.ts), or on nothing known (its save is then
 * refused showing how the form differs from the version there now, which she may take). Mounted again (a side drawn anew), it stands where it stood.
 */
export function rememberOpened(config: BackendConfig, entry: DecapDraft): void {
  const place = entryPlace(entry)
  if (!place || !isGitHub(config)) return
  const { key, fromBackup } = draftMoment()
  if (versions().opened.get(place.file)?.key === key) return
  const base = fromBackup ? editsBase(place.file) : formText(entry)
  standOn(place.file, formRoute(place), key, Promise.resolve(base === undefined ? null : { text: base }))
}

/**
 * The form of `entry` has been edited: the first edit of a form keeps the version it stands on in
 * the browser, for the backup of those edits Decap keeps (edits-base.ts).
 */
export function rememberEdited(entry: DecapDraft): void {
  const place = entryPlace(entry)
  const standing = place && versions().opened.get(place.file)
  if (!place || !standing || standing.edited) return
  adminStore.set("versions", { opened: new Map(versions().opened).set(place.file, { ...standing, edited: true }) })
  void standing.reading.then((version) => version && keepEditsBase(place.file, version.text))
}

/** Forms the editor has left (the admin's address is another's) stand on nothing any more. */
export function forgetLeftForms(hash: string): void {
  const opened = versions().opened
  const kept = new Map([...opened].filter(([, { route }]) => route === hash))
  if (kept.size === opened.size) return
  const { refused, taken } = versions()
  adminStore.set("versions", {
    opened: kept,
    refused: refused && kept.has(refused.path) ? refused : undefined,
    taken: taken && kept.has(taken.path) ? taken : undefined,
  })
}

/** Refused before Decap writes anything: its notice says this, the form says the rest. */
export class SaveRefused extends Error {
  override toString() {
    return this.message
  }
}

/**
 * Decap's preSave (and prePublish) event: refuses the save when the version there now is not the one
 * the form opened, or when that cannot be told (GitHub not answering); nothing when it is.
 */
export async function refuseStaleSave(entry: DecapDraft, publishing = false): Promise<void> {
  const place = entryPlace(entry)
  const config = await decapConfig()
  if (!place || !isGitHub(config)) return
  const opened = await versions().opened.get(place.file)?.reading
  // A publish from the board, with no form of the draft open: what is published is what was reviewed there.
  if (publishing && opened === undefined) return
  let now: EntryVersion
  try {
    now = await versionNow(config, place.collection, place.slug, place.file)
  } catch (error) {
    throw new SaveRefused(`${STALE_SAVE.unread} (${error instanceof Error ? error.message : String(error)})`)
  }
  // Restored edits whose base is not known: how the form differs from the version there now, to take or not.
  const unknownBase = opened === null
  const verdict: SaveVerdict = unknownBase
    ? {
        kind: "stale",
        by: now.commit?.author ?? "Someone",
        at: now.commit?.at,
        changes: fieldChanges(documentsOf(formText(entry)), documentsOf(now.text)),
        now,
      }
    : saveVerdict(opened!, now)
  if (verdict.kind === "current") {
    if (versions().refused?.path === place.file) adminStore.set("versions", { refused: undefined })
    return
  }
  adminStore.set("versions", { refused: { path: place.file, verdict, publishing, unknownBase }, taken: undefined })
  const refusal = new SaveRefused(
    unknownBase
      ? STALE_SAVE.unknownBase
      : publishing
        ? STALE_SAVE.publishReason(verdict.by)
        : now.text === null
          ? STALE_SAVE.goneReason(verdict.by)
          : STALE_SAVE.reason(verdict.by, verdict.at),
  )
  if (!publishing) expectRefusalRejection(refusal)
  throw refusal
}

/**
 * Decap's postSave event: the text just written (`savedText`) is the version the form now stands on,
 * and the edits it held are saved (their backup gone with them).
 */
export function rememberSaved(entry: DecapDraft, savedText: string): void {
  const place = entryPlace(entry)
  if (!place) return
  forgetEditsBase(place.file)
  standOn(place.file, formRoute(place), draftMoment().key, Promise.resolve({ text: savedText }))
  if (versions().taken?.path === place.file) adminStore.set("versions", { taken: undefined })
}

/**
 * The editor takes the version that refused her save: the form is loaded anew with it (a draft's
 * branch, as Decap opens a draft), and her edits on fields they did not change are set on top.
 */
export async function takeTheirVersion(entry: DecapDraft): Promise<void> {
  const place = entryPlace(entry)
  const refused = versions().refused
  if (!place || refused?.path !== place.file) return
  const opened = await versions().opened.get(place.file)?.reading
  const mine = formText(entry)
  const theirs = refused.verdict.now
  // With no base known, everything her form holds otherwise is hers, kept where it can be.
  const base = opened ? opened.text : theirs.text
  const taken = takeTheirs(documentsOf(base), documentsOf(theirs.text), documentsOf(mine))
  // The content the checks and the save's own fields start from is theirs.
  if (theirs.text !== null) recordSave(place.file.replace(/^content\//, ""), theirs.text)
  const theirEnglish = documentsOf(theirs.text)[DEFAULT_LOCALE]
  await reopenWith(
    place.collection,
    place.slug,
    (data) => canonicalJson(withoutCheckField(data as never)) === canonicalJson(theirEnglish),
    [
      ...taken.kept.map(({ locale, field, after }) => ({ locale, field, value: after })),
      // Her translations confirmed still right, not saved yet, stay confirmed (the save records them).
      ...pendingChecks(entry),
    ],
  )
  standOn(place.file, formRoute(place), draftMoment().key, Promise.resolve(theirs))
  // Her edits are on theirs now: a reload's backup of them stands on theirs.
  rememberEdited(entry)
  adminStore.set("versions", { refused: undefined, taken: { path: place.file, version: taken } })
}

/** The entry check's field on each side of the form, where it holds confirmations not saved yet. */
function pendingChecks(entry: DecapDraft): FieldSet[] {
  return LOCALES.flatMap((locale) => {
    const value = (draftDocument(entry, locale, DEFAULT_LOCALE) as Record<string, unknown> | undefined)?.[
      ENTRY_CHECK.name
    ]
    return value === undefined || value === null || value === "" ? [] : [{ locale, field: ENTRY_CHECK.name, value }]
  })
}
