/**
 * The repository's commits as the translation history reads them (translation-history.ts): one `git
 * log`, parents before children, each commit with its parents, its trailers and its changes to the
 * content files against its first parent, renames found. A confirmation by hand is a trailer:
 *
 *   Translation-Checked: content/case-studies/wine.json               every text of the file
 *   Translation-Checked: content/case-studies/wine.json fr.title      one text, as the check names it
 */
import { type Locale, isLocale } from "../../model/locales"
import { contentTypeOf } from "../../model/registry"
import { git } from "../git"

/** The trailer a commit confirms translations still right with. */
export const CHECKED_TRAILER = "Translation-Checked"

/** What a commit did to a content file against its first parent: added, modified, deleted, or moved from another. */
export interface Change {
  status: string
  file: string
  /** The file it was moved from (a rename). */
  from?: string
  /** The version it wrote (git's object name). */
  blob: string
}

export interface Commit {
  hash: string
  parents: string[]
  /** The texts it confirms, by file (its path under content/): every language and text, or these. */
  confirms: Map<string, Array<{ locale?: Locale; path?: string }>>
  changes: Change[]
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

/** A line of `git log --raw`: modes, the objects before and after, the status, the path (and a rename's new path). */
const RAW = /^:\d+ \d+ [0-9a-f]+ ([0-9a-f]+) ([A-Z])\d*\t([^\t]+)(?:\t([^\t]+))?$/

/** A commit's changes to content files, from its raw lines: a move out of content/ is a deletion. */
function changesOf(lines: readonly string[]): Change[] {
  return lines.flatMap((line) => {
    const raw = RAW.exec(line.trim())
    if (!raw) return []
    const [, blob, status, first, second] = raw
    const moved = second !== undefined && (status === "R" || status === "C")
    const file = moved ? second : first
    if (!contentTypeOf(file)) return moved && status === "R" && contentTypeOf(first) ? [{ status: "D", file: first, blob }] : []
    const from = moved && status === "R" && contentTypeOf(first) ? first : undefined
    return [{ status: status === "D" ? "D" : from ? "R" : "M", file, blob, ...(from ? { from } : {}) }]
  })
}

/**
 * Every commit, parents before children, with its parents and what it did to the content files
 * against its first parent (paths under the content folder; renames found): a commit that touched
 * none may still confirm translations by its trailer, and a merge still merges its sides.
 */
export function commitsOf(root: string): Commit[] {
  const log = git(root, ["log", "--reverse", "--topo-order", "--diff-merges=first-parent", "-M", "--raw"].concat(
    ["--no-abbrev", "--relative", "--format=%x1e%H%x1f%P%x1f%B%x1f"],
  )).toString("utf8")
  return log
    .split("\x1e")
    .filter((entry) => entry.trim())
    .map((entry) => {
      const [hash, parents, message, raw = ""] = entry.split("\x1f")
      return {
        hash: hash.trim(),
        parents: parents.trim().split(" ").filter(Boolean),
        confirms: trailerConfirms(message),
        changes: changesOf(raw.split("\n")),
      }
    })
}

