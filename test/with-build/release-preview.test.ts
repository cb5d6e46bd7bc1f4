/**
 * Drafts' previews on the release test host (deploy/release/previews.ts, nginx-previews.ts), the
 * shipped build live. A draft that schedules a study of its own is built as the build server builds a
 * pull request for the nginx host (`npm run build:preview`: under /preview/<token>/, at the clock the
 * study goes live), in a copy of the project: the one Gatsby build of this file (about 40 s of one
 * worker, beside the other files), since only a real build under a path prefix shows that every
 * address its pages write and load stays under it. Packed as the build server packs it and previewed
 * by the release command, it answers only the editors, is kept out of search, works in Chromium, is
 * replaced, bounded and removed as the build server asks in any order, never waits for a release,
 * and never touches the live site: its bytes are the same before and after.
 */
import fs from "node:fs"
import http2 from "node:http2"
import os from "node:os"
import path from "node:path"
import { spawnSync } from "node:child_process"
import { chromium } from "@playwright/test"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { PREFIX_PATHS_VARIABLE, PREVIEW_PREFIX, PREVIEW_TOKEN_VARIABLE, previewPath } from "../../contracts/previews"
import { SCHEDULER_PATH } from "../../model/routes"
import { fromZurichWallTime, zurichDay } from "../../contracts/editors-time"
import { packArtifact } from "../../deploy/publish/artifact"
import { LIVE, PREVIEW_USERS, VISITS_LOG, linkedRelease } from "../../deploy/release/root/layout"
import { PREVIEW_SCRIPTS_POLICY } from "../../deploy/release/nginx-previews"
import { withLock } from "../../deploy/release/root/lock"
import { manifestOf } from "../../deploy/release/root/manifest"
import { contentHash } from "../../lib/files"
import {
  NotPreviewed,
  type PreviewReport,
  makePreview,
  readPreviews,
  removePreviews,
} from "../../deploy/release/previews"
import { CHROMIUM_ARGS, chromiumPath } from "../support/browser"
import { BUILD_TIMEOUT_MS, buildCopy, commitCopy, projectCopy } from "../support/project-copy"
import { type ReleaseHost, fetchTrusting, http2Get, startReleaseHost } from "../support/release-host"

const PROJECT_DIR = path.resolve(__dirname, "../..")
const DAY_MS = 24 * 3600 * 1000
const token = (digit: string) => digit.repeat(24)
const TOKEN = token("a")
/** The draft's own study, scheduled a month on: the preview shows it as it will look once live. */
const STUDY = { slug: "private-aviation", title: "Pricing Charter Flights for a Private Aviation House" }
const GO_LIVE = fromZurichWallTime(`${zurichDay(new Date(Date.now() + 30 * DAY_MS).toISOString())}T09:00`)
const EDITOR = { username: "editor", password: "a long passphrase" }
const SIGNED_IN = { authorization: `Basic ${Buffer.from(`${EDITOR.username}:${EDITOR.password}`).toString("base64")}` }
/** What the live site serves, read before and after every preview: it must never change. */
const LIVE_ADDRESSES = ["/", "/case-studies/wine/", "/fr/case-studies/", "/release.json", "/page-data/app-data.json"]

let host: ReleaseHost
/** The draft's build, packed (npm run artifact); and the shipped build packed, another draft's stand-in. */
let draft: string
let shipped: string
const folders: string[] = []
/** The live site before the first preview, and that preview. */
let liveBefore: { release: string | null; bytes: string[] }
let first: PreviewReport

/** A GET over HTTP/2 trusting the host, optionally signed in. */
async function get(pathname: string, headers: Record<string, string> = {}) {
  const session = http2.connect(host.url, { ca: host.ca })
  try {
    return await http2Get(session, pathname, { "accept-encoding": "identity", ...headers })
  } finally {
    session.close()
  }
}

/** A time `minutes` from now: when a change of a pull request was made, as its event says. */
const at = (minutes: number) => new Date(Date.now() + minutes * 60_000).toISOString()

const liveBytes = () =>
  Promise.all(LIVE_ADDRESSES.map(async (address) => (await fetchTrusting(`${host.url}${address}`, host.ca)).body))

