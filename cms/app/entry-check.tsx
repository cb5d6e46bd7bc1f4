/**
 * The first field of every form (ENTRY_CHECK in cms/shared.ts): the build's own check of the entry
 * in every language, before Decap saves it. Decap validates the form's fields on save in its default
 * language only (required, pattern and list bounds of the English side); this field's `isValid`, which
 * Decap asks with the others, runs the build's check (cms/entry-problems.ts) on the saved content
 * with the entry in place, French texts, rules between fields and references between files included,
 * and refuses the save while anything is wrong. It stores nothing: the file never holds it.
 *
 * On each side it lists, after a refused save, what is wrong on that side, in the build's words; on
 * the English side, the other languages' problems too while their side is not on screen. It names the
 * entries that point at this one, which deleting it would break. And it keeps the saved content
 * (saved-content.ts) read through Decap's backend, which the previews draw with.
 */
import { Component, type ReactNode, useEffect, useSyncExternalStore } from "react"
import styled, { createGlobalStyle } from "styled-components"
import { type ContentFiles } from "../../model/content-check"
import { DEFAULT_LOCALE, LANGUAGE_NAMES_IN_ENGLISH, type Locale, isLocale } from "../../model/locales"
import { type ContentProblem, pathSegments } from "../../model/problems"
import { contentTypeOf } from "../../model/registry"
import { CONTENT_LABEL, problemsOfDeleting, problemsOfSaving } from "../entry-problems"
import { contentFileText, withoutCheckField } from "../format"
import { CMS_COLLECTIONS, fieldTrail, fieldTrailParts } from "../collections"
import { ENTRY_CHECK } from "../shared"
import { plain } from "./decap"
import { type BackendConfig, ReleaseStateNote } from "./release-state"
import { type SavedContentState, readSavedContent, recordSave, savedContentNow, useSavedContent } from "./saved-content"

/** An entry as Decap holds it (Immutable.js): its data, its other languages', where it is saved. */
interface DecapDraft {
  get(key: "data" | "path" | "slug" | "newRecord" | "collection"): unknown
  getIn(path: readonly string[]): unknown
}

/** Decap's configuration, as far as reading every entry needs it (a plain object in Decap 3). */
interface DecapConfig extends BackendConfig {
  collections: Array<{ name: string; folder?: string; identifier_field?: string; files?: Array<{ name: string }> }>
}

/** An entry as Decap's backend answers it: the default language's document, each other's in i18n. */
interface LoadedEntry {
  path: string
  data: unknown
  i18n?: Record<string, { data: unknown }>
}

interface ControlProps {
  entry: DecapDraft
  getEntry?: () => DecapDraft
  collection: { get(key: "name" | "folder"): string | undefined }
  config: DecapConfig
  locale?: string
  forID: string
  /** Decap's search of a collection; answers the action it dispatched, whose hits are the entries. */
  query: (namespace: string, collection: string, searchFields: string[], term: string) => Promise<QueryAction>
  loadEntry: (collection: string, slug: string) => Promise<LoadedEntry>
  /** Runs Decap's validation of this field again (clears its message once all is well). */
  validate: () => void
  /** Forgets this field's errors in Decap's store. */
  clearFieldErrors?: (uniqueFieldId: string) => void
  /** Sets this field's value on this side (Decap then weighs this side's document for unsaved changes). */
  onChange: (value: unknown) => void
}

/** How often a form's field looks for edits elsewhere in the entry (Decap redraws a field only for its own). */
const POLL_MS = 300

/** How long Decap's Publish menu takes to close and give the focus back to its button. */
const FOCUS_AFTER_MENU_MS = 100
/** How long a refusal's list may take to be drawn on a busy machine before it is no longer looked for. */
const LIST_DRAWN_WITHIN_MS = 3_000

/**
 * After a refusal, the lists are drawn at the top of each side: the English side's top is scrolled to
 * (the other side follows it when Decap keeps the two in step) and the first list's heading focused,
 * once it is drawn and Decap's Publish menu has closed and handed the focus back to its button.
 */
