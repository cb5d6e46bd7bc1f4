/**
 * One visit a route and width checks every concern a page of the site has, as production serves it
 * (nginx with the generated hosting configuration, npm run serve): each route of both languages and
 * the not-found pages, at a desktop width with motion reduced and at a phone width with motion
 * allowed. Each concern is proven here once; its interactions (a menu, a pause control, a skip link)
 * have their own specs.
 *
 * At 1440 px, motion reduced:
 * - loading: Gatsby's bundles are not in the HTML as tags, and are requested only once the first
 *   contentful paint is on screen (build-steps/post-build/hydrate-after-paint.ts), and React still takes over;
 * - the policy: the host's header and the page's own policy (the hashes of its inline code, in its HTML);
 * - accessibility: axe with every WCAG 2.0, 2.1 and 2.2 A and AA rule, zero violations;
 * - motion: no animation or transition runs, on load or while scrolling through the page;
 * - console and fonts: once scrolled to the bottom and settled, no policy violation, no console error
 *   or warning, and every font file downloaded is a face the page renders text in;
 * - keyboard: every Tab stop has a visible, unobscured focus ring, in reading order.
 *
 * At 375 px, motion allowed: axe, no sideways scroll; with a link to another page in view, that page's
 * data prefetched; no policy violation or console message; nothing kept in the browser (no cookie, no
 * storage but Gatsby's scroll positions, decisions.md).
 *
 * Firefox and WebKit visit every route too (test/engines/), for what only another engine can show.
 */
import type { Page } from "@playwright/test"
import { expect, test } from "./fixtures"
import { wcagViolations } from "../deploy/publish/browser/axe"
import { parseHtml } from "../build-steps/built-html"
import { ROUTES } from "../test/support/content"
import { inViewALinkToAnotherPage, isAnotherPagesData, keptInBrowser } from "../test/support/page-probes"

/** How long Gatsby's loader waits before it prefetches the pages of the links in view (its own 3 s). */
const GATSBY_PREFETCH_WAIT_MS = 3_000
/** Pages that answer 404 on purpose: Chromium logs the document's own status as a failed load. */
const NOT_FOUND = ["/no-such-page/", "/case-studies/not-a-case/", "/fr/no-such-page/", "/fr/case-studies/not-a-case/"]
/** The not-found pages whose every concern is checked (one page, the others sharing its template). */
const NOT_FOUND_SWEPT = ["/no-such-page/"]
const BUNDLE = /\/(webpack-runtime|framework|app)-[0-9a-f]+\.js$/

async function violations(page: Page) {
  return (await wcagViolations(page)).map((violation) => ({
    rule: violation.id,
    help: violation.help,
    nodes: violation.nodes.map((node) => `${node.target.join(" ")}: ${node.failureSummary}`),
  }))
}

/** What the page's browser complained of from its first byte: console errors and warnings, policy violations. */
async function watchComplaints(page: Page, route: string) {
  const messages: string[] = []
  page.on("console", (message) => {
    if (["error", "warning"].includes(message.type())) messages.push(`${message.type()}: ${message.text()}`)
  })
  page.on("pageerror", (error) => messages.push(`pageerror: ${error.message}`))
  await page.addInitScript(() => {
    const seen: string[] = []
    ;(window as unknown as { cspViolations: string[] }).cspViolations = seen
    document.addEventListener("securitypolicyviolation", (event) =>
      seen.push(
        `${event.effectiveDirective}: ${event.blockedURI || "inline"} (${event.sourceFile}:${event.lineNumber})`,
      ),
    )
  })
  // An unknown address answers 404 on purpose, and Gatsby's runtime probes it for page data;
  // Chromium logs each 404 as a failed load. Nothing else may appear (a hydration error would).
  const expected = NOT_FOUND.includes(route) ? /^error: Failed to load resource: .* 404 \(Not Found\)/ : /^$/
  return async () => ({
    policy: await page.evaluate(() => (window as unknown as { cspViolations: string[] }).cspViolations),
    console: messages.filter((text) => !expected.test(text)),
  })
}

/** Visits a route, checking the answer's status and both policies. */
async function visit(page: Page, route: string) {
  const response = await page.goto(route)
  expect(response?.status()).toBe(NOT_FOUND.includes(route) ? 404 : 200)
  expect(response?.headers()["content-security-policy"]).toContain("frame-ancestors 'none'")
  await expect(page.locator('meta[http-equiv="Content-Security-Policy"]')).toHaveAttribute(
    "content",
    /^default-src 'self'; script-src 'self' 'sha256-/,
  )
}

