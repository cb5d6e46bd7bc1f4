/**
 * Translations to check from the repository's history, whoever changed the English: the CMS, GitHub's
 * editor, a pull request, a script. Every commit is read once (one `git log` with each commit's
 * parents, its changes against its first parent, renames found; one `git cat-file --batch` of the
 * versions), parents before children, each file's record carried along each line of history as the
 * CMS saves (model/translation-sources.ts, recordedSources): a text whose English changed while its
 * translation did not is recorded with the English it was made from, until its translation changes or
 * is confirmed still right. A merge takes each translation from the side that holds it as it is, as
 * `git blame` would (mergedSources): so the answer is the same whichever parent is first, and a
 * confirmation on either side counts, though the other side moved the file. A file moved keeps its
 * record: found by git's rename detection (`git mv`), or, where git sees a deletion and a new file (moved
 * and rewritten at once, or moved out of the content folder and back), a new file that is a deleted
 * one's version, or names its slug among its former slugs (or as its own, deleted in the same commit).
 * A confirmation is the CMS's (its record's entry taken away, the translation unchanged) or a commit's
 * trailer, by hand (history-commits.ts). Without history (not a repository, a shallow clone) the
 * files' own records are all there is.
 */
import { DEFAULT_LOCALE, type Locale } from "../../model/locales"
import { contentTypeOf } from "../../model/registry"
import {
  type Confirmed,
  confirmedNow,
  mergedSources,
  recordIn,
  recordedSources,
  withRecord,
} from "../../model/translation-sources"
import type { TranslatedFrom } from "../../model/translations"
import { type ContentSnapshot, parsedObject } from "../context"
import { blobs, git, unreadableHistory } from "../git"
import { type Commit, commitsOf } from "./history-commits"

/**
 * Each content file's record as its history makes it (by its path under content/), and the paths each
 * was moved from (the latest first; absent: none), or why there is none.
 */
export type TranslationHistory =
  | { records: Map<string, TranslatedFrom | undefined>; formerly: Map<string, readonly string[]> }
  | { unknown: string }

/** What `commit` confirms of `file` (the version it wrote), as recordedSources reads a confirmation. */
function confirmedIn(relative: string, file: Record<string, unknown>, commit: Commit | undefined): Confirmed {
  const type = contentTypeOf(relative)!
  const confirmed: Confirmed = {}
  for (const { locale, path: at } of commit?.confirms.get(relative) ?? []) {
    const now = confirmedNow(type.schema, file, locale ? [locale] : undefined, at ? new Set([at]) : undefined)
    for (const [language, texts] of Object.entries(now) as Array<[Locale, Record<string, string>]>)
      confirmed[language] = { ...confirmed[language], ...texts }
  }
  return confirmed
}

/**
 * One file's record after `next` is saved over `last` (its record so far in `record`): as the CMS
 * records; an entry the version's own record dropped while the translation stayed is confirmed.
 */
function saved(
  relative: string,
  last: Record<string, unknown> | undefined,
  record: TranslatedFrom | undefined,
  next: Record<string, unknown>,
  commit: Commit | undefined,
): TranslatedFrom | undefined {
  const schema = contentTypeOf(relative)!.schema
  if (!last) return recordIn(next)
  const confirmed = confirmedIn(relative, next, commit)
  const dropped = recordIn(last)
  const kept = recordIn(next)
  for (const [locale, texts] of Object.entries(dropped) as Array<[Locale, Record<string, unknown>]>) {
    const gone = Object.keys(texts).filter((at) => kept[locale]?.[at] === undefined)
    const now = confirmedNow(schema, next, [locale], new Set(gone))[locale] ?? {}
    confirmed[locale] = { ...now, ...confirmed[locale] }
  }
  const before = { ...last, [DEFAULT_LOCALE]: withRecord(last[DEFAULT_LOCALE], record) }
  return recordedSources(schema, before, next, confirmed)
}

/** What each snapshot's history said: a build asks at its start and again for the admin's answer. */
const answered = new WeakMap<ContentSnapshot, TranslationHistory>()

/**
 * Every content file's record from its history and the working tree (`content`, as the build read it),
 * or why the history cannot be read; read once per snapshot.
 */
export function translationHistory(content: ContentSnapshot): TranslationHistory {
  const known = answered.get(content)
  if (known) return known
  const history = readHistory(content)
  answered.set(content, history)
  return history
}

