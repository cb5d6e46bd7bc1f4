/**
 * The case studies' addresses of before, for the hosting policy: a study moved to a new slug keeps its
 * file and lists its old slugs (model/schemas.ts, `formerSlugs`), each of which leads to its page now
 * (301, in every language); a study deleted from the content leaves its addresses gone for good (410,
 * with the list's "Case Study Not Found" page). Deleted studies are read from the repository's history,
 * the only place that still knows them: every case-study file a commit deleted, with the slugs it held
 * then. An address a study holds now, as its slug or a slug of before, is never gone.
 */
import { execFileSync } from "node:child_process"
import fs from "node:fs"
import path from "node:path"
import type { HostingAddresses } from "../../contracts/hosting-policy"
import { DEFAULT_LOCALE, LOCALES } from "../../model/locales"
import { CONTENT_TYPES } from "../../model/registry"
import { caseStudyPath, localePath } from "../../model/routes"

/** The case studies' folder in a content folder. */
export function studiesFolder(contentDir: string): string {
  const type = CONTENT_TYPES.find((candidate) => candidate.typeName === "CaseStudy" && candidate.kind === "folder")
  if (!type) throw new Error("model/registry.ts: no folder of case studies")
  return path.join(contentDir, type.location)
}

/** A study's slugs as its file holds them: the slug, and those it was moved from. */
interface StudySlugs {
  slug: string
  formerSlugs: string[]
}

function slugsOf(text: string): StudySlugs | undefined {
  try {
    const english = (JSON.parse(text) as Record<string, unknown>)[DEFAULT_LOCALE] as Partial<StudySlugs> | undefined
    if (typeof english?.slug !== "string") return undefined
    return { slug: english.slug, formerSlugs: Array.isArray(english.formerSlugs) ? english.formerSlugs : [] }
  } catch {
    return undefined
  }
}

const git = (folder: string, args: string[]) =>
  execFileSync("git", ["-C", folder, ...args], { encoding: "utf8", stdio: ["ignore", "pipe", "pipe"] })

export type History = { deleted: StudySlugs[] } | { unknown: string }

/**
 * The studies deleted from `folder` in the history of the commit checked out, each as its file held it
 * the commit before; or why the history cannot tell (no repository, or a shallow clone).
 */
export function deletedStudies(folder: string): History {
  let shallow: string
  try {
    shallow = git(folder, ["rev-parse", "--is-shallow-repository"]).trim()
  } catch {
    return { unknown: `${folder} is not in a git repository` }
  }
  if (shallow === "true") return { unknown: `the git clone holding ${folder} is shallow (git fetch --unshallow)` }
  let log: string
  try {
    log = git(folder, [
      "log",
      "--no-renames",
      "--diff-filter=D",
      "--relative",
      "--name-only",
      "--format=%x00%H",
      "--",
      ".",
    ])
  } catch {
    // A repository with no commit yet has deleted nothing.
    return { deleted: [] }
  }
  const deleted: StudySlugs[] = []
  for (const entry of log.split("\0").filter((part) => part.trim())) {
    const [commit, ...files] = entry.split("\n").filter(Boolean)
    for (const file of files.filter((name) => name.endsWith(".json"))) {
      const slugs = slugsOf(git(folder, ["show", `${commit}^:./${file}`]))
      if (slugs) deleted.push(slugs)
    }
  }
  return { deleted }
}

/** Every study file in the folder now, as its slugs. */
function currentStudies(folder: string): StudySlugs[] {
  return fs
    .readdirSync(folder)
    .filter((file) => file.endsWith(".json"))
    .sort()
    .flatMap((file) => slugsOf(fs.readFileSync(path.join(folder, file), "utf8")) ?? [])
}

/**
 * The addresses of before in every language: each slug of before that leads to a page of the build
 * (a study not on the site, scheduled or come down, has none, so its old addresses are unknown as its
 * own is), and each deleted study's, unless a study holds that slug now.
 */
export function studyAddresses(
  folder: string,
  pages: readonly string[],
  history: History,
): HostingAddresses & { unknown?: string } {
  const studies = currentStudies(folder)
  const isPage = new Set(pages)
  const held = new Set(studies.flatMap(({ slug, formerSlugs }) => [slug, ...formerSlugs]))
  const everywhere = (slug: string) => LOCALES.map((locale) => localePath(caseStudyPath(slug), locale))
  const moved = studies
    .flatMap(({ slug, formerSlugs }) =>
      formerSlugs.flatMap((former) => {
        const to = everywhere(slug)
        return everywhere(former).map((from, index) => ({ from, to: to[index] }))
      }),
    )
    .filter(({ to }) => isPage.has(to))
  const deleted = "deleted" in history ? history.deleted : []
  const gone = [
    ...new Set(deleted.flatMap(({ slug, formerSlugs }) => [slug, ...formerSlugs]).filter((slug) => !held.has(slug))),
  ].flatMap(everywhere)
  const byAddress = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0)
  return {
    moved: moved.sort((a, b) => byAddress(a.from, b.from)),
    gone: gone.sort(byAddress),
    ...("unknown" in history ? { unknown: history.unknown } : {}),
  }
}
