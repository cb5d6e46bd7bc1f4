// @vitest-environment jsdom
import fs from "node:fs"
import os from "node:os"
import path from "node:path"
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest"
import { parseHtml } from "../../build-steps/built-html"
import {
  FALLBACK_MS,
  LOADER_FUNCTION,
  deferBundles,
  deferPages,
  deferredBundles,
} from "../../build-steps/post-build/hydrate-after-paint"

/** The loader exactly as a page runs it. */
const loadAfterFirstPaint = new Function(`return (${LOADER_FUNCTION})`)() as (
  bundles: string[],
  fallbackMs: number,
) => void

const BUNDLES = ["/webpack-runtime-1.js", "/framework-2.js", "/app-3.js"]
const CHUNK_MAPPING = `<script id="gatsby-chunk-mapping">window.___chunkMapping="{}";</script>`

/** A page as Gatsby writes it: its bundles stitched in from the scripts slice at the end of the body. */
const page = (slice: string) =>
  `<!DOCTYPE html><html><head><title>Terms</title></head><body><div id="___gatsby"><main>Terms</main></div>` +
  `<!-- slice-start id="_gatsby-scripts-1" -->${slice}<!-- slice-end id="_gatsby-scripts-1" --></body></html>`

const gatsbyPage = page(
  CHUNK_MAPPING +
    `<script>window.___webpackCompilationHash="abc";</script>` +
    BUNDLES.map((src) => `<script src="${src}" async></script>`).join(""),
)

/** Each script of a page as its id, src or "inline". */
const scriptsIn = (html: string) =>
  parseHtml(html)
    .querySelectorAll("script")
    .map((script) => script.getAttribute("id") ?? script.getAttribute("src") ?? "inline")

