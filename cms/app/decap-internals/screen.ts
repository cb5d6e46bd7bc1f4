/** The admin's screen as Decap draws it: its form's edits, the signed-in editor, its routes, its markup (index.ts). */

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