/** A file as a line of history holds it: the version (git's object, parsed), its record, the paths it had. */
interface Held {
  blob: string
  version: Record<string, unknown>
  record: TranslatedFrom | undefined
  /** The paths it was moved from on this line, the latest first (absent: none). */
  formerly?: readonly string[]
}
type State = Map<string, Held>

/** Whether the repository holding `folder` has a commit yet (none: the files are all there is). */
function hasCommit(folder: string): boolean {
  try {
    git(folder, ["rev-parse", "--verify", "--quiet", "HEAD"])
    return true
  } catch {
    return false
  }
}

function readHistory(content: ContentSnapshot): TranslationHistory {
  const unreadable = unreadableHistory(content.root)
  if (unreadable) return { unknown: unreadable }
  const commits = hasCommit(content.root) ? commitsOf(content.root) : []
  const objects = [...new Set(commits.flatMap(({ changes }) => changes.filter(({ status }) => status !== "D").map(({ blob }) => blob)))]
  const texts = blobs(content.root, objects)
  const versions = new Map(objects.map((blob, index) => [blob, texts[index] === null ? undefined : parsedObject(texts[index]!)]))
  const states = walk(commits, versions)
  const head = commits.length > 0 ? states.get(commits[commits.length - 1].hash) : undefined
  const records = new Map<string, TranslatedFrom | undefined>()
  const formerly = new Map<string, readonly string[]>()
  // The working tree, as the build read it: saved over the last commit (no trailer of its own).
  for (const [file, text] of content.texts) {
    const next = contentTypeOf(file) ? parsedObject(text) : undefined
    const held = head?.get(file)
    if (next) records.set(file, saved(file, held?.version, held?.record, next, undefined))
    else if (held && contentTypeOf(file)) records.set(file, held.record)
    if (held?.formerly) formerly.set(file, held.formerly)
  }
  return { records, formerly }
}

/**
 * Each commit's files with their records, parents before children: a line of history carries its
 * state along (passed on, copied only where the line forks), a commit's changes are saved over its
 * first parent's, a merge's files judged from every side (mergedSources). Returns the states left: the
 * last commit's among them.
 */
function walk(commits: readonly Commit[], versions: ReadonlyMap<string, Record<string, unknown> | undefined>): Map<string, State> {
  const waiting = new Map<string, number>()
  for (const { parents } of commits) for (const parent of parents) waiting.set(parent, (waiting.get(parent) ?? 0) + 1)
  const states = new Map<string, State>()
  /** The files deleted so far, as they were: one made again later may be the same study come back. */
  const gone = new Map<string, Held>()
  /** A parent's state for a child: its own when this is its last child, else a copy. */
  const take = (hash: string | undefined): State => {
    const state = hash ? states.get(hash) : undefined
    if (!hash || !state) return new Map()
    const left = waiting.get(hash)! - 1
    waiting.set(hash, left)
    if (left > 0) return new Map(state)
    states.delete(hash)
    return state
  }
  for (const commit of commits) {
    const [first, ...others] = commit.parents
    const sides = others.map((hash) => states.get(hash) ?? new Map<string, Held>())
    const state = take(first)
    /** What the first parent held of each file this commit changed. */
    const before = new Map<string, Held | undefined>()
    const deleted = new Map(commit.changes.flatMap(({ status, file }) => (status === "D" && state.has(file) ? [[file, state.get(file)!]] : [])))
    for (const change of commit.changes) {
      const next = change.status === "D" ? undefined : versions.get(change.blob)
      // Moved: by git's rename detection, or a new file of a study deleted in this commit (moved and
      // rewritten) or before (moved out of the content folder and back).
      const fresh = next && !change.from && !state.has(change.file)
      const found = fresh
        ? (sameStudy(next, change.blob, deleted, true) ?? sameStudy(next, change.blob, gone, false))
        : undefined
      const from = change.from ?? found
      const previous = state.get(from ?? change.file) ?? (from ? (deleted.get(from) ?? gone.get(from)) : undefined)
      before.set(change.file, previous)
      if (from) {
        state.delete(from)
        gone.delete(from)
      }
      if (change.status === "D") {
        // Deleted: a file of that name made later starts afresh, unless it is the same study.
        if (previous) gone.set(change.file, previous)
        state.delete(change.file)
        continue
      }
      // A version that is no JSON object says nothing: the next is saved over the last that was.
      if (!next) {
        if (previous) state.set(change.file, previous)
        continue
      }
      const record = saved(change.file, previous?.version, previous?.record, next, commit)
      const formerly = from ? [from, ...(previous?.formerly ?? [])] : previous?.formerly
      state.set(change.file, { blob: change.blob, version: next, record, ...(formerly ? { formerly } : {}) })
    }
    if (sides.length > 0) merge(commit, state, before, sides)
    // A confirmation in a commit that left the file as it was: the file saved over itself.
    for (const file of commit.confirms.keys()) {
      const held = state.get(file)
      if (held && !before.has(file))
        state.set(file, { ...held, record: saved(file, held.version, held.record, held.version, commit) })
    }
    states.set(commit.hash, state)
    for (const hash of others) {
      const left = waiting.get(hash)! - 1
      waiting.set(hash, left)
      if (left === 0) states.delete(hash)
    }
  }
  return states
}

