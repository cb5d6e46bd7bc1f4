/**
 * Which pages of a build a content change made different, read from what Gatsby writes for each page:
 * its data (public/page-data/<page>/page-data.json) and the results of the static queries it uses
 * (page-data/sq/d/<hash>.json). On the publish path the code is that of the last build, so a page
 * whose data and static queries are the same is the same page; a page listing a changed study has
 * that study in its data, and is different too. A code change shows in the HTML, which is part of a
 * page's fingerprint: its bytes change only when its data or the code that renders it does.
 */
import crypto from "node:crypto"
import fs from "node:fs"
import path from "node:path"
import { RELEASE_PAGES_PATH, type ReleasePages, releasePagesProblems } from "../../contracts/release-stamp"
import { localeOfPath } from "../../model/routes"
import { PAGE_DATA_DIR, type PageData, gatsbyChanged, htmlFileOf, staticQueryFile } from "../gatsby-internals"

/** The address a visitor meets a built page at: its folder, or for a not-found page an unknown path it answers. */
export function addressOf(htmlFile: string): string {
  const file = htmlFile.split(path.sep).join("/")
  if (file === "index.html") return "/"
  if (file.endsWith("/index.html")) return `/${file.slice(0, -"index.html".length)}`
  const folder = path.posix.dirname(file) === "." ? "" : `${path.posix.dirname(file)}/`
  return `/${folder}no-such-page-${path.posix.basename(file, ".html")}/`
}

/** A page of a build as Gatsby wrote it: its HTML file, its data's bytes and fields, its static queries' results. */
interface BuiltPageData {
  page: string
  bytes: Buffer
  data: PageData
  /** Each static query it uses, sorted by hash, with the bytes of its result. */
  queries: Array<[string, Buffer]>
}

/**
 * Every page of a build whose data Gatsby wrote under public/page-data/. A build whose pages have no
 * data there stops: Gatsby writes it elsewhere now, and every page would look unchanged.
 */
function builtPageData(publicDir: string): BuiltPageData[] {
  const pageDataDir = path.join(publicDir, PAGE_DATA_DIR)
  if (!fs.existsSync(pageDataDir)) {
    if (!fs.existsSync(path.join(publicDir, "index.html"))) return []
    throw gatsbyChanged("pageData", `${publicDir} has pages but no ${PAGE_DATA_DIR}/ folder`)
  }
  const staticQueries = new Map<string, Buffer>()
  const staticQuery = (hash: string) => {
    if (!staticQueries.has(hash)) {
      const file = path.join(publicDir, staticQueryFile(hash))
      staticQueries.set(hash, fs.existsSync(file) ? fs.readFileSync(file) : Buffer.from("missing"))
    }
    return staticQueries.get(hash)!
  }
  return fs
    .readdirSync(pageDataDir, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile() && entry.name === "page-data.json")
    .map((entry) => {
      const bytes = fs.readFileSync(path.join(entry.parentPath, entry.name))
      const data = JSON.parse(bytes.toString("utf8")) as PageData
      const queries = [...(data.staticQueryHashes ?? [])]
        .sort()
        .map((hash) => [hash, staticQuery(hash)] as [string, Buffer])
      return { page: htmlFileOf(data.path), bytes, data, queries }
    })
}

const sha16 = (bytes: Buffer | string) => crypto.createHash("sha256").update(bytes).digest("hex").slice(0, 16)

/**
 * Each page of a build by its HTML file, with a fingerprint of everything it is made of: its HTML (as
 * finished: another script, another policy), its data and its static queries' results.
 */
export function pageFingerprints(publicDir: string): Map<string, string> {
  return fingerprintsOf(publicDir, builtPageData(publicDir))
}

function fingerprintsOf(publicDir: string, built: BuiltPageData[]): Map<string, string> {
  const fingerprints = new Map<string, string>()
  for (const { page, bytes, queries } of built) {
    const html = path.join(publicDir, page)
    const hash = crypto.createHash("sha256").update(bytes)
    for (const [query, result] of queries) hash.update(query).update(result)
    hash.update(fs.existsSync(html) ? fs.readFileSync(html) : "no HTML")
    fingerprints.set(page, hash.digest("hex").slice(0, 16))
  }
  return fingerprints
}

/** What a page is made of, part by part: what tells a change of its own from one it shares with others. */
export interface PageParts {
  /** Its template (Gatsby's name for its component), and its language: pages that render shared data alike. */
  template: string
  /** Its own data and context. */
  data: string
  /** The results of the static queries it uses (the data every page shares), by query. */
  queries: Record<string, string>
}

/** Each page of a build by its HTML file, part by part. */
export function pageParts(publicDir: string): Map<string, PageParts> {
  return partsOf(builtPageData(publicDir))
}

function partsOf(built: BuiltPageData[]): Map<string, PageParts> {
  return new Map(
    built.map(({ page, bytes, data, queries }) => [
      page,
      {
        template: `${data.componentChunkName} ${localeOfPath(data.path)}`,
        data: sha16(bytes),
        queries: Object.fromEntries(queries.map(([query, result]) => [query, sha16(result)])),
      },
    ]),
  )
}

/** Each page of a build by its HTML file, fingerprinted and part by part, its files read once. */
export function builtPagesOf(publicDir: string): { fingerprints: Map<string, string>; parts: Map<string, PageParts> } {
  const built = builtPageData(publicDir)
  return { fingerprints: fingerprintsOf(publicDir, built), parts: partsOf(built) }
}

/** The build's pages, as the release that serves it will say (contracts/release-stamp.ts): public/release-pages.json. */
export function writeReleasePages(publicDir: string): number {
  const fingerprints = pageFingerprints(publicDir)
  const pages: ReleasePages = { pages: Object.fromEntries([...fingerprints].sort(([a], [b]) => (a < b ? -1 : 1))) }
  const problems = releasePagesProblems(pages)
  if (problems.length > 0) throw new Error(`${RELEASE_PAGES_PATH} would be refused: ${problems.slice(0, 3).join("; ")}`)
  fs.writeFileSync(path.join(publicDir, RELEASE_PAGES_PATH), `${JSON.stringify(pages)}\n`)
  return fingerprints.size
}

/** The pages of `after` that are new or different from `before` (HTML files under public/, sorted). */
export function changedPages(before: Map<string, string>, after: Map<string, string>): string[] {
  return [...after]
    .filter(([page, fingerprint]) => before.get(page) !== fingerprint)
    .map(([page]) => page)
    .sort()
}
