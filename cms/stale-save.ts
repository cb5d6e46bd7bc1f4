/**
 * Two editors on one entry. The form remembers the version of the entry's file it opened (the draft's
 * branch if the entry had a draft, else main); before a save or a publish writes anything, the version
 * there now is read again (cms/app/entry-versions.ts). A save built on a version the editor did not
 * open is refused, saying who saved, when, and what they changed, field by field in every language;
 * the editor may take their version with her own edits on top, where they touch other fields. Nothing
 * here needs Node, React or Decap: versions are values.
 */
import { canonicalJson, isRecord } from "../contracts/json"
import { editorsTime } from "../contracts/editors-time"
import { LANGUAGE_NAMES_IN_ENGLISH, LOCALES, type Locale } from "../model/locales"
import { TRANSLATED_FROM } from "../model/fields"
import { formerKeyFields } from "../model/relations"
import { fieldLabelsTo } from "./collections"
import { ENTRY_CHECK } from "./shared"

/** The branch Decap keeps an entry's draft on ("cms/case-studies/wine"), its pull request's head. */
export const draftBranch = (collection: string, slug: string) => `cms/${collection}/${slug}`

/** A version of an entry's file: its text (null: the file is not there), and the commit that made it. */
export interface EntryVersion {
  text: string | null
  /** The commit that last changed the file on that branch; none for a file never committed there. */
  commit?: { author: string; at: string; message: string }
}

/** Each language's document of a file's text, the form's check field left out; none for no file or no JSON. */
export type EntryDocuments = Partial<Record<Locale, Record<string, unknown>>>

export function documentsOf(text: string | null): EntryDocuments {
  if (text === null) return {}
  let file: unknown
  try {
    file = JSON.parse(text)
  } catch {
    return {}
  }
  if (!isRecord(file)) return {}
  const documents: EntryDocuments = {}
  for (const locale of LOCALES) {
    const document = file[locale]
    if (!isRecord(document)) continue
    const { [ENTRY_CHECK.name]: _check, ...fields } = document
    documents[locale] = fields
  }
  return documents
}

/** The fields a save writes itself (the translations' record, a study's former slugs): never the editor's edit. */
export const savesOwnFields = (): Set<string> =>
  new Set([TRANSLATED_FROM, ...formerKeyFields().map(({ path }) => path)])

const same = (left: unknown, right: unknown) => canonicalJson(left) === canonicalJson(right)

/** A field one version has and another has otherwise: its language, its name, as the form labels it. */
export interface FieldChange {
  locale: Locale
  field: string
  /** "French › Results". */
  where: string
  before: unknown
  after: unknown
}

/**
 * The fields that differ between two versions' documents, English first, each language's in the
 * order of the later one; the fields a save writes itself are left out (they follow the others).
 */
export function fieldChanges(before: EntryDocuments, after: EntryDocuments): FieldChange[] {
  const own = savesOwnFields()
  return LOCALES.flatMap((locale) => {
    const [from, to] = [before[locale] ?? {}, after[locale] ?? {}]
    const names = [...new Set([...Object.keys(to), ...Object.keys(from)])].filter((name) => !own.has(name))
    return names
      .filter((name) => !same(from[name], to[name]))
      .map((field) => ({
        locale,
        field,
        where: [
          LANGUAGE_NAMES_IN_ENGLISH[locale],
          ...fieldLabelsTo([field], Array.isArray(to[field] ?? from[field])),
        ].join(" › "),
        before: from[field],
        after: to[field],
      }))
  })
}

/** What a save may do: write, or not, because someone saved another version since the form opened. */
export type SaveVerdict =
  { kind: "current" } | { kind: "stale"; by: string; at: string | undefined; changes: FieldChange[]; now: EntryVersion }

/**
 * Whether a save over `opened` may write, the file being `now`: the same content (whatever its
 * formatting or key order) may; other content, or the file gone, may not, and the verdict says who
 * made the version there now and what it changed.
 */