/** The English of a version: its slug and the slugs it had, where it has them. */
function addressesOf(version: Record<string, unknown>): string[] {
  const english = version[DEFAULT_LOCALE] as { slug?: unknown; formerSlugs?: unknown } | undefined
  const former = Array.isArray(english?.formerSlugs) ? english.formerSlugs : []
  return [english?.slug, ...former].filter((slug): slug is string => typeof slug === "string")
}

/**
 * The deleted file whose study `next` (written as `blob`) is: the same version, or one whose slug is
 * among the new one's former slugs (it says it moved from there), or, deleted in the same commit
 * (`sameCommit`: moved and rewritten at once), is the new one's slug. A study deleted before and a new
 * one at its address are two studies.
 */
function sameStudy(
  next: Record<string, unknown>,
  blob: string,
  deleted: ReadonlyMap<string, Held>,
  sameCommit: boolean,
): string | undefined {
  for (const [file, held] of deleted) if (held.blob === blob) return file
  const [slug, ...former] = addressesOf(next)
  const claims = sameCommit ? [slug, ...former] : former
  for (const [file, held] of deleted) if (claims.includes(addressesOf(held.version)[0])) return file
  return undefined
}

const sameHeld = (one: Held | undefined, other: Held | undefined) =>
  one?.blob === other?.blob && JSON.stringify(one?.record) === JSON.stringify(other?.record)

/**
 * A merge's files from every side: each file the merge changed against its first parent, or that
 * another side holds otherwise, judged from what each side held (mergedSources), whichever side is
 * first. A side that still holds a file under a path it was moved from on the first parent's line
 * is read under that path.
 */
function merge(commit: Commit, state: State, before: ReadonlyMap<string, Held | undefined>, sides: readonly State[]): void {
  const firstHeld = (file: string) => (before.has(file) ? before.get(file) : state.get(file))
  const movedTo = new Map<string, string>()
  for (const [file, held] of state) for (const old of held.formerly ?? []) if (!state.has(old)) movedTo.set(old, file)
  const byMerged = sides.map((side) => {
    const held = new Map<string, Held>()
    for (const [file, one] of side) {
      const merged = state.has(file) ? file : movedTo.get(file)
      if (merged && !held.has(merged)) held.set(merged, one)
    }
    return held
  })
  const judged = new Set(before.keys())
  for (const side of byMerged) for (const [file, held] of side) if (!sameHeld(held, firstHeld(file))) judged.add(file)
  for (const file of judged) {
    const merged = state.get(file)
    if (!merged) continue
    const held = [firstHeld(file), ...byMerged.map((side) => side.get(file))].filter((one): one is Held => one !== undefined)
    const schema = contentTypeOf(file)!.schema
    const confirmed = confirmedIn(file, merged.version, commit)
    const record = mergedSources(schema, held.map(({ version, record }) => ({ file: version, record })), merged.version, confirmed)
    state.set(file, { ...merged, record })
  }
}

/** The file as its history records it: its own record replaced by the history's. */
export function withHistory(raw: Record<string, unknown>, record: TranslatedFrom | undefined): Record<string, unknown> {
  return { ...raw, [DEFAULT_LOCALE]: withRecord(raw[DEFAULT_LOCALE], record) }
}
