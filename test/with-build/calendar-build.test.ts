/**
 * The editors' calendar in the build (model/schedule.ts, gatsby/content/nodes.ts): one copy of the
 * project with 14 studies (so the list is paged and has industry pages), one of them scheduled, in an
 * industry of its own and the study of an industry card, built three times with its cache carried
 * over, as the build server does, at three clocks: a minute before its `goLiveAt`, at it, and at its
 * `expireAt`. Each time the whole output is searched as a release serves it: every file of public/
 * (compressed copies decompressed), _headers and _redirects, the nginx configuration a release
 * writes, the file names and the build's calendar record.
 */
import fs from "node:fs"
import path from "node:path"
import zlib from "node:zlib"
import { parse } from "node-html-parser"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { BUILD_CALENDAR } from "../../contracts/build-info"
import { nginxSite } from "../../deploy/hosting/nginx-config"
import { hostingPolicy } from "../../deploy/hosting/policy"
import { filesUnder } from "../../gatsby/built-pages"
import { readContentFile } from "../../gatsby/content/files"
import { startNginx } from "../../deploy/hosting/local-nginx"
import { zurichDay } from "../../model/schedule"
import { BUILD_TIMEOUT_MS, buildCopy, editJson, projectCopy } from "../support/project-copy"
import { addCaseStudies } from "../support/scale-content"

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

/** A time `days` from now at 09:00 in Zurich (winter or summer), with its offset as an editor's picker writes it. */
function zurichNineAm(days: number): string {
  const day = zurichDay(new Date(Date.now() + days * DAY_MS).toISOString())
  for (const offset of ["+01:00", "+02:00"]) {
    const time = `${day}T09:00:00${offset}`
    const local = new Intl.DateTimeFormat("en-GB", { timeZone: "Europe/Zurich", hour: "2-digit" }).format(
      new Date(time),
    )
    if (local === "09") return time
  }
  throw new Error(`no 09:00 in Zurich on ${day}`)
}

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
  const names = filesUnder(publicDir).map((file) => path.relative(publicDir, file))
  const texts = new Map<string, string>()
  for (const name of names) {
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
  texts.set(BUILD_CALENDAR, fs.readFileSync(path.join(copy, BUILD_CALENDAR), "utf8"))
  return { names, texts }
}

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

async function buildAt(clock: string): Promise<Release> {
  const { status, output } = await buildCopy(copy, { SITE_CLOCK: clock })
  if (status !== 0) throw new Error(`the build at ${clock} failed: ${output.slice(-3000)}`)
  return servedOutput()
}

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
})

afterAll(() => {
  if (copy) fs.rmSync(copy, { recursive: true, force: true })
})

describe(`a study that goes live at ${GO_LIVE} and comes down at ${EXPIRE}, built with the cache carried over`, () => {
  it(
    "is nowhere a minute before it goes live; its industry card leads to the case list",
    async () => {
      const release = await buildAt(minuteBefore(GO_LIVE))
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
      expect(JSON.parse(release.texts.get(BUILD_CALENDAR)!)).toMatchObject({ clockSet: true, servedUntil: null })
    },
    BUILD_TIMEOUT_MS,
  )

  it(
    "is everywhere at its time: its pages, card, list, industry, search, sitemap, sharing image, dated its go-live day",
    async () => {
      const release = await buildAt(GO_LIVE)
      const where = tracesIn(release)
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
      expect(release.names.some((name) => name.startsWith("og/") && name.includes(SLUG))).toBe(true)
      const page = release.texts.get(`case-studies/${SLUG}/index.html`)!
      expect(page).toContain(`"datePublished":"${zurichDay(GO_LIVE)}"`)
      expect(cardLink(release, "index.html")).toBe(`/case-studies/${SLUG}/`)
      expect(JSON.parse(release.texts.get(BUILD_CALENDAR)!)).toMatchObject({ servedUntil: EXPIRE })
    },
    BUILD_TIMEOUT_MS,
  )

  it(
    "is nowhere once it has come down, compressed copies and sharing images included",
    async () => {
      const release = await buildAt(EXPIRE)
      expect(tracesIn(release)).toEqual([])
      expect(JSON.parse(release.texts.get(BUILD_CALENDAR)!)).toMatchObject({ servedUntil: null })
    },
    BUILD_TIMEOUT_MS,
  )
})