export function saveVerdict(opened: EntryVersion, now: EntryVersion): SaveVerdict {
  const [before, after] = [documentsOf(opened.text), documentsOf(now.text)]
  if (opened.text === now.text || (opened.text !== null && now.text !== null && same(before, after))) {
    return { kind: "current" }
  }
  return {
    kind: "stale",
    by: now.commit?.author ?? "Someone",
    at: now.commit?.at,
    changes: fieldChanges(before, after),
    now,
  }
}

/** Their version with the editor's own edits on top: the documents, and which of her edits were kept. */
export interface TakenVersion {
  documents: EntryDocuments
  /** Her edits, on fields they did not change: in the form over their version. */
  kept: FieldChange[]
  /** Her edits on fields they changed too: theirs is in the form, hers is named so she can make it again. */
  setAside: FieldChange[]
}

/**
 * Their version (`theirs`) with what the editor changed from the version she opened (`opened` to
 * `mine`) on top, field by field in each language: her edit of a field they left as it was is kept;
 * of a field they changed too, theirs stands and hers is set aside (unless both made the same). The
 * fields a save writes itself are theirs: her save writes them again.
 */
export function takeTheirs(opened: EntryDocuments, theirs: EntryDocuments, mine: EntryDocuments): TakenVersion {
  const documents: EntryDocuments = {}
  const kept: FieldChange[] = []
  const setAside: FieldChange[] = []
  const edits = fieldChanges(opened, mine)
  for (const locale of LOCALES) {
    if (!theirs[locale] && !mine[locale]) continue
    documents[locale] = { ...(theirs[locale] ?? {}) }
  }
  for (const edit of edits) {
    const { locale, field } = edit
    const base = opened[locale]?.[field]
    const their = theirs[locale]?.[field]
    if (same(their, edit.after)) continue
    if (!same(their, base)) {
      setAside.push(edit)
      continue
    }
    const document = (documents[locale] ??= {})
    if (edit.after === undefined) delete document[field]
    else document[field] = edit.after
    kept.push(edit)
  }
  return { documents, kept, setAside }
}

/** A field's value as the refusal quotes it: a text in quotes, shortened; anything else by its kind. */
export function quoted(value: unknown): string {
  if (value === undefined || value === null || value === "") return "nothing"
  if (typeof value === "string") return `“${value.length > 80 ? `${value.slice(0, 79)}…` : value}”`
  if (typeof value === "number" || typeof value === "boolean") return String(value)
  if (Array.isArray(value)) return value.length === 1 ? "1 item" : `${value.length} items`
  return "a set of fields"
}

/** The refusal's words: who saved, when, and what they changed ("English › Title: “A” → “B”"). */
export const STALE_SAVE = {
  /** Decap's notice puts "Not saved: " before the reasons, as the form's heading does. */
  reason: (by: string, at: string | undefined, now?: Date) =>
    `${by} saved this entry${at ? ` on ${editorsTime(at, now)}` : ""}, after you opened it`,
  noFields:
    "They changed only what a save records itself (translations confirmed, former addresses): take their version, then save.",
  change: ({ where, before, after }: FieldChange) => `${where}: ${quoted(before)} → ${quoted(after)}`,
  take: "Take their version, keep my edits",
  taken: (kept: readonly FieldChange[]) =>
    kept.length === 0
      ? "Their version is in the form. Nothing of yours was on other fields; save when ready."
      : `Their version is in the form, with your edits to ${kept.map(({ where }) => where).join(", ")} on top; save when ready.`,
  setAside: ({ where, after }: FieldChange) => `Not kept: your ${where}, ${quoted(after)}: they changed it too.`,
  publishReason: (by: string) =>
    `${by} changed this draft after you opened it: their changes are listed in the form; take their version, read it, then publish`,
  unread:
    "whether another editor saved this entry since you opened it could not be told; try again, or open the entry anew",
  goneReason: (by: string) => `${by} deleted this entry after you opened it`,
  unknownBase:
    "the version your restored edits were built on is not known (they were kept before this browser kept it), so what changed since cannot be told",
  unknownChanges: "How your form differs from the version there now (yours → there now):",
} as const
