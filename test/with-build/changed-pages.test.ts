/**
 * The pages a content change makes different (deploy/publish/changed-pages.ts), read from the build's
 * page data: every page of the build is known by its HTML file, a page whose data changes is found,
 * and a change to a static query every page uses finds every page.
 */
import fs from "node:fs"
import os from "node:os"
import path from "node:path"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { builtPages } from "../../gatsby/built-pages"
import {
  addressOf,
  changedPages,
  htmlFileOf,
  pageDataFileOf,
  pageFingerprints,
} from "../../deploy/publish/changed-pages"
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
