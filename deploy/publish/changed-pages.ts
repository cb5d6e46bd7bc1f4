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

interface PageData {
  path: string
  staticQueryHashes?: string[]
}

/** The HTML file (under public/) Gatsby writes for a page's path. */
export function htmlFileOf(pagePath: string): string {
  if (pagePath.endsWith(".html")) return pagePath.slice(1)
  return path.posix.join(pagePath.slice(1), "index.html")
}

/** The address a visitor meets a built page at: its folder, or for a not-found page an unknown path it answers. */
export function addressOf(htmlFile: string): string {
  const file = htmlFile.split(path.sep).join("/")
  if (file === "index.html") return "/"
  if (file.endsWith("/index.html")) return `/${file.slice(0, -"index.html".length)}`
  const folder = path.posix.dirname(file) === "." ? "" : `${path.posix.dirname(file)}/`
  return `/${folder}no-such-page-${path.posix.basename(file, ".html")}/`
}

/** The page-data file (under public/) of a page's HTML file: the inverse of htmlFileOf. */
export function pageDataFileOf(htmlFile: string): string {
  const dir =
    htmlFile === "index.html" ? "index" : htmlFile.endsWith("/index.html") ? path.posix.dirname(htmlFile) : htmlFile
  return path.posix.join("page-data", dir, "page-data.json")
}

/**
 * Each page of a build by its HTML file, with a fingerprint of everything it is made of: its HTML (as
 * finished: another script, another policy), its data and its static queries' results.
 */
export function pageFingerprints(publicDir: string): Map<string, string> {
  const fingerprints = new Map<string, string>()
  const pageDataDir = path.join(publicDir, "page-data")
  if (!fs.existsSync(pageDataDir)) return fingerprints
  const staticQueries = new Map<string, Buffer>()
  const staticQuery = (hash: string) => {
    if (!staticQueries.has(hash)) {
      const file = path.join(pageDataDir, "sq", "d", `${hash}.json`)
      staticQueries.set(hash, fs.existsSync(file) ? fs.readFileSync(file) : Buffer.from("missing"))
    }
    return staticQueries.get(hash)!
  }
  for (const entry of fs.readdirSync(pageDataDir, { recursive: true, withFileTypes: true })) {
    if (!entry.isFile() || entry.name !== "page-data.json") continue
    const bytes = fs.readFileSync(path.join(entry.parentPath, entry.name))
    const data = JSON.parse(bytes.toString("utf8")) as PageData
    const page = htmlFileOf(data.path)
    const html = path.join(publicDir, page)
    const hash = crypto.createHash("sha256").update(bytes)
    for (const query of [...(data.staticQueryHashes ?? [])].sort()) hash.update(query).update(staticQuery(query))
    hash.update(fs.existsSync(html) ? fs.readFileSync(html) : "no HTML")
    fingerprints.set(page, hash.digest("hex").slice(0, 16))
  }
  return fingerprints
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
