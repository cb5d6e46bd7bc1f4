/**
 * The site as it grows: a copy of the project holding SCALE_STUDIES case studies in both languages
 * (60 by default, past the 31 at which the per-page hosting policy stopped every build; the shipped
 * six and generated ones, test/support/scale-content.ts), built and served by nginx with its own
 * hosting files. Its policy is the six-study build's, rule for rule; home and a case page weigh what
 * they weigh with six; the list is paged and browsable by industry, its search covers every study,
 * and typing is about as quick as over six studies. `npm run bench:scale` runs the same checks on 500
 * (SCALE_BUILD names a copy it has built), and so does `npm test`, whose copy is built beside the
 * engines' gate (test/support/grown-copy.ts). Needs `npm run build` first (the six-study build compared).
 */
import { spawnSync } from "node:child_process"
import fs from "node:fs"
import path from "node:path"
import type { Browser, Page } from "@playwright/test"
import { CDN_LIMITS } from "../build-steps/post-build/cdn"
import { PUBLIC_DIR, type RunningNginx, startNginx } from "../deploy/hosting/local-nginx"
import { pageWeight } from "../deploy/lib/page-weight"
import { BUILD_TIMEOUT_MS } from "../test/support/project-copy"
import { buildGrownCopy, grownStudies } from "../test/support/grown-copy"
import { CASE_LIST_PAGE_SIZE } from "../model/case-listings"
import { ADMIN_DIR, ADMIN_SCRIPT } from "../contracts/admin"
import budgets from "../quality-budgets.json"
import { medianOf } from "../test/support/host-speed.mjs"
import { expect, test } from "./fixtures"

const STUDIES = grownStudies()

let dir: string
let nginx: RunningNginx
/** The project's own build, six studies, for the typing check's baseline. */
let sixStudies: RunningNginx
const builtHere = !process.env.SCALE_BUILD

// One build for every test, in one worker; the weights come last, so a page grown heavier still
// lets every behaviour before it be checked.
test.describe.configure({ mode: "serial" })

test.beforeAll(async () => {
  test.setTimeout(BUILD_TIMEOUT_MS + 60_000)
  if (builtHere) {
    const built = await buildGrownCopy(STUDIES)
    dir = built.dir
    expect(built.status, built.output.slice(-3000)).toBe(0)
  } else {
    dir = path.resolve(process.env.SCALE_BUILD!)
  }
  nginx = await startNginx({ publicDir: path.join(dir, "public") })
  sixStudies = await startNginx({ publicDir: PUBLIC_DIR })
})

test.afterAll(async () => {
  await nginx?.stop()
  await sixStudies?.stop()
  if (builtHere && dir) fs.rmSync(dir, { recursive: true, force: true })
})

const built = (file: string) => path.join(dir, "public", file)
const weight = (publicDir: string, route: string) => pageWeight(publicDir, path.join(publicDir, route, "index.html"))

test(`${STUDIES} studies: the hosting policy is the six-study build's, rule for rule, within the CDN's limits`, () => {
  const headers = fs.readFileSync(built("_headers"), "utf8")
  expect(headers).toBe(fs.readFileSync(path.join(PUBLIC_DIR, "_headers"), "utf8"))
  const rules = headers.split("\n").filter((line) => line.startsWith("/"))
  expect(rules.length).toBeLessThanOrEqual(CDN_LIMITS.rules)
  expect(Math.max(...headers.split("\n").map((line) => line.length))).toBeLessThanOrEqual(CDN_LIMITS.lineLength)
  // Every page carries its own policy instead.
  expect(fs.readFileSync(built("case-studies/page/2/index.html"), "utf8")).toMatch(
    /<meta http-equiv="Content-Security-Policy" content="default-src 'self'; script-src 'self' 'sha256-/,
  )
})

test(`${STUDIES} studies: every page passes html-validate and the Nu Html Checker, the paged list's states included`, () => {
  // A list past one page has what six studies never render (its "Show more results" button hidden
  // from the start): the validators read every page of the grown site, as the publish path would.
  test.setTimeout(180_000)
  for (const gate of ["deploy/publish/gates/check-html.ts", "deploy/publish/gates/check-nu.ts"]) {
    const run = spawnSync(process.execPath, ["--import", "tsx", gate, path.join(dir, "public")], {
      cwd: path.resolve(__dirname, ".."),
      encoding: "utf8",
      maxBuffer: 64 * 1024 * 1024,
    })
    expect(`${run.stdout}${run.stderr}`, gate).toMatch(/ 0 errors/)
    expect(run.status, `${gate}:\n${run.stderr}`).toBe(0)
  }
})