beforeAll(async () => {
  const copy = projectCopy()
  folders.push(copy)
  const wine = JSON.parse(fs.readFileSync(path.join(copy, "content/case-studies/wine.json"), "utf8"))
  wine.en = { ...wine.en, slug: STUDY.slug, order: 91, goLiveAt: GO_LIVE, title: STUDY.title }
  fs.writeFileSync(path.join(copy, `content/case-studies/${STUDY.slug}.json`), JSON.stringify(wine, null, 2))
  commitCopy(copy, "Content: a study scheduled, in a draft")
  const [built] = await Promise.all([
    buildCopy(copy, {
      [PREVIEW_TOKEN_VARIABLE]: TOKEN,
      [PREFIX_PATHS_VARIABLE]: "true",
      SITE_ENV: "staging",
      SITE_CLOCK: GO_LIVE,
    }),
    startReleaseHost({ projectDir: PROJECT_DIR }).then((started) => (host = started)),
  ])
  if (built.status !== 0) throw new Error(`the draft did not build:\n${built.output.slice(-3000)}`)
  draft = fs.mkdtempSync(path.join(os.tmpdir(), "aurelle-draft-"))
  shipped = fs.mkdtempSync(path.join(os.tmpdir(), "aurelle-shipped-"))
  folders.push(draft, shipped)
  await packArtifact(draft, copy)
  await packArtifact(shipped, PROJECT_DIR)
  const hash = spawnSync("openssl", ["passwd", "-6", EDITOR.password], { encoding: "utf8" }).stdout.trim()
  fs.writeFileSync(path.join(host.root, PREVIEW_USERS), `${EDITOR.username}:${hash}\n`)
  liveBefore = { release: linkedRelease(host.root, LIVE), bytes: await liveBytes() }
  first = await makePreview(draft, host.root, { pull: 7, token: TOKEN, at: at(0) })
}, BUILD_TIMEOUT_MS)

afterAll(async () => {
  await host?.stop()
  for (const folder of folders) fs.rmSync(folder, { recursive: true, force: true })
})

