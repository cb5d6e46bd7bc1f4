/**
 * The verdict on pages loaded while the site is released (test/support/build-judge.ts), on two
 * builds made up here: A, the live one, and B, the next with other code. A page of two builds is
 * one whose page, its code, or a page it showed came from the other build without Gatsby reloading.
 */
import { type BuildFiles, type Document, type Fetched, judgeDocuments } from "../support/build-judge"

const ORIGIN = "https://localhost:8443"
const A: BuildFiles = new Map([
  ["/fr/index.html", "a-fr"],
  ["/page-data/app-data.json", "a-app"],
  ["/page-data/fr/page-data.json", "a-fr-data"],
  ["/page-data/index/page-data.json", "a-home-data"],
  ["/app-a.js", "a-js"],
])
const B: BuildFiles = new Map([
  ["/fr/index.html", "b-fr"],
  ["/page-data/app-data.json", "b-app"],
  ["/page-data/fr/page-data.json", "b-fr-data"],
  ["/page-data/index/page-data.json", "b-home-data"],
  ["/app-b.js", "b-js"],
])
const fetched = (pathname: string, hash: string): Fetched => ({ url: `${ORIGIN}${pathname}`, status: 200, hash })

/** The French home of build A, having fetched its own files and then `more`, showing `shown`. */
const frenchHome = (more: Fetched[], shown: string[] = [], asked = true): Document => ({
  url: `${ORIGIN}/fr/`,
  asked,
  html: fetched("/fr/index.html", "a-fr"),
  files: [
    fetched("/app-a.js", "a-js"),
    fetched("/page-data/app-data.json", "a-app"),
    fetched("/page-data/fr/page-data.json", "a-fr-data"),
    ...more,
  ],
  shown,
})
const englishHomeOfB = fetched("/page-data/index/page-data.json", "b-home-data")

describe("a page loaded while the site was released", () => {
  it("of one build throughout is of one build", () => {
    expect(judgeDocuments([frenchHome([])], [A, B])).toEqual({ mixed: [], unknownPages: [], reloads: 0 })
  })

  it("that prefetched the next build's data for a page the visitor never moved to showed nothing of it", () => {
    expect(judgeDocuments([frenchHome([englishHomeOfB], ["/fr/"])], [A, B]).mixed).toEqual([])
  })

  it("that showed another page from data of a build with other code, not reloaded, is of two builds", () => {
    const { mixed } = judgeDocuments([frenchHome([englishHomeOfB], ["/"])], [A, B])
    expect(mixed).toEqual([`${ORIGIN}/fr/ (build 1): app-data.json 1, fr/page-data.json 1, index/page-data.json 2`])
  })

  it("that Gatsby reloaded on meeting that data is a reload, not a page of two builds", () => {
    const reloaded: Document = { ...frenchHome([]), url: `${ORIGIN}/`, asked: false, html: undefined }
    const verdict = judgeDocuments([frenchHome([englishHomeOfB], ["/"]), reloaded], [A, B])
    expect(verdict).toMatchObject({ mixed: [], reloads: 1 })
  })

  it("that showed another page from a build with the same code moved to the next release", () => {
    const publish: BuildFiles = new Map([...A, ["/page-data/index/page-data.json", "c-home-data"]])
    const home = fetched("/page-data/index/page-data.json", "c-home-data")
    expect(judgeDocuments([frenchHome([home], ["/"])], [A, publish]).mixed).toEqual([])
  })

  it("that ran another build's script, or hydrated with another build's own data, is of two builds", () => {
    const script = judgeDocuments([frenchHome([fetched("/app-b.js", "b-js")])], [A, B])
    const ownData = judgeDocuments([frenchHome([fetched("/page-data/fr/page-data.json", "b-fr-data")])], [A, B])
    expect([script.mixed.length, ownData.mixed.length]).toEqual([1, 1])
  })

  it("whose HTML is no build's is a page of no build", () => {
    const torn: Document = { ...frenchHome([]), html: fetched("/fr/index.html", "half-written") }
    expect(judgeDocuments([torn], [A, B]).unknownPages).toEqual([`${ORIGIN}/fr/`])
  })
})
