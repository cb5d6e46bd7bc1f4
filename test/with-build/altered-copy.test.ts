/**
 * Real `gatsby build` runs over copies of the project (test/support/project-copy.ts), one build for
 * many promises:
 *
 * - content the build refuses: one copy holding every kind of mistake, stopped at validation with
 *   each problem's language, file and JSON path;
 * - the altered copy, built once cold and read by every promise of what a build makes of content an
 *   editor saves: unusable photos and missing glyphs warn, staging keeps robots out, the sign-in's
 *   secrets reach no file, a moved study's old addresses redirect and a deleted one's are gone, a study
 *   in English only has no French page, nothing an editor types runs in a visitor's browser (hostile
 *   text in a study, served by nginx with its policy, visited in Chromium), and the editors' calendar
 *   (model/schedule.ts): a study still
 *   to come and one come down are in no byte a release serves, a study in its window is everywhere,
 *   dated its go-live day, and the build says until when it may be served;
 * - then, that copy's build packed and released while visitors browse (test/support/release-watch.ts):
 *   the copy, an editor's publish in it, the copy and the publish taking turns, a rollback;
 *   nothing a visitor meets fails, no page's policy refuses its own code, no page is made of two builds;
 * - the editor's publish is the publish path as the build server runs it (`npm run publish:build`,
 *   deploy/publish/publish.ts), the copy's Gatsby cache kept: a study's new title goes through every
 *   step to an artifact, and its build renders, finishes and compresses only the pages showing the
 *   study; a change the content check refuses stops there, its first complaint kept, nothing packed; a
 *   change every page shows with a study's move is checked on every page for its text, links and
 *   weight, and rendered on the moved study's pages and a page of each template and language; the
 *   move links anew; and the cache's output is what a build without any cache leaves, byte for byte
 *   (a twin of the copy, built beside the publish path, in a folder of its own).
 *
 * One cold build of the copy serves all of it, as on the build server the last build's cache serves
 * the next publish: four full builds (cold, two publishes, the twin cold) and one stopped. Which pages a
 * change makes different, with a cache, without one, or against the live release, is decided on the
 * build's own pages in test/with-build/changed-pages.test.ts.
 *
 * What the calendar decides over time (when a timed run builds, what a host refuses to release or
 * roll back to) is proven on values: test/checks/calendar.test.ts, test/hosting/told-calendar.test.ts,
 * test/contracts/contracts.test.ts, and on the release test host in test/with-build/release-held.test.ts.
 */
import { execFileSync } from "node:child_process"
import crypto from "node:crypto"
import fs from "node:fs"
import os from "node:os"
import path from "node:path"
import zlib from "node:zlib"
import { parse } from "node-html-parser"
import { chromium } from "@playwright/test"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { startNginx } from "../../deploy/hosting/local-nginx"
import { readContent } from "../support/content-files"
import { LOCALES } from "../../model/locales"
import { caseStudyPath, localePath } from "../../model/routes"
import { BUILD_CALENDAR, BUILD_INFO, parseBuildCalendar } from "../../contracts/build-info"
import { HOSTING_DIR } from "../../contracts/hosting"
import { RELEASE_PAGES_PATH, RELEASE_STAMP_PATH } from "../../contracts/release-stamp"
import { fromZurichWallTime, zurichDay } from "../../contracts/editors-time"
import { writeStamp } from "../../deploy/release/stamp"
import { RELEASE_SCRIPT } from "../../deploy/release/root/layout"
import { PUBLISH_STEPS } from "../../deploy/publish/publish"
import { nginxSite } from "../../deploy/release/nginx-config"
import { hostingPolicy } from "../../build-steps/post-build/hosting-policy"
import { pageFingerprints } from "../../build-steps/post-build/changed-pages"
import { filesUnder } from "../../lib/files"
import { CHROMIUM_ARGS, chromiumPath } from "../support/browser"
import { readRedirects } from "../support/pages-host"
import { BUILD_TIMEOUT_MS, COPY_BUILD_ENV, buildCopy, editJson, projectCopy } from "../support/project-copy"
import { describeWatched, releasesUnderLoad } from "../support/release-watch"
import { type Ran, runCommand } from "../support/run-command"

const DAY_MS = 24 * 60 * 60 * 1000
/** One clock for every build of the copy: a warm build and a cold one of the same content must agree. */
const CLOCK = new Date().toISOString()
/** 09:00 in Zurich `days` from the builds' clock, with its offset, as the CMS's picker writes it. */
const zurichNineAm = (days: number): string =>
  fromZurichWallTime(`${zurichDay(new Date(Date.parse(CLOCK) + days * DAY_MS).toISOString())}T09:00`)

