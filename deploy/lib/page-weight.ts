/**
 * What a page of the build costs a first-time visitor, computed from the files alone (no server, no
 * browser), so the numbers are exact and the same on every machine: gzip level 9 for text, bytes
 * as stored for fonts and images.
 */
import fs from "node:fs"
import path from "node:path"
import zlib from "node:zlib"
import { type HTMLElement, inNoscript, parseHtml } from "../../build-steps/built-html"
import { deferredBundles } from "../../build-steps/post-build/hydrate-after-paint"
import {
  APP_DATA_FILE,
  WEBPACK_STATS_FILE,
  type WebpackStats,
  gatsbyChanged,
  pageDataFile,
  staticQueryFile,
} from "../../build-steps/gatsby-internals"

export interface PageWeight {
  route: string
  html: number
  /** Every script the page runs before it is interactive: the ones its HTML names, then its template's chunks. */
  firstLoadJs: number
  scripts: string[]
  data: number
  fonts: number
  images: number
  total: number
}

const gzipCache = new Map<string, number>()

export function gzipSize(file: string): number {
  let size = gzipCache.get(file)
  if (size === undefined) {
    size = zlib.gzipSync(fs.readFileSync(file), { level: 9 }).length
    gzipCache.set(file, size)
  }
  return size
}

const rawSize = (file: string) => fs.statSync(file).size
const sum = (values: number[]) => values.reduce((total, value) => total + value, 0)
const unique = (values: string[]) => [...new Set(values)]

/** The route a built HTML file answers, e.g. `case-studies/wine/index.html` -> `/case-studies/wine/`. */
export function routeOf(publicDir: string, htmlFile: string): string {
  const relative = path.relative(publicDir, htmlFile).split(path.sep).join("/")
  return `/${relative.replace(/index\.html$/, "")}`
}

/** The largest candidate of a srcset: an upper bound of what any screen downloads. */
function largestCandidate(srcset: string): string | undefined {
  const candidates = srcset.split(",").map((entry) => {
    const [url, descriptor = "1x"] = entry.trim().split(/\s+/)
    return { url, weight: parseFloat(descriptor) }
  })
  return candidates.sort((left, right) => right.weight - left.weight)[0]?.url
}

/**
 * Images a browser downloads: for each <picture>, the largest candidate of its first <source>
 * (AVIF, which Chromium takes); for each other <img>, the largest of its srcset or its src.
 * <noscript> copies and inline data URIs are not separate downloads.
 */
function imageUrls(page: HTMLElement): string[] {
  const urls: string[] = []
  for (const picture of page.querySelectorAll("picture").filter((element) => !inNoscript(element))) {
    const source = picture.querySelector("source")
    const srcset = source && (source.getAttribute("srcset") ?? source.getAttribute("data-srcset"))
    if (srcset) urls.push(largestCandidate(srcset)!)
  }
  for (const img of page
    .querySelectorAll("img")
    .filter((element) => !inNoscript(element) && !element.closest("picture"))) {
    const srcset = img.getAttribute("srcset")
    const url = srcset ? largestCandidate(srcset) : img.getAttribute("src")
    if (url && !url.startsWith("data:")) urls.push(url)
  }
  return urls
}

export function pageWeight(publicDir: string, htmlFile: string): PageWeight {
  const html = fs.readFileSync(htmlFile, "utf8")
  const page = parseHtml(html)
  const route = routeOf(publicDir, htmlFile)
  const file = (url: string) => {
    const local = path.join(publicDir, decodeURIComponent(url.split("?")[0]))
    if (!fs.existsSync(local)) throw new Error(`${route}: ${url} is referenced but not in the build`)
    return local
  }

  // Scripts: those the HTML names (as tags or through its after-paint loader), then the chunks of the
  // page's template that the runtime loads to hydrate.
  const htmlScripts = [
    ...page.querySelectorAll("script[src]").map((script) => script.getAttribute("src")!),
    ...deferredBundles(html),
  ]
  const pageData = path.join(publicDir, pageDataFile(route))
  const dataFiles = [path.join(publicDir, APP_DATA_FILE)]
  const chunkScripts: string[] = []
  if (fs.existsSync(pageData)) {
    const data = JSON.parse(fs.readFileSync(pageData, "utf8")) as {
      componentChunkName: string
      staticQueryHashes: string[]
    }
    const stats = JSON.parse(fs.readFileSync(path.join(publicDir, WEBPACK_STATS_FILE), "utf8")) as WebpackStats
    const group = stats.namedChunkGroups?.[data.componentChunkName]
    if (!group) throw gatsbyChanged("chunkGroups", `${route}: no chunk group ${data.componentChunkName}`)
    chunkScripts.push(...group.assets.map((asset) => `/${typeof asset === "string" ? asset : asset.name}`))
    dataFiles.push(pageData, ...data.staticQueryHashes.map((hash) => path.join(publicDir, staticQueryFile(hash))))
  }
  const scripts = unique([...htmlScripts, ...chunkScripts]).filter((url) => url.endsWith(".js"))

  const fontFiles = unique(
    page.querySelectorAll('link[rel="preload"][as="font"]').map((link) => link.getAttribute("href")!),
  )
  const icons = page
    .querySelectorAll('link[rel="icon"]')
    .map((link) => link.getAttribute("href")!)
    .slice(0, 1)
  const images = unique([...imageUrls(page), ...icons])

  const weight = {
    route,
    html: gzipSize(htmlFile),
    firstLoadJs: sum(scripts.map((url) => gzipSize(file(url)))),
    scripts,
    data: sum(dataFiles.filter((data) => fs.existsSync(data)).map(gzipSize)),
    fonts: sum(fontFiles.map((url) => rawSize(file(url)))),
    images: sum(images.map((url) => rawSize(file(url)))),
  }
  return { ...weight, total: weight.html + weight.firstLoadJs + weight.data + weight.fonts + weight.images }
}

export const kB = (bytes: number) => (bytes / 1000).toFixed(1)
