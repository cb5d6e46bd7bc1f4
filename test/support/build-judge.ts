/**
 * The verdict on what a browser loaded while the site was released (test/support/release-watch.ts):
 * each document against the builds the host may have served. A document's page, its data and every
 * script it ran must come from one build, unless the page was reloaded on finding another build's
 * (Gatsby's check of the code, src/navigation/page-version.tsx for the data). Other pages' data,
 * fetched for a move inside the site, may be any build's whose code is the document's own: with the
 * same code, that is the visitor moving to the next release. Data Gatsby prefetched for a page the
 * visitor never moved to was never shown: any build's.
 */

/** A build the site may serve, as the files of its folder: path -> hash of the bytes. */
export type BuildFiles = Map<string, string>

/** Gatsby's name for the build's code, which its pages compare with their own on every move. */
const APP_DATA = "/page-data/app-data.json"
/** Data of other pages than the document's, which a move (or Gatsby's prefetching) fetches from whatever is live. */
const OTHER_PAGES_DATA = /^\/page-data\/(?!sq\/|app-data\.json$)/
/** The page-data file of the page at `pathname`, under /page-data/. */
const pageDataOf = (pathname: string) =>
  `/page-data${pathname === "/" ? "/index" : pathname.replace(/\/$/, "")}/page-data.json`

/**
 * The data a document fetched, in order, each with the builds (numbered as `builds` lists them) that
 * hold those bytes: "app-data.json 1, index/page-data.json 2 3". What a page of two builds is told by.
 */
function dataFetched(document: Document, builds: BuildFiles[]): string {
  return document.files
    .filter(({ url }) => new URL(url).pathname.startsWith("/page-data/"))
    .map(({ url, status, hash }) => {
      const file = new URL(url).pathname
      const holders = builds.flatMap((files, index) => (files.get(file) === hash ? [index + 1] : []))
      return `${file.slice("/page-data/".length)} ${status === 200 ? holders.join(" ") || "none" : status}`
    })
    .join(", ")
}

/** The file an address is answered with: a folder's index.html. */
const fileOf = (pathname: string) => (pathname.endsWith("/") ? `${pathname}index.html` : pathname)

export interface Fetched {
  url: string
  status: number
  hash: string
}

export interface Document {
  url: string
  /** Whether the visitor asked for it (else Gatsby reloaded the page). */
  asked: boolean
  /** Its HTML, as answered. */
  html?: Fetched
  /** Everything else it fetched from the site. */
  files: Fetched[]
  /** The pages a move inside the site showed in it (the history API), by path. */
  shown: string[]
}

export interface Verdict {
  /** Documents that used files of two builds and were not reloaded, each with the data it fetched. */
  mixed: string[]
  /** Documents whose HTML is no build's file: a page written half-way, say. */
  unknownPages: string[]
  /** Documents Gatsby reloaded itself (its data was another build's). */
  reloads: number
}

/** Judges `documents`, in the order the browser loaded them, against `known`, the builds the host may have served. */
export function judgeDocuments(documents: Document[], known: BuildFiles[]): Verdict {
  const mixed: string[] = []
  const unknownPages: string[] = []
  let reloads = 0
  documents.forEach((document, index) => {
    const page = new URL(document.url).pathname
    const own = known.find((files) => files.get(fileOf(page)) === document.html?.hash)
    if (!own) {
      if (document.html) unknownPages.push(document.url)
      return
    }
    const sameCode = known.filter((files) => files.get(APP_DATA) === own.get(APP_DATA))
    const foreign = document.files
      .filter(({ status }) => status === 200)
      .filter(({ url, hash }) => {
        const file = fileOf(new URL(url).pathname)
        if (own.get(file) === hash) return false
        if (!OTHER_PAGES_DATA.test(file) || file === pageDataOf(page)) return true
        // Another page's data: prefetched for a page the visitor never moved to, it was never shown.
        if (!document.shown.some((shown) => pageDataOf(shown) === file)) return false
        return !sameCode.some((files) => files.get(file) === hash)
      })
    const next = documents[index + 1]
    if (foreign.length === 0) return
    if (next && !next.asked) reloads++
    else mixed.push(`${document.url} (build ${known.indexOf(own) + 1}): ${dataFetched(document, known)}`)
  })
  return { mixed, unknownPages, reloads }
}