describe("a draft's preview on the nginx host", () => {
  it("serves the draft at its address to the editors alone, out of search, the live site unchanged byte for byte", async () => {
    const report = first
    expect(report.address).toBe(`${previewPath(TOKEN)}/`)
    // Its images and fonts are the live release's bytes: linked, not copied again.
    expect(report.linkedBytes).toBeGreaterThan(0)

    const address = `${report.address}case-studies/${STUDY.slug}/`
    const elsewhere = [`${previewPath(token("b"))}/`, previewPath(token("b")), "/preview/", "/preview/x"]
    const schedulers = [`${report.address}${SCHEDULER_PATH.slice(1)}`, `${previewPath(token("b"))}${SCHEDULER_PATH}`]
    for (const asked of [address, report.address, ...elsewhere, ...schedulers]) {
      const anonymous = await get(asked)
      expect(anonymous.status, asked).toBe(401)
      expect(anonymous.body, asked).not.toContain(STUDY.title)
      expect(anonymous.headers.get("set-cookie"), asked).toBeNull()
    }
    const page = await get(address, SIGNED_IN)
    expect(page.status).toBe(200)
    expect(page.body).toContain(STUDY.title)
    expect(page.headers.get("x-robots-tag")).toBe("noindex, nofollow")
    expect(page.headers.get("cache-control")).toBe("private, no-cache")
    expect(page.headers.get("set-cookie")).toBeNull()
    // None of the draft's scripts runs on the site's origin, where the editors' admin keeps their sign-in.
    expect(page.headers.get("content-security-policy")).toContain(PREVIEW_SCRIPTS_POLICY)
    // An unknown path of the preview: its own 404 page; an unknown preview: nothing.
    const unknown = await get(`${report.address}no-such-page/`, SIGNED_IN)
    expect(unknown.status).toBe(404)
    expect(unknown.body).toContain(previewPath(TOKEN))
    for (const asked of elsewhere) {
      const none = await get(asked, SIGNED_IN)
      expect(none.status, asked).toBe(404)
      expect(none.body, asked).toBe("No preview at this address.\n")
      expect(none.headers.get("cache-control"), asked).toBe("private, no-cache")
      expect(none.headers.get("x-robots-tag"), asked).toBe("noindex, nofollow")
    }
    // Book a Demo's way out, once signed in: the scheduler, kept by no cache, out of search.
    const scheduler = await get(schedulers[0], SIGNED_IN)
    expect(scheduler.status).toBe(302)
    expect(scheduler.headers.get("location")).toMatch(/^https:\/\//)
    expect(scheduler.headers.get("cache-control")).toBe("private, no-cache")
    // Nothing under /preview/ reaches the visits' log, asked for with the password or without.
    const log = path.join(host.root, VISITS_LOG)
    expect(fs.existsSync(log) ? fs.readFileSync(log, "utf8") : "").not.toContain(PREVIEW_PREFIX)
    // The editors' admin is the live site's alone, never a draft's.
    expect((await get(`${report.address}admin/`, SIGNED_IN)).status).toBe(404)
    // The live site has no such study, and is what it was.
    expect((await get(`/case-studies/${STUDY.slug}/`)).status).toBe(404)
    expect(linkedRelease(host.root, LIVE)).toBe(liveBefore.release)
    expect(await liveBytes()).toEqual(liveBefore.bytes)
  })

  it("works in a browser as built, none of the draft's scripts run: every address its own, a link leads within it", async () => {
    const browser = await chromium.launch({ executablePath: chromiumPath(), args: CHROMIUM_ARGS })
    try {
      const context = await browser.newContext({ httpCredentials: EDITOR, ignoreHTTPSErrors: true })
      const page = await context.newPage()
      const problems: string[] = []
      const refused: string[] = []
      const asked: string[] = []
      page.on("console", (message) => {
        if (message.type() !== "error") return
        // The previews' own policy refusing the draft's scripts is what it is for.
        if (/script-src 'none'/.test(message.text())) refused.push(message.text())
        else problems.push(message.text())
      })
      page.on("pageerror", (error) => problems.push(error.message))
      page.on("requestfailed", (request) => problems.push(`${request.url()} ${request.failure()?.errorText}`))
      page.on("response", (response) => {
        asked.push(new URL(response.url()).pathname)
        if (response.status() >= 400) problems.push(`${response.status()} ${response.url()}`)
      })
      await page.goto(`${host.url}${previewPath(TOKEN)}/case-studies/`)
      // Drawn as built: its styles, fonts and images; its scripts refused, so nothing hydrates.
      await expect.poll(() => page.getByRole("heading", { level: 1 }).count()).toBe(1)
      expect(await page.evaluate(() => document.documentElement.dataset.hydrated)).toBeUndefined()
      expect(refused.length).toBeGreaterThan(0)
      await page
        .locator(`a[href="${previewPath(TOKEN)}/case-studies/${STUDY.slug}/"]`)
        .first()
        .click()
      await expect.poll(() => new URL(page.url()).pathname).toBe(`${previewPath(TOKEN)}/case-studies/${STUDY.slug}/`)
      await expect.poll(() => page.getByRole("heading", { level: 1 }).textContent()).toBe(STUDY.title)
      expect(await page.evaluate(() => getComputedStyle(document.body).fontFamily)).toMatch(/Inter/)
      expect(problems).toEqual([])
      expect(asked.filter((pathname) => !pathname.startsWith(`${previewPath(TOKEN)}/`))).toEqual([])
    } finally {
      await browser.close()
    }
  })

  it("is replaced by its pull request's next change and removed when it closes; late or repeated, nothing comes back", async () => {
    const second = token("c")
    const replacing = await makePreview(shipped, host.root, { pull: 7, token: second, at: at(1) })
    expect(replacing.removed).toEqual([TOKEN])
    expect((await get(`${previewPath(TOKEN)}/`, SIGNED_IN)).status).toBe(404)
    expect((await get(`${previewPath(second)}/`, SIGNED_IN)).status).toBe(200)
    // Another draft's preview never serves this draft's scheduled study.
    expect((await get(`${previewPath(second)}/case-studies/${STUDY.slug}/`, SIGNED_IN)).status).toBe(404)
    // A run of an earlier change arriving late changes nothing.
    await expect(makePreview(draft, host.root, { pull: 7, token: token("d"), at: at(0.5) })).rejects.toThrow(
      NotPreviewed,
    )

    expect(await removePreviews(host.root, { closed: { pull: 7, at: at(2) } })).toEqual([second])
    expect(await removePreviews(host.root, { closed: { pull: 7, at: at(2) } })).toEqual([])
    expect((await get(`${previewPath(second)}/`, SIGNED_IN)).status).toBe(404)
    await expect(makePreview(draft, host.root, { pull: 7, token: token("e"), at: at(1.5) })).rejects.toThrow(
      /#7 was closed/,
    )
    // Reopened and changed after: previewed again.
    await makePreview(shipped, host.root, { pull: 7, token: token("f"), at: at(3) })
    // The build server's list of the open ones, read before a change it does not know of yet.
    await makePreview(shipped, host.root, { pull: 9, token: token("9"), at: at(3.5) })
    expect(await removePreviews(host.root, { open: [8], at: at(3.2) })).toEqual([token("f")])
    expect(await removePreviews(host.root, { open: [8], at: at(3.6) })).toEqual([token("9")])
    expect(readPreviews(host.root).previews).toEqual([])
    expect(fs.readdirSync(path.join(host.root, "previews/site/preview"))).toEqual([])
    // Made, replaced, refused and removed: the live site is what it was throughout.
    expect(linkedRelease(host.root, LIVE)).toBe(liveBefore.release)
    expect(await liveBytes()).toEqual(liveBefore.bytes)
  })

  it("takes a crafted upload as input: refused, and the live release's files the same bytes, file by file", async () => {
    const livePublic = path.join(host.root, LIVE, "public")
    const before = manifestOf(livePublic)
    /** The shipped artifact, copied, with its files.json (and files) made as an attacker would. */
    const crafted = (change: (manifest: Record<string, { sha256: string; size: number }>, folder: string) => void) => {
      const folder = fs.mkdtempSync(path.join(os.tmpdir(), "aurelle-crafted-"))
      folders.push(folder)
      fs.cpSync(shipped, folder, { recursive: true })
      const manifest = JSON.parse(fs.readFileSync(path.join(folder, "files.json"), "utf8"))
      change(manifest, folder)
      fs.writeFileSync(path.join(folder, "files.json"), JSON.stringify(manifest))
      return folder
    }
    const replaced = "<p>LIVE HOME PAGE REPLACED BY A DRAFT PREVIEW</p>"
    const attempts: Array<[string, RegExp]> = [
      [
        crafted((manifest, folder) => {
          // The home page twice: once as the live one's bytes (linked), once with other bytes (copied over it).
          fs.mkdirSync(path.join(folder, "public", "."), { recursive: true })
          manifest["./index.html"] = { sha256: contentHash(replaced), size: replaced.length }
        }),
        /names "index\.html" a second time/,
      ],
      [crafted((manifest) => (manifest["a/../index.html"] = manifest["index.html"])), /climbs out of its folder/],
      [crafted((manifest) => (manifest["/etc/passwd"] = manifest["index.html"])), /starts at the file system's root/],
      [
        crafted((manifest, folder) => {
          const big = "x".repeat(50 * 1024)
          fs.writeFileSync(path.join(folder, "public", "big.js"), big)
          manifest["big.js"] = { sha256: contentHash(big), size: 0 }
        }),
        /public\/big\.js is 51200 bytes, and files\.json says 0/,
      ],
      [
        crafted((manifest, folder) => {
          fs.symlinkSync(path.join(livePublic, "index.html"), path.join(folder, "public", "home.html"))
          manifest["home.html"] = manifest["index.html"]
        }),
        /public\/home\.html is a symbolic link/,
      ],
    ]
    for (const [folder, refusal] of attempts)
      await expect(makePreview(folder, host.root, { pull: 31, token: token("3"), at: at(3.7) })).rejects.toThrow(
        refusal,
      )
    expect(manifestOf(livePublic)).toEqual(before)
    expect(readPreviews(host.root).previews.map(({ pull }) => pull)).not.toContain(31)
    expect(await liveBytes()).toEqual(liveBefore.bytes)
  })

  it("never waits for a release: made while a release holds the release lock", async () => {
    const made = await withLock(
      host.root,
      () => makePreview(shipped, host.root, { pull: 21, token: token("7"), at: at(3.8) }),
      { waitSeconds: 0 },
    )
    expect((await get(made.address, SIGNED_IN)).status).toBe(200)
    expect(await removePreviews(host.root, { closed: { pull: 21, at: at(3.9) } })).toEqual([token("7")])
  })

  it("keeps at most N previews, and within their room, the oldest going first", async () => {
    const size = Object.entries(
      JSON.parse(fs.readFileSync(path.join(shipped, "files.json"), "utf8")) as Record<string, { size: number }>,
    )
      .filter(([file]) => !file.startsWith("admin/"))
      .reduce((sum, [, { size }]) => sum + size, 0)
    for (const [pull, digit] of [
      [11, "1"],
      [12, "2"],
      [13, "3"],
    ] as const)
      await makePreview(shipped, host.root, { pull, token: token(digit), at: at(4), keep: 2 })
    expect(readPreviews(host.root).previews.map(({ pull }) => pull)).toEqual([12, 13])
    // Room for one and a half: the next pushes out all but itself.
    await makePreview(shipped, host.root, { pull: 14, token: token("4"), at: at(4), diskBytes: size * 1.5 })
    expect(readPreviews(host.root).previews.map(({ pull }) => pull)).toEqual([14])
    await expect(
      makePreview(shipped, host.root, { pull: 15, token: token("5"), at: at(4), diskBytes: size / 2 }),
    ).rejects.toThrow(/more than the .* previews may take/)
    expect(fs.readdirSync(path.join(host.root, "previews/site/preview"))).toEqual([token("4")])
  })
})
