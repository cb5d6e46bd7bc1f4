/**
 * What a visitor meets in each browser engine, against the built site served by nginx with the
 * production headers (its Content-Security-Policy included): a route of each template in each
 * language at a phone's and a laptop's width loads, hydrates, fits the width, prefetches the pages its
 * links lead to, and the browser reports nothing (no console error, no uncaught error, no policy refusal, no
 * failed request); the phone menu opens and closes, by its button and by Escape; the hero's
 * rotation pauses and plays; Book a Demo opens the scheduler in a new window through the site's
 * address, which the host's log counts; no page sets a cookie or keeps anything in the browser but
 * Gatsby's scroll positions. Needs `npm run build` first.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import fs from "node:fs"
import { LOCALES, ROUTES, localePath, settingsIn } from "../support/content"
import { PUBLIC_DIR, type RunningNginx, startNginx } from "../../deploy/hosting/local-nginx"
import { addressOf, pageParts } from "../../build-steps/post-build/changed-pages"
import { firstOfEachTemplate } from "../support/templates.mjs"
import { type Engine, type EngineName, type Tab, launchEngine } from "./engines"
import { inViewALinkToAnotherPage, keptInBrowser, prefetchedAnotherPage } from "../support/page-probes"

const WIDTHS = [375, 1440]
/**
 * What an engine renders differently, it renders differently on each page of a template: its code,
 * its layout, its fonts. The words of each page are Chromium's to check on every route
 * (e2e/sweep.spec.ts), and the byte budgets'.
 */
const templates = new Map([...pageParts(PUBLIC_DIR)].map(([file, { template }]) => [addressOf(file), template]))
const VISITS = firstOfEachTemplate(ROUTES, (route) => templates.get(route)).flatMap((route) =>
  WIDTHS.map((width) => ({ route, width })),
)

/** Gatsby prefetches the pages of the links in view 3 s after it started; allow for a slow machine. */
const PREFETCH_WAIT_MS = 10_000
const TEST_TIMEOUT_MS = 120_000

/** The engine's tabs, all opened at once, each lent to one test at a time. */
async function tabPool(engine: Engine) {
  const tabs = await Promise.all(Array.from({ length: engine.capacity }, () => engine.openTab()))
  const idle = [...tabs]
  const waiting: Array<(tab: Tab) => void> = []
  return {
    async with<T>(work: (tab: Tab) => Promise<T>): Promise<T> {
      const tab = idle.pop() ?? (await new Promise<Tab>((resolve) => waiting.push(resolve)))
      try {
        return await work(tab)
      } finally {
        // What the test did not read belongs to it, not to the next test.
        await tab.problems()
        const next = waiting.shift()
        if (next) next(tab)
        else idle.push(tab)
      }
    },
    close: () => Promise.all(tabs.map((tab) => tab.close())),
  }
}

/** Polls `check` in the page (with `args`) until it holds, or fails saying what was awaited. */
async function waitIn<A extends unknown[]>(
  tab: Tab,
  what: string,
  timeoutMs: number,
  check: (...args: A) => boolean,
  ...args: A
): Promise<void> {
  const deadline = Date.now() + timeoutMs
  while (!(await tab.run(check, ...args))) {
    if (Date.now() > deadline) throw new Error(`${what}: not within ${timeoutMs / 1000} s`)
    await new Promise((resolve) => setTimeout(resolve, 100))
  }
}

/** Time for what a page does by itself (hydrating, opening the menu) on a machine running three browsers. */
const WAIT_MS = 30_000

const hydrated = () => document.documentElement.hasAttribute("data-hydrated")

const menuShown = () => {
  const panel = document.getElementById("mobile-menu")
  if (!panel || getComputedStyle(panel).visibility !== "visible") return false
  const box = panel.getBoundingClientRect()
  return box.left >= 0 && box.right <= window.innerWidth + 1 && box.width > 0
}
const menuHidden = () => {
  const panel = document.getElementById("mobile-menu")
  return !panel || getComputedStyle(panel).visibility === "hidden"
}

const activeWord = () => document.querySelector('[data-testid="hero-word"] [data-active="true"]')?.textContent ?? ""
const wordIsNot = (word: string) =>
  (document.querySelector('[data-testid="hero-word"] [data-active="true"]')?.textContent ?? "") !== word

/** What went wrong in the tab (console errors, refusals, failed requests), each named in the failure. */
const expectNoProblems = (problems: string[]) => {
  // Thrown whole: an assertion's message would cut a long address short, and the address is the clue.
  if (problems.length > 0) throw new Error(`the tab's problems:\n${problems.join("\n")}`)
}

const attribute = (name: string, value: string) => `[${name}=${JSON.stringify(value)}]`