/** A study still to come, in an industry of its own, the study of the home page's cruises card. */
const TO_COME = {
  slug: "private-aviation",
  industryKey: "polo-estates",
  goLiveAt: zurichNineAm(30),
  traces: [
    "private-aviation",
    "Pricing Charter Flights for a Private Aviation House",
    "Tarifer les vols affrétés d’une maison d’aviation privée",
    "Polo Estates",
    "Domaines de polo",
    "A charter operator flying heads of state and their households",
  ],
}
/** A study come down yesterday. */
const COME_DOWN = {
  slug: "regatta-season",
  goLiveAt: zurichNineAm(-60),
  expireAt: zurichNineAm(-1),
  traces: [
    "regatta-season",
    "Reading a Regatta Season for a Yacht Broker",
    "Lire une saison de régates pour un courtier en yachts",
    "A yacht broker of the Riviera",
  ],
}
/** A study in its window: live since two days ago, until a month on. */
const IN_WINDOW = { slug: "wine", goLiveAt: zurichNineAm(-2), expireAt: zurichNineAm(30) }

/** What an editor could type into a study's plain-text fields: markup, and a way out of the JSON-LD script. */
const HOSTILE = {
  title: "x</script><script>alert(1)</script>",
  industry: '"><img src=x onerror=alert(2)>',
  client: "<svg onload=alert(3)></svg> & <b>bold</b>",
}

/** The altered copy's environment: a staging build on a server holding the sign-in's secrets. */
const SECRETS = { GITHUB_CLIENT_ID: "canary-client-id-5e1f", GITHUB_CLIENT_SECRET: "canary-secret-9b3c" }
const ALTERED_ENV = { SITE_ENV: "staging", CMS_GITHUB_REPOSITORY: "maison/site", SITE_CLOCK: CLOCK, ...SECRETS }

const copies: string[] = []

afterAll(() => {
  for (const dir of copies.splice(0)) fs.rmSync(dir, { recursive: true, force: true })
})

function newCopy(): string {
  const dir = projectCopy()
  copies.push(dir)
  return dir
}

describe("gatsby build, over content it refuses", () => {
  it(
    "stops at validation, listing each problem with its language, file and JSON path, and writes no page",
    async () => {
      const dir = newCopy()
      editJson(path.join(dir, "content/case-studies/retail.json"), (data) => {
        data.metrics.dataPoints = "lots"
        delete data.task
      })
      editJson(path.join(dir, "content/home/industries.json"), (data) => (data.cards[0].caseSlug = "retial"))
      // A French text left out: the site would have a French page without it.
      editJson(path.join(dir, "content/home/hero.json"), (data) => delete data.lede, "fr")
      fs.writeFileSync(path.join(dir, "content/home/services.json"), '{ "eyebrow": "Services", }')
      // What an editor could type by mistake.
      const process = path.join(dir, "content/home/process.json")
      fs.writeFileSync(
        process,
        fs.readFileSync(process, "utf8").replace('"eyebrow": "Process",', '"eyebrow": "Process", "eyebrow": "Method",'),
      )
      editJson(path.join(dir, "content/case-studies/hotels.json"), (data) => (data.title = "\u200B\u200B"))
      editJson(path.join(dir, "content/case-studies/cruises.json"), (data) => (data.summary.problem = "p".repeat(2000)))
      editJson(path.join(dir, "content/pages/privacy-policy.json"), (data) => (data.lastUpdated = "June 9999"))
      fs.renameSync(
        path.join(dir, "content/case-studies/watches.json"),
        path.join(dir, "content/case-studies/timepieces.json"),
      )
      const { status, output } = await buildCopy(dir)
      expect(status).not.toBe(0)
      expect(output).toMatch(/content\/home\/services\.json: malformed JSON at line 1, column \d+/)
      expect(output).toContain("content/home/hero.json: fr.lede: the French text is missing here")
      expect(output).toContain("content/case-studies/retail.json: en.task: required field is missing")
      expect(output).toContain('content/case-studies/retail.json: en.metrics.dataPoints: expected a string like "5M+"')
      expect(output).toContain(
        'content/home/industries.json: en.cards[0].caseSlug: no case study has the slug "retial"',
      )
      expect(output).toContain(
        "content/home/process.json: en.eyebrow: the field appears twice (line 4, column 5 and line 4, column 27)",
      )
      expect(output).toContain("content/case-studies/hotels.json: en.title: must contain visible text")
      expect(output).toContain(
        "content/case-studies/cruises.json: en.summary.problem: must be at most 200 characters, it has 2000",
      )
      expect(output).toContain("content/pages/privacy-policy.json: en.lastUpdated: must not be after this month")
      expect(output).toContain(
        'content/case-studies/timepieces.json: en.slug: must match the file name, as the page\'s address is both: the file is "timepieces.json" and the slug "watches"',
      )
      expect(fs.existsSync(path.join(dir, "public/index.html"))).toBe(false)
    },
    BUILD_TIMEOUT_MS,
  )
})

