/**
 * Every version of an entry within reach: the commits that changed its file on main, each compared with
 * the entry now field by field, and restored as a draft (cms/app/entry-history-panel.tsx reads them
 * from GitHub). A restored version goes through review like any edit; a case study restored after its
 * deletion comes back at its own file, and says what publishing it will do to its addresses and its
 * calendar. Nothing here needs Node, React or Decap: versions are values.
 */
import { editorsTime } from "../contracts/editors-time"
import { DEFAULT_LOCALE, LOCALES, type Locale } from "../model/locales"
import { caseStudyPath, localePath } from "../model/routes"
import { baseName } from "../model/parsed-file"
import { type FieldChange, documentsOf, fieldChanges, savesOwnFields } from "./stale-save"

/** A commit that changed the entry's file: its name, who made it, when, its words. */
export interface HistoryCommit {
  sha: string
  author: string
  at: string
  message: string
}

/** A version as the form lists it: "Mon 7 Dec, 13:03 · Aline Editor · Content: update Case studies “wine”". */
export const versionLabel = ({ author, at, message }: HistoryCommit, now?: Date) =>
  `${editorsTime(at, now)} · ${author} · ${message.split("\n")[0]}`

/** A field set on a side of the form by a restore: its language, its name, its value (undefined: emptied). */
export interface RestoredField {
  locale: Locale
  field: string
  value: unknown
}

/** What restoring a version does: the fields set on the form, and what the editor is told. */
export interface RestorePlan {
  fields: RestoredField[]
  /** What differs from the entry now, field by field (none: the version is the entry now). */
  changes: FieldChange[]
  notes: string[]
}

/** A study's English document, as far as a restore reads it. */
interface StudyFields {
  slug?: unknown
  formerSlugs?: unknown
  expireAt?: unknown
}

const STUDIES = "case-studies/"

/**
 * The slugs, former ones too, of every case study in `files` (texts by their path under content/)
 * but the one at `except`: the addresses a study restored may not take.
 */
export function slugsHeld(files: Iterable<readonly [string, string]>, except?: string): Set<string> {
  const held = new Set<string>()
  for (const [file, text] of files) {
    if (!file.startsWith(STUDIES) || file === except) continue
    const english = documentsOf(text)[DEFAULT_LOCALE] as StudyFields | undefined
    const former = Array.isArray(english?.formerSlugs) ? english.formerSlugs : []
    for (const slug of [english?.slug, ...former]) if (typeof slug === "string") held.add(slug)
  }
  return held
}

const addresses = (slug: string) => LOCALES.map((locale) => localePath(caseStudyPath(slug), locale))

/**
 * Restoring `versionText` over the entry as it is now (`nowText`; null for a case study deleted since):
 * every field that differs is set on the form, the fields the version does not have emptied. Each
 * other file's slug (`slugsHeldElsewhere`) and the clock (`now`) say what the editor must decide:
 * an address another study holds now, a window passed.
 */
export function restorePlan(
  versionText: string,
  nowText: string | null,
  {
    isStudy,
    slugsHeldElsewhere,
    now,
    file,
  }: { isStudy: boolean; slugsHeldElsewhere: ReadonlySet<string>; now: Date; file?: string },
): RestorePlan {
  const version = documentsOf(versionText)
  const current = documentsOf(nowText)
  const changes = fieldChanges(current, version)
  const fields = changes.map(({ locale, field, after }) => ({ locale, field, value: after }))
  // A deleted study comes back in a new form: what its saves recorded (its former slugs, the
  // translations' record) comes back with it, or its addresses of before would lead nowhere.
  if (nowText === null) {
    for (const [locale, document] of Object.entries(version) as Array<[Locale, Record<string, unknown>]>) {
      for (const field of savesOwnFields()) {
        if (document[field] !== undefined) fields.push({ locale, field, value: document[field] })
      }
    }
  }
  const notes: string[] = []
  const english = (version[DEFAULT_LOCALE] ?? {}) as StudyFields
  if (isStudy && typeof english.slug === "string") {
    const former = Array.isArray(english.formerSlugs)
      ? english.formerSlugs.filter((slug) => typeof slug === "string")
      : []
    if (slugsHeldElsewhere.has(english.slug)) {
      notes.push(RESTORE.slugTaken(english.slug))
    } else if (nowText === null) {
      notes.push(RESTORE.deletedBack(english.slug, former))
    }
    // A new form writes the file of its slug: a study whose slug had moved from its file's name comes back at another.
    if (file && nowText === null && !slugsHeldElsewhere.has(english.slug) && baseName(file) !== english.slug)
      notes.push(RESTORE.otherFile(file, english.slug))
    if (typeof english.expireAt === "string" && Date.parse(english.expireAt) <= now.getTime()) {
      notes.push(RESTORE.windowPassed(english.expireAt, now))
    }
  }
  if (changes.length === 0) notes.push(RESTORE.same)
  return { fields, changes, notes }
}