/** When the first contentful paint was, and when each of Gatsby's bundles was requested. */
const loadTiming = (page: Page) =>
  page.evaluate((pattern) => {
    const firstContentfulPaint = performance.getEntriesByName("first-contentful-paint")[0]?.startTime
    const bundles = performance
      .getEntriesByType("resource")
      .filter((entry) => new RegExp(pattern).test(new URL(entry.name).pathname))
      .map((entry) => ({ name: new URL(entry.name).pathname, start: entry.startTime }))
    return { firstContentfulPaint, bundles }
  }, BUNDLE.source)

/** The animations and transitions running on the page. */
const runningAnimations = (page: Page) =>
  page.evaluate(() =>
    document
      .getAnimations()
      .filter((animation) => animation.playState === "running")
      .map((animation) => `${animation.constructor.name} on ${(animation.effect as KeyframeEffect).target?.className}`),
  )

/** The faces a page renders text in, "Inter 400 normal", once its fonts are in. */
const renderedFaces = (page: Page) =>
  page.evaluate(async () => {
    await document.fonts.ready
    return [...document.fonts]
      .filter((face) => face.status === "loaded")
      .map((face) => `${face.family.replace(/"/g, "")} ${face.weight} ${face.style}`)
  })

/** The face a self-hosted font file holds, from its name (npm run fonts). */
function faceOfFile(file: string) {
  const match = /^(cormorant-garamond|inter)-latin-(\d+)-(normal)/.exec(file)
  if (!match) return `unknown font file ${file}`
  return `${match[1] === "inter" ? "Inter" : "Cormorant Garamond"} ${match[2]} ${match[3]}`
}

type Stop = {
  name: string
  /** Set when the element was focused before: focus has come round again. */
  repeat: boolean
  inHeader: boolean
  top: number
  left: number
  visibleRing: boolean
  hit: string
  unobscured: boolean
}

/** Presses Tab and describes where focus landed, in page coordinates. */
async function tab(page: Page): Promise<Stop | null> {
  await page.keyboard.press("Tab")
  return page.evaluate(async () => {
    // Let focus styles and focus scrolling settle for a frame before measuring.
    await new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve)))
    const element = document.activeElement as HTMLElement | null
    if (!element || element === document.body) return null
    const repeat = element.dataset.tabStop === "seen"
    element.dataset.tabStop = "seen"
    const rect = element.getBoundingClientRect()
    const style = getComputedStyle(element)
    const ring = style.outlineStyle !== "none" && parseFloat(style.outlineWidth) >= 2
    const x = Math.min(Math.max(rect.left + rect.width / 2, 0), innerWidth - 1)
    const y = Math.min(Math.max(rect.top + Math.min(rect.height / 2, 8), 0), innerHeight - 1)
    const hit = document.elementFromPoint(x, y)
    return {
      repeat,
      name: `${element.tagName.toLowerCase()} "${(element.getAttribute("aria-label") ?? element.textContent ?? "").trim().slice(0, 40)}"`,
      inHeader: Boolean(element.closest("header[data-scrolled]")),
      top: rect.top + scrollY,
      left: rect.left,
      visibleRing: ring,
      hit: hit ? `${hit.tagName} ${String(hit.className).slice(0, 30)} ${JSON.stringify(rect)}` : "none",
      unobscured:
        rect.bottom > 0 && rect.top < innerHeight && Boolean(hit && (element.contains(hit) || hit.contains(element))),
    }
  })
}

/** Every Tab stop of a page from the top, until focus leaves the document or comes round again. */
async function tabThrough(page: Page): Promise<Stop[]> {
  const stops: Stop[] = []
  for (let index = 0; index < 200; index++) {
    const stop = await tab(page)
    if (!stop || stop.repeat) break
    stops.push(stop)
  }
  return stops
}