function bringListIntoView() {
  const asked = Date.now()
  // Once the editor clicks or types, the page is theirs: nothing is scrolled or focused for them.
  let editorActed = false
  const acted = () => {
    editorActed = true
  }
  const stopListening = () => {
    document.removeEventListener("pointerdown", acted, true)
    document.removeEventListener("keydown", acted, true)
  }
  document.addEventListener("pointerdown", acted, true)
  document.addEventListener("keydown", acted, true)
  const look = () => {
    const first = document.querySelector<HTMLElement>("[data-entry-problems]")
    if (editorActed) return stopListening()
    if (!first || Date.now() - asked < FOCUS_AFTER_MENU_MS) {
      if (Date.now() - asked < LIST_DRAWN_WITHIN_MS) setTimeout(look, FOCUS_AFTER_MENU_MS / 2)
      else stopListening()
      return
    }
    document.querySelector(`[data-entry-check="${DEFAULT_LOCALE}"]`)?.scrollIntoView({ block: "start" })
    first.scrollIntoView({ block: "nearest" })
    first.focus({ preventScroll: true })
    // A menu closing late on a busy machine hands the focus back to its button once more: take it
    // back, unless the editor has acted or is in a field.
    setTimeout(() => {
      stopListening()
      const now = document.activeElement
      if (!editorActed && now !== first && !now?.matches("input, textarea, select, [contenteditable]")) {
        first.focus({ preventScroll: true })
      }
    }, FOCUS_AFTER_MENU_MS * 3)
  }
  setTimeout(look, FOCUS_AFTER_MENU_MS)
}

type QueryAction = { payload: { hits?: LoadedEntry[]; error?: unknown } }

/** JSON with every object's keys in one order, to compare documents whatever order they were written in. */
function canonicalJson(value: unknown): string {
  return JSON.stringify(value, (_key, item: unknown) =>
    item !== null && typeof item === "object" && !Array.isArray(item)
      ? Object.fromEntries(Object.entries(item).sort(([left], [right]) => left.localeCompare(right)))
      : item,
  )
}

/** The field tree of every document (put into the admin script by cms/bundle.ts), read when first needed. */
const documents = () => CMS_DOCUMENTS

/** A path under content/ from a path in the repository ("content/home/hero.json" -> "home/hero.json"). */
const relativeOf = (repositoryPath: string) => repositoryPath.replace(new RegExp(`^${CONTENT_LABEL}/`), "")

/** A loaded entry's file, every language in it, as the CMS writes it. */
function loadedText(entry: LoadedEntry): [string, string] {
  const relative = relativeOf(entry.path)
  const byLocale = {
    [DEFAULT_LOCALE]: entry.data,
    ...Object.fromEntries(Object.entries(entry.i18n ?? {}).map(([locale, { data }]) => [locale, data])),
  }
  return [relative, contentFileText(documents(), relative, byLocale)]
}

/** Reads every content file through Decap's backend: each folder's entries, each file of a files collection. */
function decapLoader({ config, query, loadEntry, forID }: ControlProps) {
  return async () => {
    const files = new Map<string, string>()
    await Promise.all(
      config.collections.map(async (collection) => {
        if (collection.folder) {
          const action = await query(forID, collection.name, [collection.identifier_field ?? "title"], "")
          if (!action.payload.hits) throw action.payload.error ?? new Error(`${collection.name} could not be read`)
          for (const hit of action.payload.hits) files.set(...loadedText(hit))
          return
        }
        const entries = await Promise.all((collection.files ?? []).map((file) => loadEntry(collection.name, file.name)))
        for (const entry of entries) files.set(...loadedText(entry))
      }),
    )
    return files
  }
}

/** Where the draft will be saved, under content/: its own path, or for a new entry, its key's. */
function draftTarget(draft: DecapDraft, folder: string | undefined): { relative: string; isNew: boolean } {
  const path = draft.get("path")
  const isNew = draft.get("newRecord") === true
  if (typeof path === "string" && path && !isNew) return { relative: relativeOf(path), isNew }
  const data = plain(draft.get("data")) as { slug?: unknown } | null
  const slug = typeof data?.slug === "string" ? data.slug : ""
  return { relative: `${relativeOf(folder ?? "")}/${slug}.json`, isNew: true }
}