const WINE = "content/case-studies/wine.json"
/** The altered copy, built once before the promises that read it. */
let altered: string
let alteredOutput: string

/** Writes a new study into the copy from one it has, its fields changed in each language. */
function addStudy(from: string, slug: string, english: Record<string, unknown>, french: Record<string, unknown>): void {
  const study = JSON.parse(fs.readFileSync(path.join(altered, `content/case-studies/${from}.json`), "utf8"))
  study.en = { ...study.en, slug, ...english }
  study.fr = { ...study.fr, ...french }
  fs.writeFileSync(path.join(altered, `content/case-studies/${slug}.json`), JSON.stringify(study, null, 2))
}

beforeAll(async () => {
  altered = newCopy()
  const dir = altered
  // The history knows a study deleted since: "yachts", once also at "superyachts".
  const yachts = path.join(dir, "content/case-studies/yachts.json")
  fs.copyFileSync(path.join(dir, "content/case-studies/cruises.json"), yachts)
  editJson(yachts, (data) => Object.assign(data, { slug: "yachts", formerSlugs: ["superyachts"] }))
  const git = (...args: string[]) =>
    execFileSync("git", ["-C", dir, "-c", "user.name=Editor", "-c", "user.email=editor@example.com", ...args])
  git("init", "-q")
  git("add", "content")
  git("commit", "-q", "-m", "Content: create case-studies “yachts”")
  git("rm", "-q", yachts)
  git("commit", "-q", "-m", "Content: delete case-studies “yachts”")
  // Watches moves to a new address, as the CMS saves it: the old slug listed; its industry card
  // still names the old one.
  editJson(path.join(dir, "content/case-studies/watches.json"), (data) =>
    Object.assign(data, { slug: "haute-horlogerie", formerSlugs: ["watches"], client: "A Ginza watch house, 銀座" }),
  )
  // Real estate, published in English first: no French yet.
  const realEstateFile = path.join(dir, "content/case-studies/real-estate.json")
  const { fr: _french, ...englishOnly } = JSON.parse(fs.readFileSync(realEstateFile, "utf8"))
  fs.writeFileSync(realEstateFile, JSON.stringify(englishOnly, null, 2))
  fs.rmSync(path.join(dir, "content/images/team/leo-bernasconi.jpg"))
  fs.writeFileSync(path.join(dir, "content/images/team/amara-okafor.jpg"), "corrupt bytes under a .jpg name")
  editJson(path.join(dir, "content/case-studies/retail.json"), (data) => Object.assign(data, HOSTILE))
  // The calendar: a study to come (the cruises card's), one come down, one in its window.
  const [, toComeTitle, toComeTitleFr, toComeIndustry, toComeIndustryFr, toComeClient] = TO_COME.traces
  addStudy(
    "cruises",
    TO_COME.slug,
    { order: 91, goLiveAt: TO_COME.goLiveAt, title: toComeTitle, industry: toComeIndustry, client: toComeClient },
    { title: toComeTitleFr, industry: toComeIndustryFr },
  )
  editJson(path.join(dir, "content/home/industries.json"), (data) => {
    data.cards.find((card: { caseSlug: string }) => card.caseSlug === "cruises").caseSlug = TO_COME.slug
  })
  const [, downTitle, downTitleFr, downClient] = COME_DOWN.traces
  addStudy(
    "hotels",
    COME_DOWN.slug,
    { order: 92, goLiveAt: COME_DOWN.goLiveAt, expireAt: COME_DOWN.expireAt, title: downTitle, client: downClient },
    { title: downTitleFr },
  )
  editJson(path.join(dir, "content/case-studies/wine.json"), (data) =>
    Object.assign(data, { goLiveAt: IN_WINDOW.goLiveAt, expireAt: IN_WINDOW.expireAt }),
  )
  const built = await buildCopy(dir, ALTERED_ENV)
  alteredOutput = built.output
  if (built.status !== 0) throw new Error(`the altered copy did not build: ${built.output.slice(-3000)}`)
}, BUILD_TIMEOUT_MS)

const page = (file: string) => fs.readFileSync(path.join(altered, "public", file), "utf8")
const exists = (file: string) => fs.existsSync(path.join(altered, "public", file))

/** What the copy's last build made of the calendar (.hosting/calendar.json). */
const calendarRecord = () =>
  parseBuildCalendar(fs.readFileSync(path.join(altered, BUILD_CALENDAR), "utf8"), BUILD_CALENDAR)

/**
 * The output as a release serves it: every file's name under public/ (folders too: an empty one would
 * still name a study), every file's text as a visitor receives it (compressed copies decompressed), the
 * nginx site a release writes, and the stamp a release of it serves (/release.json).
 */
