/**
 * Decap's own store (decap-cms-core's Redux store, in its `redux` module), for the two things the
 * admin needs of it outside a form's fields (index.ts): the configuration as Decap loaded it, which
 * the save's handlers read from the admin's start, before any form has mounted; and a form loaded
 * anew with fields set on it, as the form's own edits set them (another editor's version taken, with
 * the editor's edits on top).
 */
import { fromJS } from "immutable"
import { store as decapStore } from "decap-cms-core/dist/esm/redux/index.js"
import { loadUnpublishedEntry } from "decap-cms-core/dist/esm/actions/editorialWorkflow.js"
import { changeDraftField } from "decap-cms-core/dist/esm/actions/entries.js"
import type { DecapConfig } from "./control"
import { plain } from "../decap"

/** A field's value set on a language's side of the form. */
export interface FieldSet {
  locale: string
  field: string
  value: unknown
}

interface ImmutableList<T> {
  find(predicate: (item: T) => boolean): T | undefined
}
interface DecapCollection {
  get(key: "fields"): ImmutableList<{ get(key: "name"): string }>
}
interface DecapState {
  config: DecapConfig & { i18n?: { locales: string[]; default_locale?: string } }
  collections: { get(name: string): DecapCollection | undefined }
  entryDraft: { getIn(path: readonly string[]): unknown }
}
interface DecapStore {
  getState(): DecapState
  dispatch(action: unknown): unknown
  subscribe(listener: () => void): () => void
}

/** Decap's store and the two action creators, from the modules the admin's bundle holds once. */
function decap() {
  return { store: decapStore as DecapStore, loadUnpublishedEntry, changeDraftField }
}

/** Decap's configuration now (config.yml with what CMS.init added), once it has loaded it. */
export async function decapConfig(): Promise<DecapConfig> {
  return decap().store.getState().config
}

/** The keys of the forms Decap restored from a backup of unsaved edits, this page's life. */
const restoredForms = new Set<string>()

/**
 * Follows Decap's store from the admin's start (index.ts): a form whose offered backup (the unsaved
 * edits of an earlier visit, which Decap keeps across reloads) was taken is created anew under a key
 * of its own, with unsaved changes, the backup gone from the form's state.
 */
export function followBackupRestores(): () => void {
  const { store } = decap()
  let before = store.getState().entryDraft
  return store.subscribe(() => {
    const now = store.getState().entryDraft
    if (now === before) return
    const restored =
      before.getIn(["localBackup"]) !== undefined &&
      now.getIn(["localBackup"]) === undefined &&
      now.getIn(["key"]) !== before.getIn(["key"]) &&
      now.getIn(["hasChanged"]) === true
    if (restored) restoredForms.add(String(now.getIn(["key"])))
    before = now
  })
}

/**
 * The form open now: its key (a new one each time Decap creates the form: an entry loaded, or a
 * backup restored), and whether its content is a backup of unsaved edits rather than the entry loaded.
 */
export function draftMoment(): { key: string; fromBackup: boolean } {
  const key = String(decap().store.getState().entryDraft.getIn(["key"]) ?? "")
  return { key, fromBackup: restoredForms.has(key) }
}

/**
 * Loads the entry's form anew as Decap opens it (its draft, if it has one, else the published entry),
 * waits until a new form holds the version `loaded` recognises (Decap falls back to the published
 * entry without waiting for it), then sets each of `fields` on it, as an edit of that field would: the form
 * then has unsaved changes.
 */
export async function reopenWith(
  collectionName: string,
  slug: string,
  loaded: (data: unknown) => boolean,
  fields: readonly FieldSet[],
): Promise<void> {
  const { store, loadUnpublishedEntry } = decap()
  // The form loaded anew is a form created anew, under a key of its own: the old one may hold the same data.
  const before = store.getState().entryDraft.getIn(["key"])
  await store.dispatch(loadUnpublishedEntry(collectionOf(store, collectionName) as never, slug))
  await whenDraft(
    store,
    (draft) =>
      draft.getIn(["key"]) !== before &&
      draft.getIn(["entry", "isFetching"]) !== true &&
      loaded(plain(draft.getIn(["entry", "data"]))),
  )
  setFields(collectionName, fields)
}

/** Resolves once Decap's form satisfies `holds`; refuses after 30 s, saying so. */
function whenDraft(store: DecapStore, holds: (draft: DecapState["entryDraft"]) => boolean): Promise<void> {
  return new Promise((done, fail) => {
    if (holds(store.getState().entryDraft)) return done()
    const timer = setTimeout(() => {
      stop()
      fail(new Error("their version did not load into the form within 30 s"))
    }, 30_000)
    const stop = store.subscribe(() => {
      if (!holds(store.getState().entryDraft)) return
      clearTimeout(timer)
      stop()
      done()
    })
  })
}

/** Resolves once Decap's form holds a new, empty entry of the collection (its "new" form has opened). */
export function newEntryOpened(collectionName: string): Promise<void> {
  const { store } = decap()
  const opened = () => {
    const { entryDraft } = store.getState()
    return (
      entryDraft.getIn(["entry", "newRecord"]) === true && entryDraft.getIn(["entry", "collection"]) === collectionName
    )
  }
  return new Promise((done) => {
    if (opened()) return done()
    const stop = store.subscribe(() => {
      if (!opened()) return
      stop()
      done()
    })
  })
}

function collectionOf(store: DecapStore, name: string): DecapCollection {
  const collection = store.getState().collections.get(name)
  if (!collection) throw new Error(`Decap has no collection “${name}”`)
  return collection
}

/** Sets each of `fields` on the form open now, as an edit of that field would (a version restored). */
export function setFields(collectionName: string, fields: readonly FieldSet[]): void {
  const { store, changeDraftField } = decap()
  const collection = collectionOf(store, collectionName)
  const { config } = store.getState()
  const locales = config.i18n?.locales ?? []
  const defaultLocale = config.i18n?.default_locale ?? locales[0]
  for (const { locale, field, value } of fields) {
    const configured = collection.get("fields").find((candidate) => candidate.get("name") === field)
    if (!configured) continue
    store.dispatch(
      changeDraftField({
        field: configured as never,
        value: fromJS(value),
        metadata: {},
        // No version to compare with: the form counts the change as unsaved.
        entries: [],
        i18n: { currentLocale: locale, defaultLocale, locales },
      } as never),
    )
  }
}
