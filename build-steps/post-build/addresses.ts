/**
 * The case studies' addresses of before, for the hosting policy: a study moved to a new slug keeps its
 * file and lists its old slugs (model/page-schemas.ts, `formerSlugs`), each of which leads to its page now
 * (301, in every language); a study deleted from the content after it was on the site leaves its
 * addresses gone for good (410, with the list's "Case Study Not Found" page). Deleted studies are read
 * from the repository's history, the only place that still knows them: every case-study file deleted,
 * known by its file, with every slug its versions held. An address a study holds now, as its slug or a
 * slug of before, is never gone.
 */
import fs from "node:fs"
import path from "node:path"
import type { HostingAddresses } from "../../contracts/hosting-policy"
import { blobs, git, unreadableHistory } from "../git"
import { DEFAULT_LOCALE, LOCALES } from "../../model/locales"
import type { ScheduledStudy } from "../../model/schedule"
import { caseStudyPath, localePath } from "../../model/routes"
import { slugProblem } from "../../model/fields"

function englishOf(text: string): Record<string, unknown> | undefined {
  try {
    const english = (JSON.parse(text) as Record<string, unknown>)[DEFAULT_LOCALE]
    return english && typeof english === "object" ? (english as Record<string, unknown>) : undefined
  } catch {
    return undefined
  }
}

/**
 * A case study deleted from the content, known by its file: every address it had in any version
 * (its slugs and the slugs it was moved from, each that passes the slug rule), and whether any version
 * was on the site (no `goLiveAt`, or one reached before that version was replaced). One that never was
 * leaves its addresses unknown (404), as a cancelled study should: "gone" would tell that it existed.
 */
export interface DeletedStudy {
  file: string
  addresses: string[]
  served: boolean
}

export type History = { deleted: DeletedStudy[]; warnings: string[] } | { unknown: string }

/** A commit that touched study files: its hash, its time, and what it did to each (A, M or D). */
interface Touch {
  commit: string
  time: string
  status: string
}

/** Every study file's commits, newest first, from one `git log` of the folder. */
function touchesByFile(folder: string): Map<string, Touch[]> {
  const log = git(folder, ["log", "--no-renames", "--relative", "--name-status", "--format=%x00%H %cI", "--", "."])
  const byFile = new Map<string, Touch[]>()
  for (const entry of log
    .toString("utf8")
    .split("\0")
    .filter((part) => part.trim())) {
    const [head, ...changes] = entry.split("\n").filter(Boolean)
    const [commit, time] = head.split(" ")
    for (const change of changes) {
      const [status, file] = change.split("\t")
      if (!file?.endsWith(".json")) continue
      const touches = byFile.get(file) ?? []
      touches.push({ commit, time, status: status.charAt(0) })
      byFile.set(file, touches)
    }
  }
  return byFile
}

/**
 * The studies deleted from `folder` (the case studies' folder) in the history of the commit checked out, each known by its file
 * with every version it had; or why the history cannot tell (no repository, or a shallow clone). The
 * history is input the build did not write: a slug in it that fails the slug rule is left out, with
 * a warning naming the commit and the file.
 */
export function deletedStudies(folder: string): History {
  const unreadable = unreadableHistory(folder)
  if (unreadable) return { unknown: unreadable }
  let byFile: Map<string, Touch[]>
  try {
    byFile = touchesByFile(folder)
  } catch {
    // A repository with no commit yet has deleted nothing.
    return { deleted: [], warnings: [] }
  }
  const prefix = git(folder, ["rev-parse", "--show-prefix"]).toString("utf8").trim()
  const gone = [...byFile].filter(
    ([file, touches]) => touches[0].status === "D" && !fs.existsSync(path.join(folder, file)),
  )
  // Each version of each deleted file: the commit that wrote it, and when the next commit replaced it.
  const versions = gone.flatMap(([file, touches]) =>
    touches.flatMap((touch, index) =>
      touch.status === "D" || index === 0 ? [] : [{ file, commit: touch.commit, until: touches[index - 1].time }],
    ),
  )
  const texts = blobs(
    folder,
    versions.map(({ commit, file }) => `${commit}:${prefix}${file}`),
  )
  const warnings: string[] = []
  const studies = new Map<string, DeletedStudy>()
  versions.forEach(({ file, commit, until }, index) => {
    const text = texts[index]
    const english = text === null ? undefined : englishOf(text)
    // A file without a slug is no study (a note, a draft of something else).
    if (!english || !("slug" in english)) return
    const study = studies.get(file) ?? { file, addresses: [], served: false }
    studies.set(file, study)
    const goLiveAt = english.goLiveAt
    if (typeof goLiveAt !== "string" || !(Date.parse(goLiveAt) > Date.parse(until))) study.served = true
    const candidates = [english.slug, ...(Array.isArray(english.formerSlugs) ? english.formerSlugs : [])]
    for (const candidate of candidates) {
      const problem = slugProblem(candidate)
      if (problem) {
        const shown =
          typeof candidate === "string" ? JSON.stringify(candidate.slice(0, 80)) : String(JSON.stringify(candidate))
        warnings.push(
          `commit ${commit.slice(0, 12)}, ${prefix}${file}: ${shown} ${problem}: left out of the deleted studies' addresses`,
        )
      } else if (!study.addresses.includes(candidate as string)) study.addresses.push(candidate as string)
    }
  })
  return {
    deleted: [...studies.values()].sort((a, b) => a.file.localeCompare(b.file)),
    warnings: [...new Set(warnings)],
  }
}

/**
 * The addresses of before in every language: each slug of before that leads to a page of the build
 * (a study not on the site, scheduled or come down, has none, so its old addresses are unknown as its
 * own is), and each deleted study's, unless a study holds that slug now.
 */
export function studyAddresses(
  studies: readonly Pick<ScheduledStudy, "slug" | "formerSlugs">[],
  pages: readonly string[],
  history: History,
): HostingAddresses & { unknown?: string } {
  const isPage = new Set(pages)
  const held = new Set(studies.flatMap(({ slug, formerSlugs = [] }) => [slug, ...formerSlugs]))
  const everywhere = (slug: string) => LOCALES.map((locale) => localePath(caseStudyPath(slug), locale))
  const moved = studies
    .flatMap(({ slug, formerSlugs = [] }) =>
      formerSlugs.flatMap((former) => {
        const to = everywhere(slug)
        return everywhere(former).map((from, index) => ({ from, to: to[index] }))
      }),
    )
    .filter(({ to }) => isPage.has(to))
  const deleted = "deleted" in history ? history.deleted.filter(({ served }) => served) : []
  const gone = [...new Set(deleted.flatMap(({ addresses }) => addresses).filter((slug) => !held.has(slug)))].flatMap(
    everywhere,
  )
  const byAddress = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0)
  return {
    moved: moved.sort((a, b) => byAddress(a.from, b.from)),
    gone: gone.sort(byAddress),
    ...("unknown" in history ? { unknown: history.unknown } : {}),
  }
}