function servedOutput(): { names: string[]; texts: Map<string, string> } {
  const publicDir = path.join(altered, "public")
  const names = fs.readdirSync(publicDir, { recursive: true, encoding: "utf8" })
  const texts = new Map<string, string>()
  for (const name of filesUnder(publicDir).map((file) => path.relative(publicDir, file))) {
    const bytes = fs.readFileSync(path.join(publicDir, name))
    const text = name.endsWith(".br")
      ? zlib.brotliDecompressSync(bytes)
      : name.endsWith(".gz")
        ? zlib.gunzipSync(bytes)
        : bytes
    texts.set(name, text.toString("utf8"))
  }
  texts.set(
    "nginx.conf",
    nginxSite(hostingPolicy(publicDir), { root: publicDir, listen: "8080", brotli: true }, "release"),
  )
  const stampDir = fs.mkdtempSync(path.join(os.tmpdir(), "aurelle-stamp-"))
  try {
    writeStamp(stampDir, { commit: "0".repeat(40), builtAt: CLOCK, ...calendarRecord() })
    texts.set(RELEASE_STAMP_PATH, fs.readFileSync(path.join(stampDir, RELEASE_STAMP_PATH), "utf8"))
  } finally {
    fs.rmSync(stampDir, { recursive: true, force: true })
  }
  return { names, texts }
}

/** Where each of `traces` appears in the served output: "file: trace". */
function tracesIn(traces: string[], served = servedOutput()): string[] {
  return [
    ...served.names.filter((name) => traces.some((trace) => name.includes(trace))).map((name) => `file name ${name}`),
    ...[...served.texts].flatMap(([name, text]) =>
      traces.filter((trace) => text.includes(trace)).map((trace) => `${name}: ${trace}`),
    ),
  ]
}

