/** What Decap hands a control beyond its documented props, and how it says a refusal (index.ts). */
import { plain } from "../decap"

/** The Decap release these internals were verified on (decap-cms-app's decap-cms-core). */
export const DECAP_VERIFIED = "decap-cms-core 3.19.1"

/** An entry as Decap's store holds it (Immutable.js): its data, its other languages', where it is saved. */
export interface DecapDraft {
  get(key: "data" | "path" | "slug" | "newRecord" | "collection"): unknown
  getIn(path: readonly string[]): unknown
}

/** An entry as Decap's backend answers it: the default language's document, each other's in i18n. */
export interface LoadedEntry {
  path: string
  data: unknown
  i18n?: Record<string, { data: unknown }>
}

type QueryAction = { payload: { hits?: LoadedEntry[]; error?: unknown } }

/** Decap's configuration as a control is given it (a plain object in Decap 3): the backend, the collections. */
export interface DecapConfig {
  backend: { name: string; repo?: string; branch?: string; api_root?: string }
  collections: Array<{ name: string; folder?: string; identifier_field?: string; files?: Array<{ name: string }> }>
}

/** The props a control gets that Decap's custom-widget docs do not list, and that the entry check needs. */
export interface ControlInternals {
  config: DecapConfig
  /** The entry's collection (an Immutable.js map): its name, and a folder collection's folder. */
  collection: { get(key: "name" | "folder"): string | undefined }
  /** The entry as it is now in the store (the `entry` prop can be stale, Decap says). */
  getEntry: () => DecapDraft
  /** Decap's search of a collection; answers the action it dispatched, whose hits are the entries. */
  query: (namespace: string, collection: string, searchFields: string[], term: string) => Promise<QueryAction>
  loadEntry: (collection: string, slug: string) => Promise<LoadedEntry>
  /** Runs Decap's validation of this field again (clears its message once all is well). */
  validate: () => void
  /** Forgets this field's errors in Decap's store. */
  clearFieldErrors: (uniqueFieldId: string) => void
}

/** The internals a control needs, each checked at run time and against Decap by the contract test. */
export const CONTROL_INTERNALS: ReadonlyArray<keyof ControlInternals> = [
  "config",
  "collection",
  "getEntry",
  "query",
  "loadEntry",
  "validate",
  "clearFieldErrors",
]

/** The internals a control was not given as functions: none while Decap is as verified. */
export function missingControlInternals(props: object): string[] {
  const given = props as Record<string, unknown>
  const ofShape = (name: keyof ControlInternals) => {
    if (name === "config") return Array.isArray((given.config as Partial<DecapConfig> | undefined)?.collections)
    if (name === "collection") return typeof (given.collection as { get?: unknown } | undefined)?.get === "function"
    return typeof given[name] === "function"
  }
  return CONTROL_INTERNALS.filter((name) => !ofShape(name))
}

/** What the form says when Decap no longer is as verified: the checks cannot run, and why. */
export const decapChanged = (missing: readonly string[]) =>
  `Decap no longer gives the form ${missing.map((name) => `“${name}”`).join(", ")} (the checks were verified on ${DECAP_VERIFIED}).`

/** The language of the side a control is on (Decap's `locale` prop, with i18n on); none without it. */
export const localeOf = (props: object): unknown => (props as { locale?: unknown }).locale

/** Whether the draft is of an entry not saved yet (Decap's `newRecord`, set in its store's entry draft). */
export const isNewDraft = (draft: DecapDraft): boolean => draft.get("newRecord") === true

/** The name of the collection an entry (as a postSave event hands it) belongs to. */
export const collectionOf = (entry: DecapDraft): unknown => entry.get("collection")

/** The draft's document in a language: the default one's `data`, another's under `i18n`. */
export function draftDocument(draft: DecapDraft, locale: string, defaultLocale: string): unknown {
  return plain(locale === defaultLocale ? draft.get("data") : draft.getIn(["i18n", locale, "data"]))
}

/** The languages the draft holds besides the default one. */
export const draftLocales = (draft: DecapDraft): string[] =>
  Object.keys((plain(draft.getIn(["i18n"])) as object | undefined) ?? {})

/**
 * A refusal from a control's isValid, of the kind Decap announces with its notice (the "presence"
 * kind: any other kind refuses the save in silence).
 */
export const refusal = (message: string) => ({ error: { type: "PRESENCE", message } })

/** Decap's notices the admin words its own way (registerLocale's keys, in decap-cms-locales' tree). */
export const NOTICE_KEYS = {
  refused: ["ui", "toast", "missingRequiredField"],
  deletePublished: ["editor", "editor", "onDeletePublishedEntry"],
  deleteWithUnsaved: ["editor", "editor", "onDeleteWithUnsavedChanges"],
  noUnsavedChanges: ["editor", "editorToolbar", "changesSaved"],
  notSaved: ["ui", "toast", "onFailToPersist"],
  notPublished: ["ui", "toast", "onFailToPublishEntry"],
} as const

/** Decap's English phrases with some replaced, each at its key. */
export function withNotices<T extends object>(phrases: T, replaced: Record<keyof typeof NOTICE_KEYS, string>): T {
  const copy = structuredClone(phrases) as Record<string, unknown>
  for (const [name, path] of Object.entries(NOTICE_KEYS)) {
    let node = copy
    for (const key of path.slice(0, -1)) node = node[key] as Record<string, unknown>
    node[path.at(-1)!] = replaced[name as keyof typeof NOTICE_KEYS]
  }
  return copy as T
}

/**
 * Decap refuses a save by rejecting a promise nobody awaits, with no reason (its notice and the fields
 * say why); a save a preSave handler refused, with its failure action, whose `error` is the handler's
 * (`refused`). That one rejection, expected once a control or a handler has refused the save, is kept
 * from the console, until the editor's next key or click at the latest; any other stays an error.
 */
export function expectRefusalRejection(refused?: Error): void {
  const stop = () => {
    window.removeEventListener("unhandledrejection", once)
    document.removeEventListener("pointerdown", stop, true)
    document.removeEventListener("keydown", stop, true)
  }
  const once = (event: PromiseRejectionEvent) => {
    const reason = event.reason as { error?: unknown } | undefined
    if (refused ? reason?.error !== refused : reason !== undefined) return
    event.preventDefault()
    stop()
  }
  window.addEventListener("unhandledrejection", once)
  document.addEventListener("pointerdown", stop, true)
  document.addEventListener("keydown", stop, true)
}