describe("deferring Gatsby's bundles past the first paint", () => {
  it("replaces the async bundle tags with one loader that names them in order, keeping the rest", () => {
    const deferred = deferBundles(gatsbyPage, "public/terms/index.html")!
    expect(scriptsIn(deferred)).toEqual(["gatsby-chunk-mapping", "inline", "hydrate-after-paint"])
    expect(deferred).toContain(`(${JSON.stringify(BUNDLES)},${FALLBACK_MS})</script>`)
    expect(
      deferred.startsWith(`<!DOCTYPE html><html><head><title>Terms</title></head><body><div id="___gatsby">`),
    ).toBe(true)
  })

  it("gives the same page when run again, and renews a loader written by an earlier build", () => {
    const deferred = deferBundles(gatsbyPage, "index.html")!
    expect(deferBundles(deferred, "index.html")).toBe(deferred)
    const stale = deferred.replace(
      /<script id="hydrate-after-paint">\(function/,
      `<script id="hydrate-after-paint">(function old`,
    )
    expect(stale).not.toBe(deferred)
    expect(deferBundles(stale, "index.html")).toBe(deferred)
  })

  it("leaves HTML that is not a Gatsby page alone", () => {
    expect(deferBundles(`<!DOCTYPE html><html><body><script src="/admin.js"></script></body></html>`, "x")).toBeNull()
  })

  it("stops the build, naming the page, when the slice no longer has the bundles it expects", () => {
    expect(() => deferBundles(page(CHUNK_MAPPING), "public/404.html")).toThrow(
      /Gatsby changed the scripts slice .*"scriptsSlice".*: public\/404\.html: its scripts slice has no <script src async> bundles/,
    )
  })
})

describe("the loader in the page", () => {
  let paintObservers: Array<(names: string[]) => void>

  class FakePaintObserver {
    static supportedEntryTypes = ["paint", "largest-contentful-paint"]
    constructor(private callback: (list: { getEntriesByName(name: string): unknown[] }, observer: unknown) => void) {}
    observe() {
      paintObservers.push((names) =>
        this.callback({ getEntriesByName: (name: string) => names.filter((entry) => entry === name) }, this),
      )
    }
    disconnect() {
      paintObservers = []
    }
  }

  const appended = () => [...document.body.querySelectorAll("script")].map((script) => script.getAttribute("src"))
  const paint = (...names: string[]) => paintObservers.forEach((notify) => notify(names))

  beforeEach(() => {
    vi.useFakeTimers()
    paintObservers = []
    document.body.innerHTML = ""
    vi.stubGlobal("PerformanceObserver", FakePaintObserver)
  })

  afterEach(() => {
    vi.useRealTimers()
    vi.unstubAllGlobals()
    vi.restoreAllMocks()
  })

  it("runs no bundle before the first contentful paint, then every bundle once, in order", () => {
    loadAfterFirstPaint(BUNDLES, FALLBACK_MS)
    vi.advanceTimersByTime(100)
    expect(appended()).toEqual([])
    paint("first-paint")
    vi.advanceTimersByTime(100)
    expect(appended()).toEqual([])
    paint("first-contentful-paint")
    vi.advanceTimersByTime(0)
    expect(appended()).toEqual(BUNDLES)
    vi.advanceTimersByTime(FALLBACK_MS)
    expect(appended()).toEqual(BUNDLES)
  })

  it("does not wait longer than the fallback for a paint that is never reported", () => {
    loadAfterFirstPaint(BUNDLES, FALLBACK_MS)
    vi.advanceTimersByTime(FALLBACK_MS - 1)
    expect(appended()).toEqual([])
    vi.advanceTimersByTime(1)
    expect(appended()).toEqual(BUNDLES)
  })

  it("loads at once in a background tab, which does not paint", () => {
    vi.spyOn(document, "visibilityState", "get").mockReturnValue("hidden")
    loadAfterFirstPaint(BUNDLES, FALLBACK_MS)
    expect(appended()).toEqual(BUNDLES)
  })

  it("loads after the first frame where paint timing is not supported", () => {
    vi.stubGlobal("PerformanceObserver", undefined)
    const frames: FrameRequestCallback[] = []
    vi.stubGlobal("requestAnimationFrame", (callback: FrameRequestCallback) => frames.push(callback))
    loadAfterFirstPaint(BUNDLES, FALLBACK_MS)
    vi.advanceTimersByTime(10)
    expect(appended()).toEqual([])
    frames.forEach((frame) => frame(16))
    vi.advanceTimersByTime(0)
    expect(appended()).toEqual(BUNDLES)
  })
})

describe("the build step over Gatsby's pages", () => {
  let site: string
  beforeEach(() => {
    site = fs.mkdtempSync(path.join(os.tmpdir(), "defer-"))
    fs.mkdirSync(path.join(site, "terms-of-service"))
    fs.writeFileSync(path.join(site, "index.html"), gatsbyPage)
    fs.writeFileSync(path.join(site, "terms-of-service", "index.html"), gatsbyPage)
    fs.writeFileSync(path.join(site, "404.html"), gatsbyPage)
  })
  afterEach(() => fs.rmSync(site, { recursive: true, force: true }))

  it("defers every page it is given, wherever Gatsby wrote it", () => {
    expect(deferPages(site, ["index.html", "terms-of-service/index.html", "404.html"])).toBe(3)
    for (const file of ["index.html", "terms-of-service/index.html", "404.html"]) {
      expect(deferredBundles(fs.readFileSync(path.join(site, file), "utf8")), file).toEqual(BUNDLES)
    }
  })

  it("stops the build, naming the page, when a page has no scripts slice at all", () => {
    fs.writeFileSync(
      path.join(site, "terms-of-service", "index.html"),
      gatsbyPage.replace(/<!-- slice-(start|end) id="_gatsby-scripts-1" -->/g, ""),
    )
    expect(() => deferPages(site, ["index.html", "terms-of-service/index.html"])).toThrow(
      /Gatsby changed the scripts slice .*: terms-of-service\/index\.html has no "_gatsby-scripts-1" slice around its bundles/,
    )
  })
})