describe("gatsby build, over the altered copy", () => {
  it("warns of unusable photos (the cards show the icon) and missing glyphs; staging keeps robots out", () => {
    expect(alteredOutput).toContain(
      'content/home/about.json: en.members[3].photo: photo file "../images/team/leo-bernasconi.jpg" not found',
    )
    expect(alteredOutput).toContain(
      'content/home/about.json: en.members[2].photo: photo file "../images/team/amara-okafor.jpg" is not an image that can be read',
    )
    expect(alteredOutput).toContain(
      'content/case-studies/watches.json: en.client: "銀" (U+9280), "座" (U+5EA7) are not in the site\'s typefaces',
    )
    const html = page("index.html")
    expect(html).toContain('aria-label="Léo Bernasconi, no photo available"')
    expect(html).toContain('aria-label="Amara Okafor, no photo available"')
    expect(html).not.toContain('aria-label="Hélène Marchand, no photo available"')
    const robots = page("robots.txt")
    expect(robots).toMatch(/Disallow: \/$/m)
    expect(robots).not.toMatch(/^Allow:/m)
  })

  it("writes the sign-in's secrets into no file, and points the CMS at the repository the build server names", () => {
    const written = ["public", HOSTING_DIR].flatMap((folder) => filesUnder(path.join(altered, folder)))
    expect(written.some((file) => file.endsWith("cms-auth.mjs"))).toBe(true)
    for (const file of written) {
      const bytes = fs.readFileSync(file)
      for (const value of Object.values(SECRETS)) expect(bytes.includes(value), `${file} holds ${value}`).toBe(false)
    }
    expect(page("admin/config.yml")).toContain('"repo": "maison/site"')
  })

  it("links a moved study at its new address, its old ones redirecting; a deleted one's are gone; a study in English only has no French page nor link", async () => {
    // Links inside the site go to the new address, never through the redirect.
    for (const file of ["index.html", "fr/index.html"]) {
      expect(page(file), file).toMatch(/href="(\/fr)?\/case-studies\/haute-horlogerie\/"/)
      expect(page(file), file).not.toMatch(/href="(\/fr)?\/case-studies\/watches\/"/)
    }
    // The sitemap knows the new address only.
    const sitemap = page("sitemap-0.xml")
    expect(sitemap).toContain("/case-studies/haute-horlogerie/")
    expect(sitemap).not.toMatch(/\/case-studies\/(watches|yachts)\//)

    // A study in English only: its English page and nothing of it in French, no link there to it.
    expect(alteredOutput).toContain(
      "content/case-studies/real-estate.json: fr: not translated yet: published in English only",
    )
    expect(exists("case-studies/real-estate/index.html")).toBe(true)
    expect(exists("fr/case-studies/real-estate/index.html")).toBe(false)
    const english = page("case-studies/real-estate/index.html")
    // Its language switch leads to the French list; its head names no French page.
    const switches = english.match(/<a[^>]*hreflang="fr"[^>]*>/gi) ?? []
    expect(switches.length).toBeGreaterThan(0)
    for (const link of switches) expect(link).toContain('href="/fr/case-studies/"')
    expect(english).not.toContain("/fr/case-studies/real-estate/")
    expect(english).not.toMatch(/<link[^>]*hreflang="fr"/i)
    expect(english).toMatch(/<link[^>]*hreflang="x-default"/i)
    for (const french of ["fr/index.html", "fr/case-studies/index.html"]) {
      expect(page(french), french).not.toContain("/case-studies/real-estate/")
    }
    expect(page("index.html")).toContain('href="/case-studies/real-estate/"')
    expect(page("case-studies/index.html")).toContain('href="/case-studies/real-estate/"')
    const realEstate = /<url><loc>[^<]*\/case-studies\/real-estate\/<\/loc>.*?<\/url>/.exec(sitemap)?.[0]
    expect(realEstate).toBeDefined()
    expect(realEstate).not.toContain('hreflang="fr"')
    expect(realEstate).toContain('hreflang="en"')
    // Every other study keeps its French alternate.
    expect(/<url><loc>[^<]*\/case-studies\/wine\/<\/loc>.*?<\/url>/.exec(sitemap)?.[0]).toContain('hreflang="fr"')

    // Served: the old addresses lead to the new one in one hop, on both hosts; the gone ones and a
    // study still to come answer as unknown studies do.
    const redirects = readRedirects(page("_redirects"))
    const nginx = await startNginx({ publicDir: path.join(altered, "public"), cmsBackend: null })
    try {
      for (const locale of LOCALES) {
        const at = (slug: string) => localePath(caseStudyPath(slug), locale)
        const notFound = readContent("pages/case-studies.json", locale, path.join(altered, "content")).notFound.title
        for (const from of [at("watches"), at("watches").slice(0, -1)]) {
          expect(redirects.get(from), from).toEqual({ to: at("haute-horlogerie"), status: 301 })
          const response = await fetch(`${nginx.url}${from}`, { redirect: "manual" })
          expect([response.status, response.headers.get("location")], from).toEqual([301, at("haute-horlogerie")])
        }
        // Gone for good, with the list's "Case Study Not Found" page, the old address of before too.
        for (const gone of [at("yachts"), at("superyachts"), at("yachts").slice(0, -1)]) {
          const response = await fetch(`${nginx.url}${gone}`, { redirect: "manual" })
          expect(response.status, gone).toBe(410)
          expect(await response.text(), gone).toContain(notFound)
        }
        const moved = await fetch(`${nginx.url}${at("haute-horlogerie")}`, { redirect: "manual" })
        expect(moved.status).toBe(200)
        // In English only: the French address is an unknown study's (the list, "Case Study Not Found").
        const untranslated = await fetch(`${nginx.url}${at("real-estate")}`, { redirect: "manual" })
        expect(untranslated.status, at("real-estate")).toBe(locale === "en" ? 200 : 404)
        // Still to come, or come down: an unknown study's answer.
        for (const unknown of [at(TO_COME.slug), at(COME_DOWN.slug)]) {
          const response = await fetch(`${nginx.url}${unknown}`, { redirect: "manual" })
          expect(response.status, unknown).toBe(404)
          expect(await response.text(), unknown).toContain(notFound)
        }
      }
    } finally {
      await nginx.stop()
    }
  })

  it("shows hostile text literally and runs none of it: no dialog, no policy violation, the page still hydrates", async () => {
    const nginx = await startNginx({ publicDir: path.join(altered, "public"), cmsBackend: null })
    const browser = await chromium.launch({ executablePath: chromiumPath(), args: CHROMIUM_ARGS })
    try {
      for (const route of ["/case-studies/retail/", "/case-studies/", "/"]) {
        const page = await browser.newPage()
        const dialogs: string[] = []
        page.on("dialog", async (dialog) => {
          dialogs.push(dialog.message())
          await dialog.dismiss()
        })
        await page.addInitScript(() => {
          const seen: string[] = []
          ;(window as unknown as { violations: string[] }).violations = seen
          document.addEventListener("securitypolicyviolation", (event) =>
            seen.push(`${event.violatedDirective} ${event.blockedURI}`),
          )
        })
        const response = await page.goto(`${nginx.url}${route}`)
        expect(response?.headers()["content-security-policy"], route).toContain("frame-ancestors 'none'")
        // The page still comes alive: the build's own inline code and bundles are allowed.
        await page.waitForFunction(() => document.documentElement.dataset.hydrated === "true")
        if (route !== "/")
          expect(await page.getByText(HOSTILE.title, { exact: true }).first().isVisible(), route).toBe(true)
        if (route === "/case-studies/retail/") {
          expect(await page.getByRole("heading", { level: 1, name: HOSTILE.title }).isVisible()).toBe(true)
          expect(await page.getByText(HOSTILE.client).isVisible()).toBe(true)
          const jsonLd = await page.locator('script[type="application/ld+json"]').textContent()
          expect(JSON.stringify(JSON.parse(jsonLd!))).toContain(JSON.stringify(HOSTILE.title).slice(1, -1))
        }
        await page.waitForTimeout(500)
        expect(dialogs, route).toEqual([])
        expect(await page.evaluate(() => (window as unknown as { violations: string[] }).violations), route).toEqual([])
        expect(await page.locator("img[src='x'], svg[onload]").count(), route).toBe(0)
        await page.close()
      }
    } finally {
      await browser.close()
      await nginx.stop()
    }
  })

  it("serves nothing of a study still to come nor of one come down, in any byte of a release; the card of the one to come leads to the list", () => {
    const served = servedOutput()
    expect(tracesIn([...TO_COME.traces, TO_COME.industryKey], served)).toEqual([])
    expect(tracesIn(COME_DOWN.traces, served)).toEqual([])
    const cardLink = (file: string) =>
      parse(served.texts.get(file)!).querySelector('[data-industry="cruises"] a')?.getAttribute("href")
    expect(cardLink("index.html")).toBe("/case-studies/")
    expect(cardLink("fr/index.html")).toBe("/fr/case-studies/")
  })

  it("serves a study in its window everywhere, dated its go-live day, and records until when the build may be served", () => {
    const served = servedOutput()
    const where = tracesIn([`/case-studies/${IN_WINDOW.slug}/`], served)
    for (const expected of [
      "index.html",
      "fr/index.html",
      `case-studies/${IN_WINDOW.slug}/index.html`,
      `fr/case-studies/${IN_WINDOW.slug}/index.html`,
      "case-studies/index.html",
      "sitemap-0.xml",
    ]) {
      expect(
        where.some((trace) => trace.startsWith(`${expected}:`)),
        expected,
      ).toBe(true)
    }
    expect(served.names.some((name) => name.startsWith("og/") && name.includes(IN_WINDOW.slug))).toBe(true)
    expect(page(`case-studies/${IN_WINDOW.slug}/index.html`)).toContain(
      `"datePublished":"${zurichDay(IN_WINDOW.goLiveAt)}"`,
    )
    // Until the first expiry among the studies it serves; the studies' windows stay on the host.
    expect(calendarRecord()).toMatchObject({ clockSet: true, servedUntil: IN_WINDOW.expireAt })
  })
})

/** Every file a build of `dir` leaves to be released (public/, .hosting/), by path: the hash of its bytes. */
function tree(dir = altered): Map<string, string> {
  return new Map(
    ["public", HOSTING_DIR].flatMap((folder) =>
      filesUnder(path.join(dir, folder)).map((file): [string, string] => [
        path.relative(dir, file),
        crypto.createHash("sha256").update(fs.readFileSync(file)).digest("hex"),
      ]),
    ),
  )
}

/** What a build leaves in a copy, left out of its twin: its cache and output, the publish path's files. */
const BUILT = new Set([".cache", "public", HOSTING_DIR, ".artifact", ".tmp", "node_modules"])

/**
 * A copy of the altered copy as it is now, its sources, content and history, without anything a
 * build left (node_modules linked): built, it is the same content built without any cache.
 */
function twinOfAltered(): string {
  const twin = fs.mkdtempSync(path.join(os.tmpdir(), "aurelle-build-"))
  copies.push(twin)
  fs.chmodSync(twin, 0o755)
  fs.cpSync(altered, twin, {
    recursive: true,
    filter: (source) => !BUILT.has(path.relative(altered, source)),
  })
  fs.symlinkSync(fs.realpathSync(path.join(altered, "node_modules")), path.join(twin, "node_modules"))
  return twin
}

/** One of Gatsby's or the build's lines, whitespace joined: "Building static HTML for pages - 1.5s - 2/2". */
const line = (output: string, start: string) => new RegExp(`${start}[^\\n]*`).exec(output)?.[0] ?? `(no "${start}")`

/** npm run publish:build in the altered copy, as the build server runs it; its output whitespace joined. */
async function publish(env: Record<string, string> = {}): Promise<Ran> {
  const ran = await runCommand(process.execPath, ["--import", "tsx", "deploy/publish/publish.ts"], {
    cwd: altered,
    // No live site to compare with unless the test names one: the build's own cache is the guide.
    env: { ...COPY_BUILD_ENV, ...ALTERED_ENV, CHECK_PAGES: "", LIVE_PAGES: "", ...env },
  }).done
  return { ...ran, output: ran.output.replace(/\s+/g, " ") }
}

/** The editor's publish the visitors meet, with what the build had left before it. */
let titlePublish: { ran: Ran; before: Map<string, string>; pages: number } | undefined

/** A study's new title, as the CMS saves it, through the publish path against the live release (the copy's build). */
async function publishNewTitle(): Promise<void> {
  const live = path.join(altered, ".tmp", "live-release-pages.json")
  fs.mkdirSync(path.dirname(live), { recursive: true })
  fs.copyFileSync(path.join(altered, "public", RELEASE_PAGES_PATH), live)
  const before = tree()
  const pages = pageFingerprints(path.join(altered, "public")).size
  // The English title alone: its record says what the French was made from.
  editJson(path.join(altered, WINE), (data) => {
    data.translatedFrom = { fr: { title: data.title } }
    data.title = "Tracing Allocations for a Classified Growth"
  })
  const ran = await publish({ LIVE_PAGES: live, GITHUB_RUN_ID: String(Date.now()) })
  if (ran.status !== 0) throw new Error(`the publish path refused: ${ran.output.slice(-3000)}`)
  titlePublish = { ran, before, pages }
}

const read = (relative: string) => fs.readFileSync(path.join(altered, relative), "utf8")
const publishSteps = () => JSON.parse(read(".tmp/publish/steps.json")) as Array<{ name: string; note?: string }>

describe("the next release of the altered copy, its cache kept", () => {
  it(
    "releases and rolls back while visitors browse: no failed request, no refused code, no page of two builds",
    async () => {
      const measured = await releasesUnderLoad({ dir: altered, publish: publishNewTitle })
      console.log(`Releases under load:\n${describeWatched(measured)}`)
      const { watched } = measured
      // Met before the first switch and after each of the seven (release-watch.ts's `met`).
      expect(watched.documents).toBeGreaterThanOrEqual(8)
      expect(watched.clientRounds).toBeGreaterThanOrEqual(8)
      expect(watched.failedRequests).toEqual([])
      expect(watched.policyRefusals).toEqual([])
      expect(watched.mixed).toEqual([])
      expect(watched.unknownPages).toEqual([])
      expect(watched.errors).toEqual([])
    },
    2 * BUILD_TIMEOUT_MS,
  )

  it("took the editor's new title through every step, rendering, finishing and compressing only the pages showing the study", () => {
    expect(titlePublish, "the publish the visitors met").toBeDefined()
    const { ran, before, pages } = titlePublish!
    const { status, output } = ran
    expect(output).not.toContain("Publish path refused")
    expect(status).toBe(0)
    // The French title to check: a warning where the check says it, and again after the steps.
    const warning = /warning content\/case-studies\/wine\.json: fr\.title: to check: its English changed/
    const section = (from: string, to: string) => output.slice(output.indexOf(from), output.indexOf(to))
    expect(section("==> publish: content check", "==> publish: build")).toMatch(warning)
    expect(output.slice(output.lastIndexOf("Publish path, "))).toMatch(warning)
    expect(read(".tmp/publish/pages.txt")).toBe("case-studies/index.html\ncase-studies/wine/index.html\n")
    const steps = publishSteps()
    expect(steps.map(({ name }) => name)).toEqual([...PUBLISH_STEPS])
    // Its note counts what the check said: the title's French, and the copy's English edited alone
    // since its last commit (its history says whoever changed it: the clients, the hostile texts).
    const said = section("==> publish: content check", "==> publish: build").match(/: to check: /g) ?? []
    expect(said.length).toBeGreaterThan(1)
    expect(steps[0].note).toBe(`${said.length} translations to check`)
    expect(steps[1].note).toBe("Gatsby's cache kept")
    expect(steps[2].note).toMatch(/^2 of \d+, against the live release$/)
    expect(output).toMatch(/html-validate: 2 pages, 0 errors/)
    expect(output).toMatch(/Nu Html Checker: 2 pages, 0 errors/)
    // Each page at each width, in one share of the browser pass each.
    expect(output).toMatch(/\b4 passed\b/)
    expect(read(`.artifact/public/case-studies/wine/index.html`)).toContain(
      "Tracing Allocations for a Classified Growth",
    )
    for (const file of [BUILD_INFO, RELEASE_SCRIPT])
      expect(fs.existsSync(path.join(altered, ".artifact", file)), file).toBe(true)

    // The build within: the two pages showing the study rendered, finished and compressed, nothing else.
    expect(line(output, "Building static HTML for pages")).toMatch(/ 2\/2 /)
    expect(line(output, "info Finished")).toMatch(
      new RegExp(`^info Finished 2 pages .*; ${pages - 2} unchanged since the last build`),
    )
    expect(line(output, "info Precompressed")).toMatch(/^info Precompressed 7 files \(\.br, \.gz\) of \d+,/)
    expect(line(output, "info Sharing images")).toMatch(/ 1 drawn, /)
    const after = tree()
    const changed = [...after].filter(([file, hash]) => before.get(file) !== hash).map(([file]) => file)
    // Its page and the list's, their data, the search index, its sharing image, the build's list of its
    // pages, and the admin's answer of the translations to check (it names each content file by its hash).
    expect(changed.filter((file) => !/\.(br|gz)$/.test(file)).sort()).toEqual(
      [
        "admin/translations.json",
        "case-studies/index.html",
        "case-studies/search.json",
        "case-studies/wine/index.html",
        "og/case-studies-wine.png",
        "page-data/case-studies/page-data.json",
        "page-data/case-studies/wine/page-data.json",
        "release-pages.json",
      ].map((file) => path.join("public", file)),
    )
    expect([...before.keys()].filter((file) => !after.has(file))).toEqual([])
  })

  it("stops at the content check, keeping its first complaint for the editor, and packs nothing", async () => {
    fs.rmSync(path.join(altered, ".artifact"), { recursive: true, force: true })
    const wine = read(WINE)
    editJson(path.join(altered, WINE), (data) => (data.title = ""))
    try {
      const { status, output } = await publish()
      expect(status).toBe(1)
      expect(output).toContain("Publish path refused: content check:")
      expect(read(".tmp/publish/refusal.txt")).toMatch(
        /^content check: error +content\/case-studies\/wine\.json: en\.title: /,
      )
      expect(fs.existsSync(path.join(altered, ".artifact"))).toBe(false)
    } finally {
      fs.writeFileSync(path.join(altered, WINE), wine)
    }
  }, 60_000)

  it(
    "checks a change every page shows and a study's move on every page, rendering a page of each template and language; leaves what a build without cache leaves",
    async () => {
      // The contact address, in the footer of every page; and the study moved to a new slug, its
      // industry card's file untouched and still naming the old one.
      editJson(
        path.join(altered, "content/site/settings.json"),
        (data) => (data.contactEmail = "partners@aurelle-intelligence.ch"),
      )
      editJson(path.join(altered, WINE), (study) =>
        Object.assign(study, { slug: "grands-vins", formerSlugs: ["wine"] }),
      )
      // The same content built without any cache, in a twin of the copy, while the publish path runs.
      const twin = twinOfAltered()
      const coldBuild = buildCopy(twin, ALTERED_ENV)
      const { status, output } = await publish()
      expect(output).not.toContain("Publish path refused")
      expect(status, output.slice(-3000)).toBe(0)
      const changed = read(".tmp/publish/pages.txt").split("\n").filter(Boolean)
      const rendered = read(".tmp/publish/browser-pages.txt").split("\n").filter(Boolean)
      expect(changed.length).toBeGreaterThan(20)
      // The moved study's pages, new, and the pages whose own data names it (the lists, home, the demo,
      // not found); the other studies, changed by the footer alone, stood for by one in each language;
      // a page of each template and language.
      const visited = ["404.html", "404/index.html", "book-demo/index.html", "case-studies/404.html"]
      const studies = ["case-studies/cruises/index.html", "case-studies/grands-vins/index.html"]
      // The legal pages share a template: the privacy policy stands for the terms.
      const rest = ["case-studies/index.html", "index.html", "privacy-policy/index.html"]
      const expected = [...visited, ...studies, ...rest].flatMap((page) => [page, `fr/${page}`]).sort()
      expect(rendered).toEqual(expected)
      const steps = publishSteps()
      expect(steps.find(({ name }) => name === "gates")?.note).toBe(
        `text, links, weight: ${changed.length}; markup: ${rendered.length}`,
      )
      expect(output).toContain(`html-validate: ${rendered.length} pages, 0 errors`)
      expect(output).toMatch(new RegExp(`Nu Html Checker: ${rendered.length} pages, 0 errors`))
      expect(read(".artifact/public/book-demo/index.html")).toContain("partners@aurelle-intelligence.ch")
      // Built warm, every link goes to the new address (the card's nodes are made again, not kept).
      for (const file of ["index.html", "fr/index.html", "book-demo/index.html"]) {
        expect(page(file), file).toMatch(/href="(\/fr)?\/case-studies\/grands-vins\/"/)
        expect(page(file), file).not.toMatch(/href="(\/fr)?\/case-studies\/wine\/"/)
      }
      const warm = tree()

      // The build without any cache: the same files, byte for byte.
      const full = await coldBuild
      expect(full.status, full.output.slice(-2000)).toBe(0)
      const cold = tree(twin)
      const differing = [...new Set([...warm.keys(), ...cold.keys()])].filter(
        (file) => warm.get(file) !== cold.get(file),
      )
      expect(differing).toEqual([])
    },
    3 * BUILD_TIMEOUT_MS,
  )
})
