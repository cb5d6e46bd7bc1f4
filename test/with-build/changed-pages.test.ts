/**
 * The pages a content change makes different (build-steps/post-build/changed-pages.ts), read from the build's
 * page data: every page of the build is known by its HTML file, a page whose data changes is found,
 * and a change to a static query every page uses finds every page. Of those, the browser pass
 * visits each page whose own data changed and one of each template and language for data they share
 * (deploy/publish/browser-pages.ts).
 */
import fs from "node:fs"
import os from "node:os"
import path from "node:path"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { builtPages } from "../../build-steps/post-build/built-pages"
import { addressOf, changedPages, pageFingerprints, pageParts } from "../../build-steps/post-build/changed-pages"
import { htmlFileOf, pageDataFileOf } from "../../build-steps/gatsby-internals"
import { type BeforeTheBuild, pagesForTheBrowser } from "../../deploy/publish/browser-pages"
import { PUBLIC_DIR } from "../../deploy/hosting/local-nginx"
import { RELEASE_PAGES_PATH, readReleasePages } from "../../contracts/release-stamp"

let copy: string

beforeAll(() => {
  copy = fs.mkdtempSync(path.join(os.tmpdir(), "aurelle-page-data-"))
  fs.cpSync(path.join(PUBLIC_DIR, "page-data"), path.join(copy, "page-data"), { recursive: true })
})

afterAll(() => {
  fs.rmSync(copy, { recursive: true, force: true })
})

describe("the pages a change makes different", () => {
  it("knows every page of the build by its HTML file, and each page's data file", () => {
    const pages = builtPages(PUBLIC_DIR).map((page) => path.relative(PUBLIC_DIR, page))
    const fingerprints = pageFingerprints(PUBLIC_DIR)
    expect([...fingerprints.keys()].sort()).toEqual(pages)
    for (const page of pages) expect(fs.existsSync(path.join(PUBLIC_DIR, pageDataFileOf(page))), page).toBe(true)
    expect(htmlFileOf("/case-studies/wine/")).toBe("case-studies/wine/index.html")
    expect(htmlFileOf("/fr/404.html")).toBe("fr/404.html")
  })

  it("are said by the build for the release that will serve it: /release-pages.json", () => {
    const served = readReleasePages(JSON.parse(fs.readFileSync(path.join(PUBLIC_DIR, RELEASE_PAGES_PATH), "utf8")))
    expect(served?.pages).toEqual(Object.fromEntries(pageFingerprints(PUBLIC_DIR)))
    expect(Object.keys(served!.pages).sort()).toEqual(
      builtPages(PUBLIC_DIR).map((page) => path.relative(PUBLIC_DIR, page)),
    )
  })

  it("finds none when nothing changed, the one whose data changed, every new one", () => {
    const before = pageFingerprints(copy)
    expect(changedPages(before, pageFingerprints(copy))).toEqual([])
    const wine = path.join(copy, pageDataFileOf("case-studies/wine/index.html"))
    const data = JSON.parse(fs.readFileSync(wine, "utf8"))
    data.result.data.caseStudy.title = "Another title"
    fs.writeFileSync(wine, JSON.stringify(data))
    expect(changedPages(before, pageFingerprints(copy))).toEqual(["case-studies/wine/index.html"])
    const withoutWine = new Map([...before].filter(([page]) => page !== "case-studies/wine/index.html"))
    expect(changedPages(withoutWine, before)).toEqual(["case-studies/wine/index.html"])
  })

  it("finds every page using a static query whose result changed", () => {
    const before = pageFingerprints(copy)
    const queries = path.join(copy, "page-data/sq/d")
    const [query] = fs.readdirSync(queries).filter((name) => name.endsWith(".json"))
    fs.appendFileSync(path.join(queries, query), " ")
    const hash = query.replace(/\.json$/, "")
    const users = [...before.keys()].filter((page) => {
      const data = JSON.parse(fs.readFileSync(path.join(copy, pageDataFileOf(page)), "utf8"))
      return (data.staticQueryHashes ?? []).includes(hash)
    })
    expect(users.length).toBeGreaterThan(20)
    expect(changedPages(before, pageFingerprints(copy))).toEqual(expect.arrayContaining(users))
  })

  it("visits each page at an address a visitor meets it at", () => {
    expect(addressOf("index.html")).toBe("/")
    expect(addressOf("fr/case-studies/wine/index.html")).toBe("/fr/case-studies/wine/")
    expect(addressOf("404.html")).toBe("/no-such-page-404/")
    expect(addressOf("fr/case-studies/404.html")).toBe("/fr/case-studies/no-such-page-404/")
  })
})

describe("the changed pages the browser visits", () => {
  const WINE = "case-studies/wine/index.html"
  let before: BeforeTheBuild

  /** The copy's pages changed by `change`: every one, and those the browser visits against `live`. */
  function afterChanging(change: () => void, live: Map<string, string> | null = null) {
    before = { fingerprints: pageFingerprints(copy), parts: pageParts(copy) }
    change()
    const changed = changedPages(live ?? before.fingerprints, pageFingerprints(copy))
    return { changed, ...pagesForTheBrowser(changed, live, before, pageParts(copy)) }
  }

  const editStaticQuery = () => {
    const queries = path.join(copy, "page-data/sq/d")
    const [query] = fs.readdirSync(queries).filter((name) => name.endsWith(".json"))
    fs.appendFileSync(path.join(queries, query), " ")
  }
  const editWine = () => {
    const file = path.join(copy, pageDataFileOf(WINE))
    const data = JSON.parse(fs.readFileSync(file, "utf8"))
    data.result.data.caseStudy.title = `${data.result.data.caseStudy.title}, again`
    fs.writeFileSync(file, JSON.stringify(data))
  }
  const templates = (pages: string[]) => new Set(pages.map((page) => before.parts.get(page)!.template))

  it("for data every page shares, one page of each template in each language", () => {
    const { changed, pages, stoodFor } = afterChanging(editStaticQuery)
    const all = templates(changed)
    expect(all.size).toBeGreaterThan(5)
    expect([...all].filter((template) => template.endsWith(" fr"))).toHaveLength(all.size / 2)
    expect(templates(pages)).toEqual(all)
    expect(pages).toHaveLength(all.size)
    expect(stoodFor).toBe(changed.length - pages.length)
  })

  it("every page whose own data changed, which stands for its template besides", () => {
    const { pages } = afterChanging(() => {
      editStaticQuery()
      editWine()
    })
    expect(pages).toContain(WINE)
    const englishStudies = pages.filter((page) => before.parts.get(page)!.template === before.parts.get(WINE)!.template)
    expect(englishStudies).toEqual([WINE])
  })

  it("a page the live release serves otherwise than the last build, whose own change cannot be told", () => {
    const live = new Map(pageFingerprints(copy))
    live.set(WINE, "0123456789abcdef")
    const { changed, pages } = afterChanging(editStaticQuery, live)
    expect(changed).toContain(WINE)
    expect(pages).toContain(WINE)
    expect(pages).toHaveLength(templates(changed).size + 1)
  })

  it("every changed page after a lost cache", () => {
    const live = new Map(pageFingerprints(copy))
    const cold: BeforeTheBuild = { fingerprints: new Map(), parts: new Map() }
    editStaticQuery()
    const changed = changedPages(live, pageFingerprints(copy))
    expect(pagesForTheBrowser(changed, live, cold, pageParts(copy)).pages).toEqual(changed)
  })
})
