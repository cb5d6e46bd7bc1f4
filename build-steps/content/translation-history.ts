/**
 * Translations to check from the repository's history, whoever changed the English: the CMS, GitHub's
 * editor, a pull request, a script. Each content file's versions are read oldest first (one `git log`,
 * one `git cat-file --batch`), then the working tree's, and each is saved over the last as the CMS
 * saves (model/translation-sources.ts, recordedSources): a text whose English changed while its
 * translation did not is recorded with the English it was made from, until its translation changes
 * or is confirmed still right. A confirmation is the CMS's (its record's entry taken away, the
 * translation unchanged) or a commit's trailer, by hand:
 *
 *   Translation-Checked: content/case-studies/wine.json               every text of the file
 *   Translation-Checked: content/case-studies/wine.json fr.result[2]  one text, as the check names it
 *
 * Without history (not a repository, a shallow clone) the files' own records are all there is.
 */
import { DEFAULT_LOCALE, type Locale, isLocale } from "../../model/locales"
import { contentTypeOf } from "../../model/registry"
import { type Confirmed, confirmedNow, recordIn, recordedSources, withRecord } from "../../model/translation-sources"
import type { TranslatedFrom } from "../../model/translations"
import { type ContentSnapshot, parsedObject } from "../context"
import { blobs, git, unreadableHistory } from "../git"

/** The trailer a commit confirms translations still right with. */
export const CHECKED_TRAILER = "Translation-Checked"

/** Each content file's record as its history makes it (by its path under content/), or why there is none. */
export type TranslationHistory = { records: Map<string, TranslatedFrom | undefined> } | { unknown: string }

interface Commit {
  hash: string
  /** The texts it confirms, by file (its path under content/): every language and text, or these. */
  confirms: Map<string, Array<{ locale?: Locale; path?: string }>>
  files: string[]
}

/** What a commit's trailers confirm; a trailer naming no content file, or a language the site lacks, says nothing. */
export function trailerConfirms(message: string, label = "content"): Commit["confirms"] {
  const confirms: Commit["confirms"] = new Map()
  for (const [, value] of message.matchAll(new RegExp(`^${CHECKED_TRAILER}:[ \\t]*(.+)$`, "gim"))) {
    const found = /^(\S+?\.json):?(?:\s+([a-z]{2})\.(\S+))?\s*$/.exec(value.trim())
    if (!found) continue
    const relative = found[1].startsWith(`${label}/`) ? found[1].slice(label.length + 1) : found[1]
    if (!contentTypeOf(relative) || (found[2] && !isLocale(found[2]))) continue
    const confirmed = found[2] ? { locale: found[2] as Locale, path: found[3] } : {}
    confirms.set(relative, [...(confirms.get(relative) ?? []), confirmed])
  }
  return confirms
}

/**
 * Every commit, oldest first, with the content files it touched (paths under the content folder): a
 * commit that touched none may still confirm translations by its trailer.
 */
function commitsOf(root: string): Commit[] {
  const log = git(root, ["log", "--reverse", "--topo-order", "--no-renames", "--relative", "--name-only"].concat(
    ["--format=%x1e%H%x1f%B%x1f"],
  )).toString("utf8")
  return log
    .split("\x1e")
    .filter((entry) => entry.trim())
    .map((entry) => {
      const [hash, message, names = ""] = entry.split("\x1f")
      const files = names.split("\n").filter((name) => contentTypeOf(name.trim()) !== undefined)
      return { hash: hash.trim(), confirms: trailerConfirms(message), files: files.map((name) => name.trim()) }
    })
}

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

function readHistory(content: ContentSnapshot): TranslationHistory {
  const unreadable = unreadableHistory(content.root)
  if (unreadable) return { unknown: unreadable }
  let commits: Commit[]
  try {
    commits = commitsOf(content.root)
  } catch {
    // A repository with no commit yet: the files are all there is.
    commits = []
  }
  const prefix = git(content.root, ["rev-parse", "--show-prefix"]).toString("utf8").trim()
  const versions = commits.flatMap((commit) => commit.files.map((file) => ({ commit, file })))
  const texts = blobs(
    content.root,
    versions.map(({ commit, file }) => `${commit.hash}:${prefix}${file}`),
  )
  const last = new Map<string, Record<string, unknown> | undefined>()
  const records = new Map<string, TranslatedFrom | undefined>()
  const step = (file: string, next: Record<string, unknown> | undefined, commit?: Commit) => {
    // A version that is no JSON object says nothing: the next is saved over the last that was.
    if (!next) return
    records.set(file, saved(file, last.get(file), records.get(file), next, commit))
    last.set(file, next)
  }
  let index = 0
  for (const commit of commits) {
    for (const file of commit.files) {
      const text = texts[index++]
      // Deleted in this commit: a file of that name made later starts afresh.
      if (text === null) {
        last.delete(file)
        records.delete(file)
      } else step(file, parsedObject(text), commit)
    }
    // A confirmation in a commit that left the file as it was: the file saved over itself.
    for (const file of commit.confirms.keys()) {
      const version = last.get(file)
      if (version && !commit.files.includes(file)) step(file, version, commit)
    }
  }
  // The working tree, as the build read it: saved over the last commit (no trailer of its own).
  for (const [file, text] of content.texts) {
    if (contentTypeOf(file)) step(file, parsedObject(text))
  }
  for (const file of [...records.keys()]) if (!content.texts.has(file)) records.delete(file)
  return { records }
}

/** The file as its history records it: its own record replaced by the history's. */
export function withHistory(raw: Record<string, unknown>, record: TranslatedFrom | undefined): Record<string, unknown> {
  return { ...raw, [DEFAULT_LOCALE]: withRecord(raw[DEFAULT_LOCALE], record) }
}