/** The words of the versions list and of a restore. */
export const RESTORE = {
  heading: "Versions",
  none: "No version of this entry is on main yet: it has not been published.",
  compare: "Compare with now",
  restore: "Restore as a draft",
  same: "This version is the entry as it is now: nothing to restore.",
  compared: (label: string) => `Restoring the version of ${label} would change (now → then):`,
  restored: (label: string) =>
    `The version of ${label} is in the form (now → then below). Save it as a draft: it is published only once reviewed, like any edit.`,
  deletedBack: (slug: string, former: readonly string[]) =>
    `Once published, its address ${addresses(slug).join(" and ")} answers again (no longer “gone”)` +
    (former.length > 0
      ? `, and its addresses of before (${former.map((item) => addresses(item)[0]).join(", ")}) still lead to it.`
      : "."),
  slugTaken: (slug: string) =>
    `Its address ${caseStudyPath(slug)} is another study's now: give it a new slug before saving.`,
  windowPassed: (expireAt: string, now: Date) =>
    `It came down on ${editorsTime(expireAt, now)} (its Expire at): set a new Expire at, or clear it, before publishing, or it stays off the site.`,
  deletedHeading: "Deleted case studies",
  deletedNone: (more: boolean) =>
    more ? "No case study deleted in the history read so far." : "No case study has been deleted.",
  further: "Look further back",
  /** After a failed look: asks again, keeping what was read. */
  again: "Try again",
  notRead: (why: string) => `The history could not be read: ${why}`,
  notRestored: (why: string) => `The study could not be restored: ${why}. Restore it again when GitHub answers.`,
  otherFile: (file: string, slug: string) =>
    `It comes back at ${file.replace(/[^/]+\.json$/, `${slug}.json`)}, the file of its slug (it was ${file}).`,
  deletedBy: (label: string) => `deleted ${label}`,
  restoredDeleted:
    "The study's last version is in this new form, in both languages, at its own file. Save it as a draft: it is published only once reviewed.",
} as const

/** A commit on main that changed the case studies' folder: what it did to each file ("added", "modified", "removed"). */
export interface FolderCommit extends HistoryCommit {
  /** Its first parent: where a file it removed last stood. */
  parent: string | undefined
  files: ReadonlyArray<{ file: string; status: string }>
}

/** A case study deleted from main, known by its file: the commit that removed it, and where it last stood. */
export interface DeletedEntry {
  file: string
  deletedBy: HistoryCommit
  /** The commit whose tree last held the file (the deleting commit's parent). */
  lastAt: string
}

/**
 * The case studies deleted from main, from the folder's commits (newest first): each file whose latest
 * change removed it and that is not there now (`present`, paths as the commits name them), newest
 * deletion first. A file written again since is no deleted study: it is the study of now; nor is one
 * whose name a study there now holds as its slug or a former one (`held`): restored at its slug's file.
 */
export function deletedEntries(
  commits: readonly FolderCommit[],
  present: ReadonlySet<string>,
  held: ReadonlySet<string> = new Set(),
): DeletedEntry[] {
  const seen = new Set<string>()
  const deleted: DeletedEntry[] = []
  for (const commit of commits) {
    for (const { file, status } of commit.files) {
      if (seen.has(file)) continue
      seen.add(file)
      if (status !== "removed" || present.has(file) || !commit.parent || !file.endsWith(".json")) continue
      if (held.has(file.slice(file.lastIndexOf("/") + 1, -".json".length))) continue
      const { sha, author, at, message } = commit
      deleted.push({ file, deletedBy: { sha, author, at, message }, lastAt: commit.parent })
    }
  }
  return deleted
}