test("a visitor browses the list by industry and page by page", async ({ page }) => {
  await page.goto(`${nginx.url}/case-studies/`)
  await expect(page.locator("main article")).toHaveCount(CASE_LIST_PAGE_SIZE)
  const pages = page.getByRole("navigation", { name: "Pages of case studies" })
  await expect(pages).toContainText(`Page 1 of ${Math.ceil(STUDIES / CASE_LIST_PAGE_SIZE)}`)
  await pages.getByRole("link", { name: "Next page" }).click()
  await expect(page).toHaveURL(/\/case-studies\/page\/2\/$/)
  await expect(page).toHaveTitle(/^Case Studies · Page 2 of \d+ \| Aurelle Intelligence$/)
  await expect(page.getByRole("link", { name: "Previous page" })).toHaveAttribute("href", "/case-studies/")

  const industries = page.getByRole("navigation", { name: "Browse by industry" })
  await industries.getByRole("link", { name: /^Wine & Spirits/ }).click()
  await expect(page).toHaveURL(/\/case-studies\/industry\/wine-spirits\/$/)
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Wine & Spirits: Case Studies")
  await expect(page).toHaveTitle("Wine & Spirits: Case Studies | Aurelle Intelligence")
  await expect(industries.getByRole("link", { name: /^Wine & Spirits/ })).toHaveAttribute("aria-current", "page")
  const cards = page.locator("main article")
  expect(await cards.count()).toBeGreaterThan(0)
  const labels = await page.locator("main article > p:first-of-type").allTextContents()
  expect(labels).toEqual(labels.map(() => "Wine & Spirits"))
  await expect(page.locator('link[rel="canonical"]')).toHaveAttribute(
    "href",
    "https://aurelle-intelligence.ch/case-studies/industry/wine-spirits/",
  )
})

test("the sitemap lists every page of the list and every industry, in both languages, with hreflang", async ({
  request,
}) => {
  const sitemap = await (await request.get(`${nginx.url}/sitemap-0.xml`)).text()
  const site = "https://aurelle-intelligence.ch"
  for (const route of ["/case-studies/page/2/", "/case-studies/industry/wine-spirits/"]) {
    for (const prefix of ["", "/fr"]) expect(sitemap).toContain(`<loc>${site}${prefix}${route}</loc>`)
    expect(sitemap).toContain(`<xhtml:link rel="alternate" hreflang="fr" href="${site}/fr${route}"/>`)
  }
  const last = Math.ceil(STUDIES / CASE_LIST_PAGE_SIZE)
  expect(sitemap).toContain(`<loc>${site}/case-studies/page/${last}/</loc>`)
  expect(sitemap).not.toContain(`/case-studies/page/${last + 1}/`)
})

test("the search finds any study, not only the page's, as the visitor types and from ?q=", async ({ page }) => {
  const wanted = `No. ${STUDIES}`
  await page.goto(`${nginx.url}/case-studies/`)
  await page.waitForFunction(() => document.documentElement.dataset.hydrated === "true")
  await page.getByRole("searchbox").fill(wanted)
  await expect(page.locator("main article")).toHaveCount(1)
  await expect(page.locator("main article h2")).toContainText(wanted)
  await expect(page.getByRole("status")).toHaveText(`1 of ${STUDIES} case studies`)
  await expect(page.getByRole("navigation", { name: "Pages of case studies" })).toHaveCount(0)

  // Many results come a page at a time.
  await page.getByRole("searchbox").fill("e")
  await expect(page.locator("main article")).toHaveCount(CASE_LIST_PAGE_SIZE)
  await page.getByRole("button", { name: "Show more results" }).click()
  await expect(page.locator("main article")).not.toHaveCount(CASE_LIST_PAGE_SIZE)

  await page.goto(`${nginx.url}/fr/case-studies/?q=${encodeURIComponent(`no ${STUDIES}`)}`)
  await expect(page.locator("main article")).toHaveCount(1)
})

