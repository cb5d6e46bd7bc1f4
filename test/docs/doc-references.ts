/**
 * What a document names that must exist: repository paths, `npm run` scripts, the site's routes,
 * links to other documents and their headings. `docProblems` lists each that does not, with its line.
 */
import { execFileSync } from "node:child_process"
import fs from "node:fs"
import path from "node:path"
import GithubSlugger from "github-slugger"
import { RELEASE_STAMP_PATH } from "../../contracts/release-stamp"
import { AUTH_PATH, CALLBACK_PATH, PRESENCE_PATH } from "../../contracts/sign-in"
import { HOSTING_DIR } from "../../contracts/hosting"
import { HOSTING_POLICY_FILE, parseHostingPolicy } from "../../contracts/hosting-policy"
import { REPORT_PREFIX } from "../../deploy/release/nginx-funnel"
import { PREVIEW_PREFIX } from "../../contracts/previews"

export const ROOT = path.resolve(__dirname, "../..")

/** Top-level folders a build or a tool writes: a path in them is checked only where the folder is there. */
const WRITTEN = new Set(["public", ".hosting", ".cache"])
/** Written by commands the documents describe, never present in a checkout: named, not checked. */
const NEVER_CHECKED = new Set([".artifact", ".tmp", "node_modules", "screenshots", "test-results"])
/** The first folder of an absolute path on a host, not an address of the site. */
const HOST_FOLDERS = new Set(["etc", "srv", "usr", "var", "run", "tmp", "opt", "home", "root", "lib", "proc", "sys"])
/** Addresses answered by a service, or written by a release, rather than by a file of the build. */
const SERVICE_ROUTES = [AUTH_PATH, CALLBACK_PATH, PRESENCE_PATH, "/api/v1", RELEASE_STAMP_PATH]
/** Files a release writes into its copy of the build. */
const RELEASE_WRITES = [`public${RELEASE_STAMP_PATH}`]

let tracked: Set<string> | undefined
/** The repository's files (git's list), and each folder holding any. */
function repositoryEntries(): Set<string> {
  if (tracked) return tracked
  const files = execFileSync("git", ["ls-files"], { cwd: ROOT, encoding: "utf8" }).split("\n").filter(Boolean)
  tracked = new Set<string>()
  for (const file of files) {
    if (!fs.existsSync(path.join(ROOT, file))) continue
    tracked.add(file)
    for (let dir = path.posix.dirname(file); dir !== "."; dir = path.posix.dirname(dir)) tracked.add(dir)
  }
  return tracked
}

const scripts = () =>
  Object.keys((JSON.parse(fs.readFileSync(path.join(ROOT, "package.json"), "utf8")) as { scripts: object }).scripts)

