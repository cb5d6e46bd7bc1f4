/**
 * The editors' calendar, from the build to the host (model/schedule.ts, gatsby/content/nodes.ts,
 * deploy/publish/calendar.ts): one copy of the project with 14 studies (so the list is paged and has
 * industry pages), one of them scheduled, in an industry of its own and the study of an industry card.
 * Its cache carried from one build to the next, as on the build server:
 *
 * - built a minute before its `goLiveAt` and released on the release test host; the calendar's timed
 *   run then finds nothing due and ends, having built nothing;
 * - at its `goLiveAt`, the timed run finds it due and runs the publish path at that clock; the release
 *   (only over the live commit) serves it;
 * - at its `expireAt`, due again, built and released without it; a rollback to the release that
 *   served it is refused; so is, two hours on, an artifact from before its expiry was set (released
 *   again on the host; stamped for Pages over the live site's stamp).
 *
 * Each build's whole output is searched as a release serves it: every file of public/ (compressed
 * copies decompressed), _headers and _redirects, the nginx configuration a release writes, the file
 * names and the stamp a release of it serves (/release.json). The build's record of the studies it
 * serves and their windows names the study; it stays on the host (build.json, the root's calendar.json).
 */
import os from "node:os"
import { RELEASE_PAGES_PATH, RELEASE_STAMP_PATH, readReleaseStamp } from "../../contracts/release-stamp"
import { LIVE, linkedRelease } from "../../deploy/release/layout"
import { NotReplacing, release, rollback } from "../../deploy/release/releases"
import { packArtifact } from "../../deploy/publish/artifact"
import { type ReleaseHost, fetchTrusting, servingLiveRelease, startReleaseHost } from "../support/release-host"
import fs from "node:fs"
import path from "node:path"
import zlib from "node:zlib"
import { parse } from "node-html-parser"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { BUILD_CALENDAR, parseBuildCalendar } from "../../contracts/build-info"
import { readBuildInfo, writeStamp } from "../../deploy/release/stamp"
import { overLiveOnPages } from "../../deploy/release/told-calendar"
import { nginxSite } from "../../deploy/release/nginx-config"
import { hostingPolicy } from "../../gatsby/post-build/hosting-policy"
import { filesUnder } from "../../lib/files"
import { readContentFile } from "../../gatsby/content/files"
import { startNginx } from "../../deploy/hosting/local-nginx"
import { fromZurichWallTime, zurichDay } from "../../contracts/editors-time"
import { BUILD_TIMEOUT_MS, COPY_BUILD_ENV, buildCopy, commitCopy, editJson, projectCopy } from "../support/project-copy"
import { addCaseStudies } from "../support/scale-content"
import { type Ran, runCommand } from "../support/run-command"

const DAY_MS = 24 * 60 * 60 * 1000
const SLUG = "private-aviation"
/** Its industry's key in addresses (model/case-listings.ts): its industry is its own. */
const INDUSTRY = "polo-estates"
/** What only the scheduled study's files say, in each language: what must be nowhere outside its window. */
const TRACES = [
  SLUG,
  "Pricing Charter Flights for a Private Aviation House",
  "Tarifer les vols affrétés d’une maison d’aviation privée",
  "Polo Estates",
  "Domaines de polo",
  "A charter operator flying heads of state and their households",
]

/** 09:00 in Zurich `days` from now, with its offset, as the CMS's picker writes it. */
const zurichNineAm = (days: number): string =>
  fromZurichWallTime(`${zurichDay(new Date(Date.now() + days * DAY_MS).toISOString())}T09:00`)

const GO_LIVE = zurichNineAm(30)
const EXPIRE = zurichNineAm(60)
const minuteBefore = (time: string) => new Date(Date.parse(time) - 60_000).toISOString()

let copy: string
const UNKNOWN_CASE_TITLE = readContentFile<{ en: { notFound: { title: string } } }>("pages/case-studies.json").en
  .notFound.title

interface Release {
  /** Every file's path under public/, and every file's text as a visitor receives it. */
  names: string[]
  texts: Map<string, string>
}

/** The output as a release serves it: public/ (compressed copies decompressed), and the release's nginx site. */
function servedOutput(): Release {
  const publicDir = path.join(copy, "public")
  // Folders too: an empty one would still name the study.
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
  const site = nginxSite(hostingPolicy(publicDir), { root: publicDir, listen: "8080", brotli: true }, "release")
  texts.set("nginx.conf", site)
  // The stamp a release of it would serve (/release.json); the record of the studies stays on the host.
  const stampDir = fs.mkdtempSync(path.join(os.tmpdir(), "aurelle-stamp-"))
  try {
    writeStamp(stampDir, { commit: "0".repeat(40), builtAt: new Date().toISOString(), ...calendarRecord() })
    texts.set(RELEASE_STAMP_PATH, fs.readFileSync(path.join(stampDir, RELEASE_STAMP_PATH), "utf8"))
  } finally {
    fs.rmSync(stampDir, { recursive: true, force: true })
  }
  return { names, texts }
}