/**
 * A keystroke's whole interaction (input delay, handlers, the next paint); the goal on a phone is 100 ms.
 * In headless Chromium a frame that changes only the field's text is not presented, so the entry runs
 * until the results are painted (with the results held back, every keystroke's entry ran for
 * seconds, to the next change on the page): this measures the time to the results. The first
 * keystroke is the slowest: it puts the browsing rows away for the search index's results. With the
 * rows removed and the "more" button added then, it measured 32-136 ms at 500 studies (median 88);
 * with them hidden and the button there from the start, 32-80 ms over 13 runs (median 40).
 *
 * The slowest keystroke's interaction while typing `text`, from the browser's Event Timing entries.
 */
async function slowestKeystroke(page: Page, text: string): Promise<number> {
  await page.evaluate(() => {
    const durations: number[] = []
    ;(window as unknown as { keystrokes: number[] }).keystrokes = durations
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries() as Array<PerformanceEntry & { interactionId: number }>) {
        if (entry.interactionId > 0) durations.push(entry.duration)
      }
    }).observe({ type: "event", durationThreshold: 16, buffered: true } as PerformanceObserverInit)
  })
  await page.getByRole("searchbox").click()
  await page.keyboard.type(text, { delay: 250 })
  // The last keystroke's entry is reported once its results are painted (at most 160 ms at 4x).
  await page.waitForTimeout(500)
  const durations = await page.evaluate(() => (window as unknown as { keystrokes: number[] }).keystrokes)
  console.log(`keystroke interactions (ms): ${durations.map(Math.round).join(" ")}`)
  return Math.max(0, ...durations)
}

/** Lighthouse's mobile CPU slowdown: both sites are typed into on the same slowed CPU. */
const CPU_SLOWDOWN = 4
/**
 * How much slower typing over STUDIES studies may be than over the six shipped. A search whose work
 * grew with the studies would be about ten times slower at sixty; what the grown list's page adds
 * (twelve cards instead of six, its browsing rows put away at the first keystroke) measured 1.6 to
 * 2.9 times, turn by turn, on one host in one minute.
 */
const KEYSTROKE_RATIO = 3
/**
 * Each site is typed into this many times, in turns, and judged on the median of its slowest
 * keystrokes: one turn's slowest over six studies read 24 to 56 ms in three turns.
 */
const TYPING_TURNS = 5

/**
 * Types `text` into a site's case-list search with the CPU slowed 4x and returns the slowest
 * keystroke. `beforeEachKeystroke`, a script run in the page first, can make keystrokes slow on purpose.
 */
async function slowestTyping(browser: Browser, origin: string, text: string, beforeEachKeystroke?: () => void) {
  const context = await browser.newContext({ viewport: { width: 375, height: 812 }, isMobile: true, hasTouch: true })
  const page = await context.newPage()
  if (beforeEachKeystroke) await page.addInitScript(beforeEachKeystroke)
  await page.goto(`${origin}/case-studies/`)
  await page.waitForFunction(() => document.documentElement.dataset.hydrated === "true")
  const cdp = await context.newCDPSession(page)
  await cdp.send("Emulation.setCPUThrottlingRate", { rate: CPU_SLOWDOWN })
  const slowest = await slowestKeystroke(page, text)
  const found = await page.locator("main article").first().textContent()
  await context.close()
  return { slowest, found }
}

/**
 * Typing over the grown site against the same search over the six shipped studies (the project's
 * own build), on the same host in the same minutes: each site typed into `turns` times in turns,
 * each judged on the median of its slowest keystrokes. A host twice as slow slows both; a
 * search that grows with the studies slows only the grown one. The 100 ms goal on a phone is
 * measured by `npm run bench:scale` (docs/performance.md), where absolute times belong.
 */