/** The headings' anchors of a Markdown text, as GitHub makes them. */
export function anchorsOf(text: string): Set<string> {
  const slugger = new GithubSlugger()
  const anchors = new Set<string>()
  let fenced = false
  for (const line of text.split("\n")) {
    if (line.startsWith("```")) fenced = !fenced
    const heading = !fenced && /^#{1,6} (.+)$/.exec(line)
    if (heading) anchors.add(slugger.slug(heading[1].replace(/`/g, "").trim()))
  }
  return anchors
}

/** The addresses a host answers itself for the build in `publicDir`: its policy's redirects out of the site, the report, the previews. */
function hostRoutes(publicDir: string): string[] {
  const file = path.join(path.dirname(publicDir), HOSTING_DIR, HOSTING_POLICY_FILE)
  if (!fs.existsSync(file)) return [REPORT_PREFIX, PREVIEW_PREFIX]
  return [
    REPORT_PREFIX,
    PREVIEW_PREFIX,
    ...parseHostingPolicy(fs.readFileSync(file, "utf8"), file).departures.map(({ from }) => from),
  ]
}

/** Whether a route is served by the build in `publicDir`: a file, or a folder (a page with its index, or a prefix). */
function routeExists(route: string, publicDir: string): boolean {
  return (
    SERVICE_ROUTES.includes(route.replace(/\/$/, "")) ||
    hostRoutes(publicDir).includes(route) ||
    fs.existsSync(path.join(publicDir, route))
  )
}

const PLACEHOLDER = /[<>{}*…]|\[\.\.\.]|\.\.\./

/** A repository path's problem, or null: `token` as written, `from` the document's folder (for ./ and ../). */
function pathProblem(token: string): string | null {
  const clean = token.replace(/^\.\//, "").replace(/[/:]+$/, "")
  const [first] = clean.split("/")
  if (NEVER_CHECKED.has(first) || RELEASE_WRITES.includes(clean)) return null
  if (WRITTEN.has(first)) {
    if (!fs.existsSync(path.join(ROOT, first))) return null
    return fs.existsSync(path.join(ROOT, clean)) ? null : `names ${token}, which the build does not write`
  }
  if (!repositoryEntries().has(first)) return null
  return repositoryEntries().has(clean) ? null : `names ${token}, which the repository does not have`
}

/**
 * Every reference of `text` (the document at `file`, relative to the repository) that leads nowhere,
 * as "line N: what". Routes are checked against the build in `publicDir` when there is one.
 */
export function docProblems(file: string, text: string, publicDir = path.join(ROOT, "public")): string[] {
  const problems: string[] = []
  const known = scripts()
  const built = fs.existsSync(path.join(publicDir, "index.html"))
  const folder = path.posix.dirname(file)
  let fenced = false
  text.split("\n").forEach((line, index) => {
    const at = (message: string) => problems.push(`${file}:${index + 1}: ${message}`)
    if (line.startsWith("```")) {
      fenced = !fenced
      return
    }
    for (const [, name] of line.matchAll(/npm run ([\w:-]+)/g)) {
      if (!known.includes(name)) at(`names npm run ${name}, which package.json does not have`)
    }
    if (fenced) return
    // Links to other documents (and headings), as Markdown reads them.
    for (const [, target] of line.matchAll(/\]\(([^)\s]+)\)/g)) {
      if (/^(https?|mailto):/.test(target)) continue
      const [linked, anchor] = target.split("#")
      const linkedFile = linked ? path.posix.normalize(path.posix.join(folder, linked)) : file
      if (linked && !fs.existsSync(path.join(ROOT, linkedFile))) {
        at(`links to ${target}, which does not exist`)
        continue
      }
      if (anchor !== undefined && linkedFile.endsWith(".md")) {
        const linkedText = linkedFile === file ? text : fs.readFileSync(path.join(ROOT, linkedFile), "utf8")
        if (!anchorsOf(linkedText).has(anchor)) at(`links to ${target}, a heading ${linkedFile} does not have`)
      }
    }
    // Paths and routes, as code spans name them.
    for (const [, span] of line.matchAll(/`([^`\s]+)`/g)) {
      if (PLACEHOLDER.test(span) || /^[a-z]+:\/\//.test(span)) continue
      if (span.startsWith("/")) {
        const route = span.replace(/[?#].*$/, "")
        const [, first] = route.split("/")
        if (HOST_FOLDERS.has(first) || !built || route.startsWith("//")) continue
        if (!routeExists(route, publicDir)) at(`names the route ${span}, which the build does not serve`)
        continue
      }
      // A file named alone: a source file of the repository, by its name anywhere in it.
      if (!span.includes("/")) {
        if (!/^[\w.-]+\.(ts|tsx|sh)$/.test(span)) continue
        if (![...repositoryEntries()].some((entry) => path.posix.basename(entry) === span)) {
          at(`names ${span}, which no file of the repository is called`)
        }
        continue
      }
      const problem = pathProblem(span)
      if (problem) at(problem)
    }
  })
  return problems
}

/** The documents: the README and every Markdown file under docs/. */
export const DOCUMENTS = [
  "README.md",
  ...fs
    .readdirSync(path.join(ROOT, "docs"))
    .filter((name) => name.endsWith(".md"))
    .map((name) => `docs/${name}`),
]