/** The draft in every language, as the file the CMS would write. */
function draftText(draft: DecapDraft, relative: string): string {
  const byLocale: Record<string, unknown> = { [DEFAULT_LOCALE]: plain(draft.get("data")) }
  for (const locale of Object.keys((plain(draft.getIn(["i18n"])) as object | undefined) ?? {})) {
    byLocale[locale] = plain(draft.getIn(["i18n", locale, "data"]))
  }
  return contentFileText(documents(), relative, byLocale)
}

/** The entry a refused save was last asked for: each side lists its problems from then on. */
let refused: string | undefined
const refusalListeners = new Set<() => void>()
const setRefused = (key: string | undefined) => {
  if (refused === key) return
  refused = key
  refusalListeners.forEach((listener) => listener())
}
const useRefused = () =>
  useSyncExternalStore(
    (listener) => {
      refusalListeners.add(listener)
      return () => refusalListeners.delete(listener)
    },
    () => refused,
  )

/** The sides on screen: the English side lists the others' problems while theirs is not shown. */
const sidesShown = new Map<Locale, number>()

/** One problem as the editor reads it: where (its field, or another entry's) and what is wrong. */
export interface ShownProblem {
  locale: Locale | undefined
  where: string
  message: string
  /** The labels leading to the field in this entry's form; none for a problem in another entry. */
  labels: string[]
}

/** Another entry, as the CMS lists it: "Industries", "Case studies › wine". */
function entryName(relative: string): string {
  const type = contentTypeOf(relative)
  const place = type && CMS_COLLECTIONS[type.location]
  if (!place) return `${CONTENT_LABEL}/${relative}`
  return type.kind === "folder"
    ? `${place.label} › ${relative.slice(relative.lastIndexOf("/") + 1, -".json".length)}`
    : place.label
}

export function shownProblem(problem: ContentProblem, ownFile: string): ShownProblem {
  const [first, ...rest] = pathSegments(problem.path)
  const locale = typeof first === "string" && isLocale(first) ? first : undefined
  const path = locale ? rest : pathSegments(problem.path)
  const trail = fieldTrail(path)
  if (problem.file === ownFile) {
    const labels = fieldTrailParts(path).filter((part) => !part.startsWith("#"))
    return { locale, where: trail, message: problem.message, labels }
  }
  const other = entryName(problem.file.slice(CONTENT_LABEL.length + 1))
  return { locale, where: `${other}${problem.path ? ` › ${trail}` : ""}`, message: problem.message, labels: [] }
}

/**
 * A field of this side of the form, by its labels (Metrics, then Timeframe): each found within the
 * last, from this side's own part of the page; the deepest one found, its label and its input.
 */