test.describe("at 1440 px, motion reduced", () => {
  test.use({ viewport: { width: 1440, height: 900 }, reducedMotion: "reduce" })

  for (const route of [...ROUTES, ...NOT_FOUND]) {
    const swept = !NOT_FOUND.includes(route) || NOT_FOUND_SWEPT.includes(route)
    test(`${route}: ${swept ? "paints before its bundles, no WCAG violation, nothing moves, " : ""}no policy violation, console message or unused font${swept ? ", every Tab stop ringed and in order" : ""}`, async ({
      page,
      request,
    }) => {
      const complaints = await watchComplaints(page, route)
      const fontFiles = new Set<string>()
      page.on("request", (request) => {
        if (request.resourceType() === "font" || /\.(woff2?|ttf|otf)(\?|$)/.test(request.url())) {
          fontFiles.add(new URL(request.url()).pathname.split("/").pop()!)
        }
      })
      if (swept) {
        // Gatsby's bundles are not in the HTML as tags: the after-paint loader adds them.
        const html = parseHtml(await (await request.get(route)).text())
        expect(html.querySelectorAll("script[src]").map((script) => script.getAttribute("src"))).toEqual([])
      }
      await visit(page, route)

      if (swept) {
        const timing = await loadTiming(page)
        expect(timing.firstContentfulPaint).toBeGreaterThan(0)
        expect(timing.bundles.map((bundle) => bundle.name.split("-")[0]).sort()).toEqual([
          "/app",
          "/framework",
          "/webpack",
        ])
        for (const bundle of timing.bundles) {
          expect(bundle.start, `${bundle.name} requested before the first paint`).toBeGreaterThanOrEqual(
            timing.firstContentfulPaint!,
          )
        }
        expect(await violations(page), "WCAG A or AA violations").toEqual([])
        // Crossing the header's threshold and every section changes styles; none of it may animate.
        expect(await runningAnimations(page)).toEqual([])
        for (const fraction of [0.1, 0.5]) {
          await page.evaluate((part) => window.scrollTo(0, document.documentElement.scrollHeight * part), fraction)
          expect(await runningAnimations(page)).toEqual([])
        }
      }
      // Lazy images and any face used only further down get their turn.
      await page.evaluate(() => window.scrollTo({ top: document.documentElement.scrollHeight, behavior: "instant" }))
      if (swept) expect(await runningAnimations(page)).toEqual([])
      await page.waitForLoadState("networkidle")
      await page.waitForTimeout(500)
      expect(await complaints()).toEqual({ policy: [], console: [] })
      const faces = await renderedFaces(page)
      expect(fontFiles.size).toBeGreaterThan(0)
      const unused = [...fontFiles].map(faceOfFile).filter((face) => !faces.includes(face))
      expect(unused, `requested ${[...fontFiles].join(", ")}; rendered ${faces.join(", ")}`).toEqual([])

      if (!swept) return
      await page.evaluate(() => window.scrollTo({ top: 0, behavior: "instant" }))
      const stops = await tabThrough(page)
      expect(stops.length).toBeGreaterThan(5)
      expect(stops.filter((stop) => !stop.visibleRing).map((stop) => stop.name)).toEqual([])
      expect(stops.filter((stop) => !stop.unobscured).map((stop) => stop.name + stop.hit)).toEqual([])
      // Reading order: after the header, each stop is lower on the page, or on the same band
      // further right (the next column of a row of cards).
      const body = stops.filter((stop) => !stop.inHeader)
      const backwards = body.slice(1).flatMap((stop, index) => {
        const previous = body[index]
        const lower = stop.top > previous.top + 1
        const nextColumn = stop.left > previous.left && stop.top > previous.top - 320
        return lower || nextColumn ? [] : [`${previous.name} -> ${stop.name}`]
      })
      expect(backwards).toEqual([])
    })
  }
})

test.describe("at 375 px, motion allowed", () => {
  test.use({ viewport: { width: 375, height: 812 }, reducedMotion: "no-preference" })

  for (const route of [...ROUTES, ...NOT_FOUND_SWEPT]) {
    test(`${route}: no WCAG violation, no sideways scroll, prefetches a linked page, no complaint, nothing kept`, async ({
      page,
    }) => {
      const complaints = await watchComplaints(page, route)
      // The page's clock, running as the real one, moved on below by Gatsby's wait before it prefetches;
      // the prefetch seen in the page's requests (the clock stands in for its performance entries).
      await page.clock.install()
      const prefetched = page.waitForRequest((request) => isAnotherPagesData(request.url(), route), {
        timeout: 20_000,
      })
      prefetched.catch(() => {})
      await visit(page, route)
      expect(await violations(page), "WCAG A or AA violations").toEqual([])
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375)
      // Gatsby prefetches the pages of the links in view, 3 s after it started (Book a Demo loads its
      // page from the host: no prefetch): those 3 s are passed at once, not waited out.
      await page.evaluate(inViewALinkToAnotherPage)
      await page.clock.fastForward(GATSBY_PREFETCH_WAIT_MS)
      await prefetched
      await page.evaluate(() => window.scrollTo({ top: document.documentElement.scrollHeight, behavior: "instant" }))
      await page.waitForLoadState("networkidle")
      expect(await complaints()).toEqual({ policy: [], console: [] })
      expect(await page.evaluate(keptInBrowser)).toEqual({ cookies: "", local: [], session: [], databases: [] })
    })
  }
})
