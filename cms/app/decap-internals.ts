/**
 * Everything the admin relies on that Decap CMS does not document or promise, in one place: the
 * props Decap hands a control beyond its custom-widget docs, the entry's other languages in its store,
 * the kind of error that makes it show its "missed a required field" notice, the key of its notices'
 * wording, the promise it rejects without a reason when it refuses a save, where it keeps the
 * signed-in editor, how its routes and its form's markup are made.
 *
 * Each is checked against the installed Decap by test/cms/decap-contract.test.ts, which names the
 * version it was verified on (DECAP_VERIFIED) and is seen failing against a copy of Decap with that
 * internal renamed. At run time, a control given props of another shape is told so
 * (`missingControlInternals`): the form says the checks cannot run and why, and refuses to save.
 *
 * What Decap does document is used as documented, elsewhere: registerWidget, registerEventListener
 * (preSave, postSave), registerPreviewTemplate, registerLocale, a control's value, field, forID, onChange and
 * isValid, a preview's entry.get("data").
 */
import { plain } from "./decap"

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
 * say why). That one rejection, expected once a control has refused the save, is kept from the
 * console, until the editor's next key or click at the latest; any other stays an error.
 */
export function expectRefusalRejection(): void {
  const stop = () => {
    window.removeEventListener("unhandledrejection", once)
    document.removeEventListener("pointerdown", stop, true)
    document.removeEventListener("keydown", stop, true)
  }
  const once = (event: PromiseRejectionEvent) => {
    if (event.reason !== undefined) return
    event.preventDefault()
    stop()
  }
  window.addEventListener("unhandledrejection", once)
  document.addEventListener("pointerdown", stop, true)
  document.addEventListener("keydown", stop, true)
}

/**
 * Calls `edited` after each edit anywhere in Decap's form. Decap redraws a control when its own value
 * changes, never for another field's; its fields are inputs, lists and buttons, whose events reach the
 * document once Decap has put the edit in its store. Returns the stop.
 */
export function onFormEdits(edited: () => void): () => void {
  const events = ["input", "change", "click", "keyup", "focusout"] as const
  for (const name of events) document.addEventListener(name, edited)
  return () => {
    for (const name of events) document.removeEventListener(name, edited)
  }
}

/** Decap keeps the signed-in editor, their GitHub token with them, in localStorage under this key. */
const DECAP_USER = "decap-cms-user"

/** Decap's signed-in editor, as it keeps them: which backend, and the token. */
export interface DecapUser {
  backendName?: string
  token?: string
}

export const signedInUser = (): DecapUser | null =>
  JSON.parse(localStorage.getItem(DECAP_USER) ?? "null") as DecapUser | null

/** Decap's address of an entry's form (its routes are in the hash): "#/collections/<name>/entries/<slug>", ".../new". */
const ENTRY_FORM = /^#\/collections\/[^/]+\/(entries\/|new)/

export interface AdminScreen {
  backend: string | null
  formOpen: boolean
}

const readScreen = (): AdminScreen => ({
  backend: signedInUser()?.backendName ?? null,
  formOpen: ENTRY_FORM.test(location.hash),
})

/**
 * Calls `changed` with the signed-in editor's backend and whether an entry's form is open, whenever
 * either changes. Decap moves between screens through its hash routes (a `hashchange`), but signs in
 * and out without any event: that alone is looked at, twice a second. Returns the stop.
 */
export function watchAdminScreen(changed: (screen: AdminScreen) => void): () => void {
  let last = readScreen()
  const look = () => {
    const now = readScreen()
    if (now.backend === last.backend && now.formOpen === last.formOpen) return
    last = now
    changed(now)
  }
  window.addEventListener("hashchange", look)
  const signIn = setInterval(look, 500)
  return () => {
    window.removeEventListener("hashchange", look)
    clearInterval(signIn)
  }
}
export const adminScreenNow = readScreen

/**
 * A field of a side of the form, by its labels (Metrics, then Timeframe), from Decap's markup: each
 * label (a `label[for]`, with " (optional)" after an optional field's name) found within the last, in
 * the part of the page around `from` that holds the first; the deepest one found, and its input.
 */
export function fieldOf(
  from: Element,
  labels: readonly string[],
): { label: HTMLLabelElement; input: HTMLElement | null } | null {
  const labelIn = (scope: Element, text: string) =>
    [...scope.querySelectorAll<HTMLLabelElement>("label[for]")].find(
      (label) => label.textContent?.replace(/ \(optional\)$/, "").trim() === text,
    )
  let scope: Element | null = from
  while (scope && !labelIn(scope, labels[0])) scope = scope.parentElement
  let found: HTMLLabelElement | undefined
  for (const text of labels) {
    const label = scope && labelIn(scope, text)
    if (!label) break
    found = label
    scope = label.parentElement?.parentElement ?? null
  }
  if (!found) return null
  const control = document.getElementById(found.htmlFor)
  const input = control?.matches("input, textarea, select, button")
    ? control
    : (control?.querySelector<HTMLElement>("input, textarea, select, button") ?? null)
  return { label: found, input }
}

/** The class of a message the admin puts at a field of Decap's form (styled by the entry check). */
export const FIELD_PROBLEM = "entry-check-field-problem"

/**
 * Marks a field of Decap's form as refused, as Decap marks the fields it validates itself: the message
 * between its label and its input, the input invalid and described by it (GOV.UK's error pattern: a
 * summary at the top, the message at the field). Decap gives a control neither its place in the
 * entry nor a way to mark another field, so the marks go beside Decap's markup; returns their removal.
 */
export function markField(field: { label: HTMLLabelElement; input: HTMLElement | null }, message: string): () => void {
  const { note, remove } = noteAtField(field, "p", `${field.label.htmlFor}-problem`)
  note.className = FIELD_PROBLEM
  note.textContent = message
  field.input?.setAttribute("aria-invalid", "true")
  return () => {
    remove()
    field.input?.removeAttribute("aria-invalid")
  }
}

/**
 * An element of the admin's own between a field's label and its input, which the input is described
 * by (a mark of a refusal, a translation to check); returns it and its removal.
 */
export function noteAtField(
  field: { label: HTMLLabelElement; input: HTMLElement | null },
  tag: "p" | "div",
  id: string,
): { note: HTMLElement; remove: () => void } {
  const note = document.createElement(tag)
  note.id = id
  field.label.after(note)
  const { input } = field
  const described = () => (input?.getAttribute("aria-describedby") ?? "").split(" ").filter(Boolean)
  input?.setAttribute("aria-describedby", [...described(), id].join(" "))
  return {
    note,
    remove: () => {
      note.remove()
      const rest = described().filter((other) => other !== id)
      if (rest.length > 0) input?.setAttribute("aria-describedby", rest.join(" "))
      else input?.removeAttribute("aria-describedby")
    },
  }
}

/**
 * Calls `again` when an asset a control asked for may have loaded; returns the cancel. Decap loads it
 * in its store and tells the control nothing (its `isLoadingAsset` stays with the field's EditorControl
 * and never reaches the control), so this is the one timer that looks at Decap's state: 150 ms.
 */
export function afterAssetLoadMayHaveEnded(again: () => void): () => void {
  const timer = setTimeout(again, 150)
  return () => clearTimeout(timer)
}

/** An image control's answer for a saved image is the image asked for, not Decap's placeholder while it loads. */
export const isLoadedAsset = (asset: { path?: unknown }, asked: string) =>
  typeof asset.path === "string" && asset.path.endsWith(asked.slice(asked.lastIndexOf("/") + 1))