function fieldOf(
  from: Element,
  labels: readonly string[],
): { label: HTMLLabelElement; input: HTMLElement | null } | null {
  const labelIn = (scope: Element, text: string) =>
    [...scope.querySelectorAll<HTMLLabelElement>("label[for]")].find(
      (label) => label.textContent?.replace(/ \(optional\)$/, "").trim() === text,
    )
  // This side of the form: the nearest part of the page around this field that holds the first label.
  let scope: Element | null = from.closest("[data-entry-check]")
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

/** Takes the editor to a field of this side of the form: scrolled to, its input focused. */
function goToField(from: HTMLElement, labels: readonly string[]) {
  const field = fieldOf(from, labels)
  field?.label.scrollIntoView({ block: "center" })
  field?.input?.focus({ preventScroll: true })
}

/** Marks the refused fields of a side Decap does not validate (the French): the message at the field, as on the English side. */
const FIELD_PROBLEM = "entry-check-field-problem"

/**
 * The other side's refused fields, each marked at the field as Decap marks the English side's: its
 * message between its label and its input (in the build's words), the input invalid and described by
 * it (GOV.UK's error pattern: a summary at the top, the message at the field). Decap draws those
 * fields; the marks are added beside them and taken away as the problems go.
 */
function FieldMarks({ side, problems }: { side: Locale; problems: readonly ShownProblem[] }) {
  const key = JSON.stringify(problems.map(({ labels, message }) => [labels, message]))
  useEffect(() => {
    const anchor = document.querySelector(`[data-entry-check="${side}"]`)
    if (!anchor) return
    const undo: Array<() => void> = []
    for (const problem of JSON.parse(key) as Array<[string[], string]>) {
      const [labels, message] = problem
      const field = labels.length > 0 ? fieldOf(anchor, labels) : null
      if (!field) continue
      const note = document.createElement("p")
      note.className = FIELD_PROBLEM
      note.id = `${field.label.htmlFor}-problem`
      note.textContent = message
      field.label.after(note)
      const input = field.input
      const described = input?.getAttribute("aria-describedby")
      input?.setAttribute("aria-invalid", "true")
      input?.setAttribute("aria-describedby", [described, note.id].filter(Boolean).join(" "))
      undo.push(() => {
        note.remove()
        input?.removeAttribute("aria-invalid")
        if (described) input?.setAttribute("aria-describedby", described)
        else input?.removeAttribute("aria-describedby")
      })
    }
    return () => undo.forEach((step) => step())
  }, [side, key])
  return <FieldProblemStyle />
}

const FieldProblemStyle = createGlobalStyle`
  .${FIELD_PROBLEM} {
    margin: 4px 0 6px;
    color: #d6002f;
    font-size: 13px;
    font-weight: 600;
  }

  :is(input, textarea)[aria-invalid="true"] {
    border-color: #d6002f;
  }
`

const FieldLink = styled.button`
  padding: 0;
  border: 0;
  background: none;
  color: inherit;
  font: inherit;
  font-weight: 600;
  text-decoration: underline;
  text-underline-offset: 2px;
  cursor: pointer;

  &:focus-visible {
    outline: 2px solid #3a69c7;
    outline-offset: 2px;
  }
`

const Panel = styled.section<{ $tone: "problem" | "note" }>`
  margin: 0 0 16px;
  padding: 12px 16px;
  border-left: 4px solid ${({ $tone }) => ($tone === "problem" ? "#d6002f" : "#798291")};
  background: ${({ $tone }) => ($tone === "problem" ? "#fff3f5" : "#f5f6f8")};
  color: #313d3e;
  font-size: 14px;
  line-height: 1.45;

  h2 {
    margin: 0 0 6px;
    font-size: 15px;
    font-weight: 600;
  }

  h2:focus {
    outline: 2px solid #3a69c7;
    outline-offset: 2px;
  }

  ul {
    margin: 6px 0 0;
    padding-left: 20px;
  }

  li + li {
    margin-top: 4px;
  }
`

const Quiet = styled.p`
  margin: 0;
  color: #798291;
  font-size: 13px;
`

const inLanguage = (problem: ShownProblem, side: Locale) =>
  problem.locale && problem.locale !== side ? `${LANGUAGE_NAMES_IN_ENGLISH[problem.locale]}: ` : ""

/** Each problem where it is and what is wrong; or, for the links to an entry, only where each is. */
function ProblemList({
  problems,
  side,
  whereOnly,
}: {
  problems: readonly ShownProblem[]
  side: Locale
  whereOnly?: boolean
}) {
  return (
    <ul>
      {problems.map((problem) => (
        <li key={`${problem.locale}${problem.where}${problem.message}`}>
          {/* A field on this side is a link to it; one on the other side, or in another entry, is named. */}
          {problem.labels.length > 0 && (problem.locale ?? side) === side ? (
            <FieldLink type="button" onClick={(event) => goToField(event.currentTarget, problem.labels)}>
              {problem.where}
            </FieldLink>
          ) : (
            <strong>
              {inLanguage(problem, side)}
              {problem.where}
            </strong>
          )}
          {whereOnly ? null : `: ${problem.message}`}
        </li>
      ))}
    </ul>
  )
}

interface CheckViewProps {
  side: Locale
  saved: SavedContentState
  draft: DecapDraft
  folder: string | undefined
  entryKey: string
}

/** What the field shows on one side: the entries linking here, and after a refused save, what is wrong. */
function CheckView({ side, saved, draft, folder, entryKey }: CheckViewProps): ReactNode {
  const refusedEntry = useRefused()
  if (saved.status === "failed") {
    return (
      <Panel $tone="problem" role="alert">
        <h2>The other entries could not be read</h2>
        <p>
          {saved.message}. Entries are saved only once they can be checked against them: reload the page to try again.
        </p>
      </Panel>
    )
  }
  if (saved.status === "loading") return null
  const { relative, isNew } = draftTarget(draft, folder)
  const ownFile = `${CONTENT_LABEL}/${relative}`
  const sections: ReactNode[] = []
  if (refusedEntry === entryKey) {
    const othersShown = (locale: Locale | undefined) =>
      locale !== undefined && locale !== side && (sidesShown.get(locale) ?? 0) > 0
    const problems = problemsOfSaving(saved.files, relative, draftText(draft, relative), isNew)
      .map((problem) => shownProblem(problem, ownFile))
      .filter((problem) => (side === DEFAULT_LOCALE ? !othersShown(problem.locale) : problem.locale === side))
    if (problems.length > 0) {
      sections.push(
        <Panel key="problems" $tone="problem" aria-labelledby={`${entryKey}-${side}-problems`}>
          <h2 id={`${entryKey}-${side}-problems`} data-entry-problems="" tabIndex={-1}>
            {ENTRY_CHECK.refusedHeading(problems.length, LANGUAGE_NAMES_IN_ENGLISH[side])}
          </h2>
          <ProblemList problems={problems} side={side} />
          {side === DEFAULT_LOCALE ? null : <FieldMarks side={side} problems={problems} />}
        </Panel>,
      )
    }
  }
  // Only an entry of a folder can be deleted (a file of the site's own is always there).
  if (side === DEFAULT_LOCALE && !isNew && folder) {
    const links = problemsOfDeleting(saved.files, relative).map((problem) => shownProblem(problem, ownFile))
    if (links.length > 0) {
      sections.push(
        <Panel key="links" $tone="note" aria-labelledby={`${entryKey}-links`}>
          <h2 id={`${entryKey}-links`}>{ENTRY_CHECK.linkedHeading}</h2>
          <p>{ENTRY_CHECK.linkedNote}</p>
          <ProblemList problems={links} side={side} whereOnly />
        </Panel>,
      )
    }
  }
  return sections.length > 0 ? <>{sections}</> : <Quiet>{ENTRY_CHECK.quiet}</Quiet>
}

function SavedCheck(props: Omit<CheckViewProps, "saved">) {
  return <CheckView {...props} saved={useSavedContent()} />
}

export class EntryCheckControl extends Component<ControlProps> {
  private get side(): Locale {
    return isLocale(this.props.locale) ? this.props.locale : DEFAULT_LOCALE
  }

  private get draft(): DecapDraft {
    return this.props.getEntry?.() ?? this.props.entry
  }

  private get entryKey(): string {
    const slug = this.draft.get("slug")
    return `${this.props.collection.get("name")}-${typeof slug === "string" && slug ? slug : "new"}`
  }

  private following: ReturnType<typeof setInterval> | undefined
  private drawn: DecapDraft | undefined

  componentDidMount() {
    decapConfig = this.props.config
    // Decap redraws a field when its own value changes; this one follows every edit of the entry.
    this.following = setInterval(() => {
      if (this.draft !== this.drawn) this.forceUpdate()
      if (this.side !== DEFAULT_LOCALE) this.keepEditsCounted()
    }, POLL_MS)
    sidesShown.set(this.side, (sidesShown.get(this.side) ?? 0) + 1)
    // Each form reads the saved content afresh (the default side's field does, once per form).
    if (this.side === DEFAULT_LOCALE) void readSavedContent(decapLoader(this.props)).catch(() => undefined)
  }

  componentWillUnmount() {
    clearInterval(this.following)
    sidesShown.set(this.side, (sidesShown.get(this.side) ?? 1) - 1)
    // Decap keeps a field's errors after the field is gone (the sides are drawn anew when the editor
    // switches between the other language and the preview), and refuses every later save for them.
    this.props.clearFieldErrors?.(this.props.forID)
  }

  componentDidUpdate() {
    // Once all is put right, Decap's refusal message on this field goes too.
    if (refused === this.entryKey && this.side === DEFAULT_LOCALE && this.problems()?.length === 0) {
      this.props.validate()
    }
  }

  private englishSeen: unknown

  /**
   * Decap decides whether there are unsaved changes from the side last edited alone: a French edit,
   * then an English one put back as it was, read as "nothing to save" (Publish greyed, no warning on
   * leaving). After each English edit, while this side's document differs from its saved one, this
   * side's field sets its own value again (the same one, so nothing changes): Decap then weighs this
   * side, and counts its edits.
   */
  private keepEditsCounted() {
    const draft = this.draft
    const english = draft.get("data")
    const englishEdited = this.englishSeen !== undefined && english !== this.englishSeen
    this.englishSeen = english
    if (!englishEdited || draft.get("newRecord") === true) return
    const { relative } = draftTarget(draft, this.props.collection.get("folder"))
    const saved = savedContentNow()?.get(relative)
    if (saved === undefined) return
    const own = withoutCheckField(plain(draft.getIn(["i18n", this.side, "data"])))
    const asSaved = (JSON.parse(saved) as Record<string, unknown>)[this.side]
    if (canonicalJson(own) !== canonicalJson(asSaved)) this.props.onChange(ENTRY_CHECK.widget)
  }

  /** The build's problems with the entry as it stands; undefined until the saved content is read. */
  private problems(): ContentProblem[] | undefined {
    const saved: ContentFiles | undefined = savedContentNow()
    if (!saved) return undefined
    const { relative, isNew } = draftTarget(this.draft, this.props.collection.get("folder"))
    return problemsOfSaving(saved, relative, draftText(this.draft, relative), isNew)
  }

  /**
   * Decap asks this of every field of the default language's side when the editor saves: an error
   * refuses the save. It is of Decap's "presence" kind, the one Decap announces with its notice.
   */
  isValid = () => {
    if (this.side !== DEFAULT_LOCALE) return true
    const problems = this.problems()
    if (problems?.length === 0) {
      setRefused(undefined)
      return true
    }
    setRefused(this.entryKey)
    bringListIntoView()
    const message = problems === undefined ? ENTRY_CHECK.stillReading : ENTRY_CHECK.refused(problems.length)
    return { error: { type: "PRESENCE", message } }
  }

  /**
   * What Decap's "required" test reads: the field always holds the check, so the form does not call
   * it optional, and it is never missing.
   */
  getValidateValue = () => ENTRY_CHECK.widget

  render() {
    this.drawn = this.draft
    const saved = this.drawn.get("path")
    return (
      <div id={this.props.forID} data-entry-check={this.side}>
        {this.side === DEFAULT_LOCALE && typeof saved === "string" && saved && this.drawn.get("newRecord") !== true ? (
          <ReleaseStateNote config={this.props.config} path={saved} />
        ) : null}
        <SavedCheck
          side={this.side}
          draft={this.drawn}
          folder={this.props.collection.get("folder")}
          entryKey={this.entryKey}
        />
      </div>
    )
  }
}

/** Decap's configuration, as the forms were given it. */
let decapConfig: DecapConfig | undefined

/** Keeps the saved content up to date with a save (Decap's postSave event), a new entry's file included. */
export function recordDecapSave(entry: DecapDraft): void {
  const name = entry.get("collection")
  const folder = decapConfig?.collections.find((collection) => collection.name === name)?.folder
  const { relative } = draftTarget(entry, folder)
  recordSave(relative, draftText(entry, relative))
}

/** Decap's widget: the control above, nothing shown in Decap's own preview of a field. */
export const entryCheckWidget = {
  name: ENTRY_CHECK.widget,
  controlComponent: EntryCheckControl,
  previewComponent: () => null,
}