/** What the copy's last build made of the calendar (.hosting/calendar.json). */
const calendarRecord = () =>
  parseBuildCalendar(fs.readFileSync(path.join(copy, BUILD_CALENDAR), "utf8"), BUILD_CALENDAR)

/** Where each trace appears: "file: trace". */
const tracesIn = ({ names, texts }: Release): string[] => [
  ...names.filter((name) => name.includes(SLUG) || name.includes(INDUSTRY)).map((name) => `file name ${name}`),
  ...[...texts].flatMap(([name, text]) =>
    TRACES.filter((trace) => text.includes(trace)).map((trace) => `${name}: ${trace}`),
  ),
]

/** Where the home page's cruises card leads. */
const cardLink = ({ texts }: Release, page: string) =>
  parse(texts.get(page)!).querySelector('[data-industry="cruises"] a')?.getAttribute("href")

let lastBuildSeconds = Infinity

async function buildAt(clock: string): Promise<{ release: Release; seconds: number }> {
  const started = performance.now()
  const { status, output } = await buildCopy(copy, { SITE_CLOCK: clock })
  if (status !== 0) throw new Error(`the build at ${clock} failed: ${output.slice(-3000)}`)
  lastBuildSeconds = (performance.now() - started) / 1000
  return { release: servedOutput(), seconds: lastBuildSeconds }
}

/** The commit of the host's live release. */
const linkedCommit = (): string =>
  (JSON.parse(fs.readFileSync(path.join(host.root, LIVE, "public", RELEASE_STAMP_PATH), "utf8")) as { commit: string })
    .commit

/** A command of the project, run in the copy at `clock` as the build server runs it. */
function runInCopy(script: string, args: string[], clock: string): Promise<Ran> {
  return runCommand(process.execPath, ["--import", "tsx", script, ...args], {
    cwd: copy,
    env: {
      ...COPY_BUILD_ENV,
      SITE_CLOCK: clock,
      CHECK_PAGES: "",
      GITHUB_OUTPUT: outputs,
      // The publish path compares its build with what the host serves, as on the build server.
      ...(host ? { LIVE_PAGES: path.join(host.root, LIVE, "public", RELEASE_PAGES_PATH) } : {}),
    },
  }).done
}

/** The calendar's timed run's decision at `clock`, from the host's live stamp, with the step's outputs. */
async function timedRun(clock: string): Promise<Ran & { outputs: Record<string, string> }> {
  fs.writeFileSync(outputs, "")
  const stamp = path.join(host.root, LIVE, "public", RELEASE_STAMP_PATH)
  const ran = await runInCopy("deploy/publish/calendar.ts", ["--stamp", stamp], clock)
  const lines = fs.readFileSync(outputs, "utf8").split("\n").filter(Boolean)
  return {
    ...ran,
    outputs: Object.fromEntries(
      lines.map((line) => [line.slice(0, line.indexOf("=")), line.slice(line.indexOf("=") + 1)]),
    ),
  }
}

/** What the host answers at `route`: its status and text. */
const onHost = (route: string) => fetchTrusting(`${host.url}${route}`, host.ca)

let host: ReleaseHost
const outputs = path.join(os.tmpdir(), `aurelle-calendar-outputs-${process.pid}`)
const timings: string[] = []

beforeAll(() => {
  copy = projectCopy()
  addCaseStudies(copy, 13)
  const study = JSON.parse(fs.readFileSync(path.join(copy, "content/case-studies/cruises.json"), "utf8"))
  study.en = {
    ...study.en,
    slug: SLUG,
    order: 99,
    goLiveAt: GO_LIVE,
    expireAt: EXPIRE,
    title: TRACES[1],
    industry: TRACES[3],
    client: TRACES[5],
  }
  study.fr = { ...study.fr, title: TRACES[2], industry: TRACES[4] }
  fs.writeFileSync(path.join(copy, `content/case-studies/${SLUG}.json`), JSON.stringify(study, null, 2))
  // The cruises card leads to the scheduled study.
  editJson(path.join(copy, "content/home/industries.json"), (data) => {
    data.cards.find((card: { caseSlug: string }) => card.caseSlug === "cruises").caseSlug = SLUG
  })
  commitCopy(copy, "A study scheduled")
})