export function describeEngine(name: EngineName) {
  describe(name, () => {
    let site: RunningNginx
    let engine: Engine
    let tabs: Awaited<ReturnType<typeof tabPool>>

    beforeAll(async () => {
      ;[site, engine] = await Promise.all([startNginx(), launchEngine(name)])
      tabs = await tabPool(engine)
    }, 120_000)

    afterAll(async () => {
      await tabs?.close()
      await engine?.close()
      await site?.stop()
    })

    /** Opens a route at a width and waits until React has taken over the page. */
    const openHydrated = async (tab: Tab, route: string, width: number) => {
      await tab.open(`${site.url}${route}`, width)
      await waitIn(tab, `${route} hydrated`, WAIT_MS, hydrated)
    }

    describe.concurrent("a route of each template in both languages", () => {
      it.each(VISITS)(
        "$route at $width px: loads, hydrates, fits, prefetches, and the browser reports nothing",
        ({ route, width }) =>
          tabs.with(async (tab) => {
            await openHydrated(tab, route, width)
            const fit = await tab.run(() => ({
              viewport: window.innerWidth,
              page: document.documentElement.scrollWidth,
            }))
            expect(fit.viewport, "the viewport's width").toBe(width)
            expect(fit.page, "the page's width (no sideways scrolling)").toBeLessThanOrEqual(width)
            // Prefetching is where an engine's reading of the policy shows (Firefox checks a
            // <link rel="prefetch"> against default-src); wait until it has happened, with a link
            // to another page in view (Book a Demo loads its page from the host: no prefetch).
            await tab.run(inViewALinkToAnotherPage)
            await waitIn(tab, `${route} prefetched a linked page`, PREFETCH_WAIT_MS, prefetchedAnotherPage)
            await new Promise((resolve) => setTimeout(resolve, 300))
            expect(await tab.run(keptInBrowser), "what the page keeps in the browser").toEqual({
              cookies: "",
              local: [],
              session: [],
              databases: [],
            })
            expectNoProblems(await tab.problems())
          }),
        TEST_TIMEOUT_MS,
      )
    })

    describe.concurrent("Book a Demo", () => {
      it.each(LOCALES)(
        "(%s) opens the scheduler in a new window through the site's address, which the host counts",
        (locale) =>
          tabs.with(async (tab) => {
            const demo = localePath("/book-demo/", locale)
            await openHydrated(tab, `${demo}?from=/case-studies/wine/`, 1440)
            const window = await tab.clickToNewWindow(`main a[href="${demo}schedule/"][target="_blank"]`)
            // The host's log: the redirect answered, told the page the link was followed from.
            const counted = (line: string) => {
              const [, , method, address, status, from] = line.split("\t")
              return [method, address, status, from].join(" ")
            }
            const wanted = `GET ${demo}schedule/ 302 ${demo}?from=/case-studies/wine/`
            for (let waited = 0; waited < WAIT_MS; waited += 100) {
              if (fs.readFileSync(site.visitsLog, "utf8").split("\n").map(counted).includes(wanted)) break
              await new Promise((resolve) => setTimeout(resolve, 100))
            }
            expect(fs.readFileSync(site.visitsLog, "utf8").split("\n").map(counted)).toContain(wanted)
            await window.close()
            expectNoProblems(await tab.problems())
          }),
        TEST_TIMEOUT_MS,
      )
    })

    describe.concurrent("controls", () => {
      it.each(LOCALES)(
        "the phone menu (%s) opens by its button, closes by Escape and by its close button",
        (locale) =>
          tabs.with(async (tab) => {
            const { labels } = settingsIn(locale)
            const toggle = `header button${attribute("aria-label", labels.openMenu)}`
            await openHydrated(tab, localePath("/", locale), 375)
            await tab.click(toggle)
            await waitIn(tab, "the menu opened", WAIT_MS, menuShown)
            await tab.press("Escape")
            await waitIn(tab, "the menu closed by Escape", WAIT_MS, menuHidden)
            const focused = await tab.run(() => document.activeElement?.getAttribute("aria-label"))
            expect(focused, "focus back on the menu button").toBe(labels.openMenu)
            await tab.click(toggle)
            await waitIn(tab, "the menu opened again", WAIT_MS, menuShown)
            await tab.click(`#mobile-menu button${attribute("aria-label", labels.closeMenu)}`)
            await waitIn(tab, "the menu closed by its button", WAIT_MS, menuHidden)
            expectNoProblems(await tab.problems())
          }),
        TEST_TIMEOUT_MS,
      )

      it.each(LOCALES)(
        "the hero's rotation (%s) pauses on its word and plays on",
        (locale) =>
          tabs.with(async (tab) => {
            const { labels } = settingsIn(locale)
            await openHydrated(tab, localePath("/", locale), 1440)
            // The hero is an island of its own: once its first word has turned, it runs.
            await waitIn(tab, "the hero's first turn", WAIT_MS, wordIsNot, await tab.run(activeWord))
            await tab.click(`#home button[aria-label^=${JSON.stringify(labels.pauseMotion)}]`)
            await waitIn(
              tab,
              "the button offers to play",
              WAIT_MS,
              (play: string) =>
                document.querySelector("#home button[aria-label]")?.getAttribute("aria-label")?.startsWith(play) ===
                true,
              labels.playMotion,
            )
            const paused = await tab.run(activeWord)
            // The words turn every 2 s: three seconds on the same word is a pause.
            await new Promise((resolve) => setTimeout(resolve, 3000))
            expect(await tab.run(activeWord), "the word while paused").toBe(paused)
            await tab.click(`#home button[aria-label^=${JSON.stringify(labels.playMotion)}]`)
            await waitIn(tab, "the next word after play", WAIT_MS, wordIsNot, paused)
            expectNoProblems(await tab.problems())
          }),
        TEST_TIMEOUT_MS,
      )
    })
  })
}