async function typingAgainstSix(
  browser: Browser,
  text: string,
  { turns = TYPING_TURNS, beforeEachKeystroke }: { turns?: number; beforeEachKeystroke?: () => void } = {},
) {
  const [grown, six]: number[][] = [[], []]
  let found = ""
  for (let turn = 0; turn < turns; turn += 1) {
    six.push((await slowestTyping(browser, sixStudies.url, text)).slowest)
    const typed = await slowestTyping(browser, nginx.url, text, beforeEachKeystroke)
    grown.push(typed.slowest)
    found = typed.found ?? ""
  }
  const [grownMs, sixMs] = [medianOf(grown), medianOf(six)]
  const said =
    `slowest keystroke over ${STUDIES} studies ${Math.round(grownMs)} ms (turns: ${grown.map(Math.round).join(", ")}), ` +
    `over six ${Math.round(sixMs)} ms (turns: ${six.map(Math.round).join(", ")}), CPU slowed ${CPU_SLOWDOWN}x`
  console.log(said)
  return { within: grownMs <= KEYSTROKE_RATIO * sixMs, said, grownMs, found }
}

test(`typing a search over ${STUDIES} studies is about as quick as over six, on the same slowed CPU`, async ({
  browser,
}) => {
  test.setTimeout(180_000)
  // Five keystrokes: the slowest is the first or second (the browsing rows put away), then each
  // narrows the same results (sixteen, "grand cru estate", cost the gate 35 s more than nine for the
  // same verdicts; nine, "grand cru", 10 s more than five).
  const { within, said, grownMs, found } = await typingAgainstSix(browser, "grand")
  test.info().annotations.push({ type: "typing", description: said })
  // The line npm run bench:scale reads.
  console.log(`slowest keystroke over ${STUDIES} studies at ${CPU_SLOWDOWN}x CPU: ${Math.round(grownMs)} ms`)
  expect(within, `${said}: over ${KEYSTROKE_RATIO}x`).toBe(true)
  expect(found).toContain("Grand Cru Estate")
})

test("the typing check fails a search that blocks each keystroke of the grown site", async ({ browser }) => {
  // A listener that keeps the main thread 1,000 ms on every keystroke, before the search's own, in the
  // grown site only: the same check must see it, or the check above could not fail. (300 ms read
  // 400 ms against six studies' 152 ms, 264 ms in one turn, on a busy host: under the 3x line.)
  test.setTimeout(180_000)
  const blockEachKeystroke = () => {
    document.addEventListener(
      "input",
      () => {
        const until = performance.now() + 1000
        while (performance.now() < until);
      },
      true,
    )
  }
  // One turn: a second of blocking against tens of milliseconds cannot land on the wrong side.
  const { within, said } = await typingAgainstSix(browser, "grand", {
    turns: 1,
    beforeEachKeystroke: blockEachKeystroke,
  })
  expect(within, said).toBe(false)
})

test(`${STUDIES} studies: home, a case page and the admin script weigh what they do with six, the list stays within budget`, () => {
  // What the content makes of a page. Its scripts are the same code, but webpack names modules by
  // their path, and a copy's dependencies are linked from elsewhere: compared in the bench, where the
  // 6 and the 500 are copies alike; here held to the budget.
  for (const route of ["/", "/case-studies/wine/", "/fr/case-studies/wine/"]) {
    const [six, many] = [weight(PUBLIC_DIR, route), weight(path.join(dir, "public"), route)]
    const ofContent = ({ total, firstLoadJs }: { total: number; firstLoadJs: number }) => total - firstLoadJs
    expect(Math.abs(ofContent(many) - ofContent(six)), route).toBeLessThanOrEqual(1000)
    expect(Math.abs(many.data - six.data), `${route} data`).toBeLessThanOrEqual(100)
    expect(many.firstLoadJs, route).toBeLessThanOrEqual(budgets.bytes.firstLoadJsKb * 1000)
  }
  for (const route of ["/case-studies/", "/case-studies/page/2/", "/case-studies/industry/watches/"]) {
    const list = weight(path.join(dir, "public"), route)
    expect(list.firstLoadJs, route).toBeLessThanOrEqual(budgets.bytes.firstLoadJsKb * 1000)
    expect(list.total, route).toBeLessThanOrEqual(budgets.bytes.homeTotalKb * 1000)
  }
  // The editors' admin script too: the other languages' texts its previews show are a file of their own.
  const adminScript = (publicDir: string) => fs.statSync(path.join(publicDir, ADMIN_DIR, ADMIN_SCRIPT)).size
  expect(
    Math.abs(adminScript(path.join(dir, "public")) - adminScript(PUBLIC_DIR)),
    "/admin/cms.js",
  ).toBeLessThanOrEqual(1000)
})