afterAll(async () => {
  console.log(`The calendar on the release test host:\n${timings.join("\n")}`)
  await host?.stop()
  if (copy) fs.rmSync(copy, { recursive: true, force: true })
  fs.rmSync(outputs, { force: true })
})

describe(`a study that goes live at ${GO_LIVE} and comes down at ${EXPIRE}, built with the cache carried over`, () => {
  it(
    "is nowhere a minute before it goes live; its industry card leads to the case list",
    async () => {
      const built = await buildAt(minuteBefore(GO_LIVE))
      const { release } = built
      expect(tracesIn(release)).toEqual([])
      expect(cardLink(release, "index.html")).toBe("/case-studies/")
      expect(cardLink(release, "fr/index.html")).toBe("/fr/case-studies/")
      // Its address answers as an unknown study's does: 404, the unknown-case screen.
      const nginx = await startNginx({ publicDir: path.join(copy, "public") })
      try {
        const response = await fetch(`${nginx.url}/case-studies/${SLUG}/`)
        expect(response.status).toBe(404)
        expect(await response.text()).toContain(UNKNOWN_CASE_TITLE)
      } finally {
        await nginx.stop()
      }
      expect(calendarRecord()).toMatchObject({ clockSet: true, servedUntil: null })
      timings.push(`  build a minute before: ${built.seconds.toFixed(1)} s (cold)`)
    },
    BUILD_TIMEOUT_MS,
  )

  it(
    "is not due a second later: the timed run ends without building, in a fraction of a build's time",
    async () => {
      host = await startReleaseHost({ projectDir: copy })
      const before = fs.statSync(path.join(copy, "public/index.html")).mtimeMs
      const run = await timedRun(new Date(Date.parse(GO_LIVE) - 1000).toISOString())
      expect(run.status, run.output).toBe(0)
      expect(run.outputs).toMatchObject({ due: "false" })
      expect(run.output).toMatch(/^Nothing due since the live release \([0-9a-f]{8}, built for /)
      expect(fs.statSync(path.join(copy, "public/index.html")).mtimeMs).toBe(before)
      // Measured in this run against the build before it, as hosts differ in speed.
      expect(run.seconds).toBeLessThan(lastBuildSeconds / 5)
      timings.push(`  timed run, nothing due: ${run.seconds.toFixed(1)} s`)
    },
    BUILD_TIMEOUT_MS,
  )

  it(
    "is everywhere at its time: its pages, card, list, industry, search, sitemap, sharing image, dated its go-live day",
    async () => {
      const run = await timedRun(GO_LIVE)
      expect(run.status, run.output).toBe(0)
      const commit = linkedCommit()
      expect(run.outputs).toMatchObject({ due: "true", commit, clock: new Date(GO_LIVE).toISOString() })
      expect(run.outputs.name).toMatch(new RegExp(`^${commit.slice(0, 8)}-\\d{8}T\\d{4}Z$`))
      expect(run.outputs.summary).toContain(`${SLUG} goes live at `)
      // The publish path at the run's clock, then the release, only over the commit it rebuilt.
      const published = await runInCopy("deploy/publish/publish.ts", [], run.outputs.clock)
      expect(published.status, published.output.slice(-3000)).toBe(0)
      const released = performance.now()
      await release(path.join(copy, ".artifact"), host.settings, undefined, { replacing: commit })
      await servingLiveRelease(host)
      const live = await onHost(`/case-studies/${SLUG}/`)
      expect(live.status).toBe(200)
      expect(live.body).toContain(TRACES[1])
      timings.push(
        `  timed run at goLiveAt: decision ${run.seconds.toFixed(1)} s, publish path ${published.seconds.toFixed(1)} s, release ${((performance.now() - released) / 1000).toFixed(1)} s`,
      )
      const release_ = servedOutput()
      const where = tracesIn(release_)
      for (const expected of [
        `case-studies/${SLUG}/index.html`,
        `fr/case-studies/${SLUG}/index.html`,
        `case-studies/industry/${INDUSTRY}/index.html`,
        `page-data/case-studies/page/2/page-data.json`,
        "sitemap-0.xml",
        "nginx.conf",
      ]) {
        expect(
          where.some((trace) => trace.startsWith(expected)),
          expected,
        ).toBe(true)
      }
      expect(release_.names.some((name) => name.startsWith("og/") && name.includes(SLUG))).toBe(true)
      const page = release_.texts.get(`case-studies/${SLUG}/index.html`)!
      expect(page).toContain(`"datePublished":"${zurichDay(GO_LIVE)}"`)
      expect(cardLink(release_, "index.html")).toBe(`/case-studies/${SLUG}/`)
      expect(calendarRecord()).toMatchObject({ servedUntil: EXPIRE })
    },
    // A deadline for a hang: the publish path checks all 60 pages in the browser (axe at two widths),
    // 116 to 124 s on a host at full speed, over 300 s on one with a busy neighbour.
    BUILD_TIMEOUT_MS * 2,
  )

  it(
    "is nowhere once it has come down, compressed copies and sharing images included",
    async () => {
      const run = await timedRun(EXPIRE)
      expect(run.outputs).toMatchObject({ due: "true" })
      expect(run.outputs.summary).toContain(`${SLUG} comes down at `)
      const { release: served } = await buildAt(run.outputs.clock)
      expect(tracesIn(served)).toEqual([])
      expect(calendarRecord()).toMatchObject({ servedUntil: null })
      process.env.SITE_CLOCK = EXPIRE
      try {
        await release(copy, host.settings, undefined, { replacing: linkedCommit() })
        await servingLiveRelease(host)
        const gone = await onHost(`/case-studies/${SLUG}/`)
        expect(gone.status).toBe(404)
        // The release before served the study until its expireAt: going back to it is refused.
        const live = linkedRelease(host.root, LIVE)
        await expect(rollback(host.settings)).rejects.toThrow(/serves a case study until .*, which has passed/)
        expect(linkedRelease(host.root, LIVE)).toBe(live)
        expect((await onHost(`/case-studies/${SLUG}/`)).status).toBe(404)
      } finally {
        delete process.env.SITE_CLOCK
      }
    },
    BUILD_TIMEOUT_MS,
  )

  it(
    "stays down when an artifact from before its expireAt is released again, or the release that served it rolled back to",
    async () => {
      const hours = (count: number) => new Date(Date.parse(EXPIRE) + count * 3_600_000).toISOString()
      const file = path.join(copy, `content/case-studies/${SLUG}.json`)
      const releaseAt = async (clock: string, source = copy) => {
        process.env.SITE_CLOCK = clock
        try {
          await release(source, host.settings)
          await servingLiveRelease(host)
        } finally {
          delete process.env.SITE_CLOCK
        }
      }
      // A: the editors bring it back with no expiry; its artifact is kept, as the build server keeps one.
      editJson(file, (data) => delete data.expireAt)
      commitCopy(copy, "A: the study back, with no expiry")
      await buildAt(hours(1))
      const artifactA = fs.mkdtempSync(path.join(os.tmpdir(), "aurelle-artifact-a-"))
      try {
        await packArtifact(artifactA, copy)
        await releaseAt(hours(1))
        expect((await onHost(`/case-studies/${SLUG}/`)).status).toBe(200)
        // B: given an expiry an hour after its build; C: the timer's build at that time takes it down.
        editJson(file, (data) => (data.expireAt = hours(3)))
        commitCopy(copy, "B: the study comes down in an hour")
        await buildAt(hours(2))
        await releaseAt(hours(2))
        expect((await onHost(`/case-studies/${SLUG}/`)).status).toBe(200)
        await buildAt(hours(3))
        await releaseAt(hours(3))
        expect((await onHost(`/case-studies/${SLUG}/`)).status).toBe(404)
        // Two hours on: A's artifact again (a re-run of its workflow), then a rollback to B.
        const live = linkedRelease(host.root, LIVE)
        process.env.SITE_CLOCK = hours(5)
        try {
          await expect(release(artifactA, host.settings)).rejects.toThrow(
            new RegExp(
              `serves ${SLUG} \\(down since ${hours(3).replace(/[.]/g, "\\.")}, told by release .*\\), which this host was told came down`,
            ),
          )
          await expect(rollback(host.settings)).rejects.toThrow(/serves a case study until .*, which has passed/)
        } finally {
          delete process.env.SITE_CLOCK
        }
        expect(linkedRelease(host.root, LIVE)).toBe(live)
        // On Pages, which keeps no record of the calendar, A's artifact is stamped over the live
        // site's stamp (C's) before any upload: refused, its commit being older than C's.
        const liveStamp = readReleaseStamp(JSON.parse((await onHost(RELEASE_STAMP_PATH)).body))
        expect(() => overLiveOnPages(readBuildInfo(artifactA), liveStamp)).toThrow(
          /is of a commit older than the live one/,
        )
        const gone = await onHost(`/case-studies/${SLUG}/`)
        expect(gone.status).toBe(404)
        expect(gone.body).toContain(UNKNOWN_CASE_TITLE)
      } finally {
        fs.rmSync(artifactA, { recursive: true, force: true })
      }
    },
    BUILD_TIMEOUT_MS * 2,
  )

  it("is not released over a commit that is no longer live", async () => {
    await expect(release(copy, host.settings, undefined, { replacing: "0".repeat(40) })).rejects.toBeInstanceOf(
      NotReplacing,
    )
  })
})
