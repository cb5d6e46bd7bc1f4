/**
 * What visitors meet while the site is released: a browser that keeps visiting pages (a page, then a
 * move inside the site, each visit a new visitor) and a client that keeps fetching the home page and
 * every script it names, both against a host while `work` (releases, rollbacks, an in-place build)
 * runs. Each document the browser loads is then judged against the folders the site was served
 * from (test/support/build-judge.ts).
 */
import { type Browser, type Page, chromium } from "@playwright/test"
import crypto from "node:crypto"
import fs from "node:fs"
import http2 from "node:http2"
import os from "node:os"
import path from "node:path"
import { CHROMIUM_ARGS, chromiumPath } from "./browser"
import { type BuildFiles, type Document, type Fetched, type Verdict, judgeDocuments } from "./build-judge"
import { filesUnder } from "../../lib/files"
import { PUBLIC_DIR, startNginx } from "../../deploy/hosting/local-nginx"
import { buildCopy, commitCopy, editJson, projectCopy } from "./project-copy"
import { http2Get, startReleaseHost } from "./release-host"
import { LIVE, linkedRelease } from "../../deploy/release/root/layout"
import { packArtifact } from "../../deploy/publish/artifact"
import type { SwitchReport } from "../../deploy/release/nginx-control"

const PROJECT_DIR = path.resolve(__dirname, "../..")
/** What the visitors browse, in turn: each page, then a move through its header. */
export const WATCHED_ROUTES = [
  "/",
  "/case-studies/",
  "/case-studies/wine/",
  "/fr/",
  "/book-demo/",
  "/fr/case-studies/hotels/",
]
const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms))
/**
 * How long the visitors may take to meet a release: a visit is a page and a move, a few seconds on a
 * host at half speed; past this, they are stuck, and the watch stops saying so.
 */
const MEET_DEADLINE_MS = 60_000

export interface Watched extends Verdict {
  /** Documents the browser loaded (each page, each reload). */
  documents: number
  /** Moves inside the site, between documents. */
  moves: number
  /** Requests that failed or answered 400 or more, by the browser and the client. */
  failedRequests: string[]
  /** Console messages of a policy refusing the page's own code. */
  policyRefusals: string[]
  /** Other console errors and uncaught exceptions. */
  errors: string[]
  /** The client's rounds: the home page and every script it names. */
  clientRounds: number
  /** Requests nginx refused unprocessed on a reload and the client sent again, as browsers do. */
  clientRetries: number
}

const sha = (bytes: Buffer | string) => crypto.createHash("sha256").update(bytes).digest("hex")

/** The files of a build folder (public/), the compressed copies aside. */
export function buildFiles(publicDir: string): BuildFiles {
  return new Map(
    filesUnder(publicDir)
      .filter((file) => !/\.(br|gz)$/.test(file))
      .map((file) => [`/${path.relative(publicDir, file).split(path.sep).join("/")}`, sha(fs.readFileSync(file))]),
  )
}

/** One visitor's browsing, document by document. */
async function visit(
  browser: Browser,
  origin: string,
  route: string,
  record: { documents: Document[]; failed: string[]; refusals: string[]; errors: string[] },
): Promise<boolean> {
  const context = await browser.newContext({ ignoreHTTPSErrors: true, serviceWorkers: "block" })
  const page: Page = await context.newPage()
  let asking = true
  const documents: Document[] = []
  const current = () => documents.at(-1)
  /** The page's own HTML: the last navigation's answer is the next document's. */
  let navigation: Promise<Fetched | undefined> | undefined
  const pages: Array<Promise<Fetched | undefined>> = []
  page.on("framenavigated", (frame) => {
    // A move inside the site (the history API) is the same document; a new one follows an answer.
    if (frame !== page.mainFrame()) return
    if (!navigation) return void current()?.shown.push(new URL(frame.url()).pathname)
    documents.push({ url: frame.url(), asked: asking, files: [], shown: [] })
    pages.push(navigation)
    navigation = undefined
    asking = false
  })
  page.on("response", (response) => {
    const url = response.url()
    if (!url.startsWith(origin)) return
    if (response.status() >= 400) record.failed.push(`${response.status()} ${url}`)
    const fetched = response
      .body()
      .then((body) => ({ url, status: response.status(), hash: sha(body) }))
      // the page moved on before the body arrived: nothing to judge
      .catch(() => undefined)
    if (response.request().isNavigationRequest() && response.frame() === page.mainFrame()) navigation = fetched
    else {
      const document = current()
      void fetched.then((file) => file && document?.files.push(file))
    }
  })
  page.on("requestfailed", (request) => {
    const failure = request.failure()?.errorText ?? ""
    // A request cut short by the page moving on (Gatsby's reload included) failed nobody.
    if (failure !== "net::ERR_ABORTED") record.failed.push(`${failure} ${request.url()}`)
  })
  page.on("console", (message) => {
    if (message.type() !== "error") return
    const text = message.text()
    if (/Content Security Policy/i.test(text)) record.refusals.push(`${page.url()}: ${text}`)
    else record.errors.push(`${page.url()}: ${text}`)
  })
  page.on("pageerror", (error) => record.errors.push(`${page.url()}: ${error.message}`))
  // Settled: nothing in flight for half a second (a reload Gatsby starts comes within that).
  let inFlight = 0
  page.on("request", () => inFlight++)
  page.on("requestfinished", () => inFlight--)
  page.on("requestfailed", () => inFlight--)
  const settled = async () => {
    for (let quiet = 0, waited = 0; quiet < 500 && waited < 15_000; waited += 50) {
      await page.waitForTimeout(50)
      quiet = inFlight > 0 ? 0 : quiet + 50
    }
  }
  let moved = false
  try {
    await page.goto(`${origin}${route}`, { waitUntil: "load" })
    await settled()
    // A move inside the site, through a link of the page's own header.
    const link = page.locator(`header a[href^="/"]:not([href="${route}"])`).first()
    const href = (await link.count()) > 0 ? await link.getAttribute("href") : null
    if (href) {
      asking = false
      await Promise.all([page.waitForURL(`${origin}${href}`, { waitUntil: "commit" }), link.click()])
      await settled()
      moved = true
    }
  } catch (error) {
    record.errors.push(`${origin}${route}: ${(error as Error).message.split("\n")[0]}`)
  }
  await context.close()
  const html = await Promise.all(pages)
  documents.forEach((document, index) => (document.html = html[index]))
  record.documents.push(...documents)
  return moved
}

/**
 * A request nginx did not process: on a reload, the old workers end their HTTP/2 connections with
 * GOAWAY, and a request sent on one meanwhile is refused (REFUSED_STREAM) or closed unanswered
 * (above the last stream the GOAWAY lets through), which HTTP/2 says a client may safely send again
 * (RFC 9113, 6.8 and 8.7), as browsers do.
 */
const refusedUnprocessed = (error: Error) =>
  /REFUSED_STREAM|GOAWAY|ERR_HTTP2_INVALID_SESSION|ERR_HTTP2_STREAM_CANCEL/.test(
    `${(error as { code?: string }).code} ${error.message}`,
  )

/**
 * GETs of the site, as a browser makes them: over one HTTP/2 connection trusting `ca` for HTTPS
 * (a new one, and the request again, when nginx refused it unprocessed), plain fetch for HTTP.
 */
function client(origin: string, ca: string, retried: () => void) {
  if (!origin.startsWith("https:")) {
    return {
      get: async (pathname: string) => {
        const response = await fetch(`${origin}${pathname}`, { redirect: "manual" })
        return { status: response.status, body: await response.text() }
      },
      close: () => {},
    }
  }
  let session: http2.ClientHttp2Session | undefined
  const sessions: http2.ClientHttp2Session[] = []
  const connection = () => {
    if (!session || session.closed || session.destroyed) {
      const opened = http2.connect(origin, { ca })
      opened.on("error", () => {})
      // A server that says GOAWAY takes no new request on this connection: the next one opens another.
      opened.on("goaway", () => {
        if (session === opened) session = undefined
      })
      session = opened
      sessions.push(opened)
    }
    return session
  }
  /** Sent again, on a new connection, while nginx refuses it unprocessed: three tries in all. */
  const get = async (pathname: string) => {
    for (let attempt = 1; ; attempt++) {
      let refusal: Error
      const used = connection()
      try {
        const answer = await http2Get(used, pathname)
        // A stream closed with no answer at all: above the last one a GOAWAY let through.
        if (answer.status !== 0) return answer
        refusal = new Error(`no answer to ${pathname}: the connection was going away`)
      } catch (error) {
        if (!refusedUnprocessed(error as Error)) throw error
        refusal = error as Error
      }
      if (attempt === 3) throw refusal
      retried()
      // A new connection for the next try; this one closes once its other requests are answered.
      if (session === used) session = undefined
      used.close()
    }
  }
  return { get, close: () => sessions.forEach((opened) => opened.close()) }
}

/** The home page and every script it names, over the client's connection of the moment. */
async function clientRound(get: ReturnType<typeof client>["get"], failed: string[]): Promise<void> {
  try {
    const home = await get("/")
    if (home.status !== 200) failed.push(`client: ${home.status} /`)
    const scripts = [...new Set(home.body.match(/\/[\w.~-]+-[0-9a-f]{20}\.js/g) ?? [])]
    const answers = await Promise.all(scripts.map(async (script) => [script, (await get(script)).status] as const))
    for (const [script, status] of answers) if (status !== 200) failed.push(`client: ${status} ${script}`)
  } catch (error) {
    failed.push(`client: ${(error as Error).message}`)
  }
}

/**
 * Resolves once a visit and a client round, each begun after the call, have ended: what the host
 * serves at the call has been met by both visitors, however fast or slow the host (no fixed pause).
 */
export type Met = () => Promise<void>
/**
 * Marks `switching` (a release, a rollback, a build in place) as the time that matters: the client
 * asks back to back from the call until half a second after it settles, and a round every 200 ms
 * otherwise (back to back all along, it kept a core busy for the whole watch).
 */
export type During = <T>(switching: Promise<T>) => Promise<T>

/** The client's pause between two rounds while nothing is switching. */
const CLIENT_IDLE_PAUSE_MS = 200
/** How long after a switch the client keeps asking back to back: pages loaded just after it. */
const AFTER_SWITCH_MS = 500

/**
 * Visits `routes` over and over, and runs the client, while `work` runs (given `met`, to let the
 * visitors meet what the host serves now, and `during`, to mark a switch); then judges every
 * document against `builds` (each build the host may have served, read after `work`).
 */
export async function watchWhile(
  { origin, ca, routes }: { origin: string; ca: string; routes: string[] },
  work: (met: Met, during: During) => Promise<void>,
  builds: () => BuildFiles[],
): Promise<Watched> {
  const browser = await chromium.launch({ executablePath: chromiumPath(), args: CHROMIUM_ARGS })
  const record = {
    documents: [] as Document[],
    failed: [] as string[],
    refusals: [] as string[],
    errors: [] as string[],
  }
  let done = false
  let moves = 0
  // Visits and client rounds begun and ended so far: each runs one after the other.
  let visitsBegun = 0
  let visitsEnded = 0
  let clientBegun = 0
  let clientRounds = 0
  let clientRetries = 0
  // Switches under way, or ended less than AFTER_SWITCH_MS ago.
  let switching = 0
  const visitor = (async () => {
    for (let i = 0; !done; i++) {
      visitsBegun++
      if (await visit(browser, origin, routes[i % routes.length], record)) moves++
      visitsEnded++
    }
  })()
  // One connection kept from round to round, as a browser keeps one: a reload's GOAWAY meets it.
  const connection = client(origin, ca, () => clientRetries++)
  const asking = (async () => {
    while (!done) {
      clientBegun++
      await clientRound(connection.get, record.failed)
      clientRounds++
      if (switching === 0) await pause(CLIENT_IDLE_PAUSE_MS)
    }
  })()
  const during: During = async (work) => {
    switching++
    try {
      return await work
    } finally {
      void pause(AFTER_SWITCH_MS).then(() => switching--)
    }
  }
  const met: Met = async () => {
    const [visit, round] = [visitsBegun + 1, clientBegun + 1]
    for (const started = performance.now(); visitsEnded < visit || clientRounds < round; await pause(50)) {
      if (performance.now() - started > MEET_DEADLINE_MS)
        throw new Error(
          `the visitors did not meet the release in ${MEET_DEADLINE_MS / 1000} s: ${visitsEnded} visits and ${clientRounds} client rounds ended`,
        )
    }
  }
  try {
    await work(met, during)
  } finally {
    done = true
    await Promise.all([visitor, asking])
    connection.close()
    await browser.close()
  }
  const { mixed, unknownPages, reloads } = judgeDocuments(record.documents, builds())
  return {
    documents: record.documents.length,
    moves,
    failedRequests: record.failed,
    policyRefusals: record.refusals,
    errors: record.errors,
    mixed,
    unknownPages,
    reloads,
    clientRounds,
    clientRetries,
  }
}

/** Changes a copy of the site's content alone, as an editor's publish does: the same code. */
function makeNextContent(dir: string): void {
  editJson(path.join(dir, "content/home/hero.json"), (hero) => (hero.eyebrow = "Intelligence, next release"))
  commitCopy(dir, "An editor's publish")
}

/** Changes a copy of the site's code (so other script names). */
function makeNextCode(dir: string): void {
  const theme = path.join(dir, "src/styles/theme.ts")
  fs.writeFileSync(theme, fs.readFileSync(theme, "utf8").replace('fast: "160ms"', 'fast: "150ms"'))
  commitCopy(dir, "The next release of the code")
}

/** Builds a copy; a build that fails stops the measure with its output. */
async function buildOrStop(dir: string): Promise<void> {
  const { status, output } = await buildCopy(dir)
  if (status !== 0) throw new Error(`the copy did not build: ${output.slice(-2000)}`)
}

export interface UnderLoad {
  watched: Watched
  /** Each switch and the time it took, as "release 41 ms". */
  switches: string[]
}

/**
 * `npm run release` and `npm run rollback` under load: public/ live on a release host, then, released
 * while visitors browse, a copy of the project (other code: its scripts are named otherwise, its
 * node_modules being a link) and an editor's publish in it (other texts, the same code); then the
 * copy's first build and that last one taking turns as releases of their own (`--older-commit`), and
 * a rollback. (Not public/ again: the copy may tell the host of a study's window public/'s build does
 * not keep, which the host then refuses, deploy/release/told-calendar.ts.) Both are built before
 * the visitors come (the copy's build packed as an artifact, as the build server packs one): a
 * release copies a build into a folder of its own, so a build beside the live site shares only the
 * machine with it (the procedure before releases, which built in the served folder, is measured by
 * inPlaceBuildUnderLoad). The next site is `next.dir`, a project copy
 * (test/support/project-copy.ts) the caller has built and keeps (its Gatsby cache with it), or a copy
 * of its own built here and removed at the end; `next.publish` makes the editor's publish in it once
 * the copy is packed (by default, a new line of the hero built in place; the publish path, for a
 * caller that proves it).
 */
export async function releasesUnderLoad(
  next: { dir?: string; publish?: (dir: string) => Promise<void> } = {},
): Promise<UnderLoad> {
  const host = await startReleaseHost({ projectDir: PROJECT_DIR })
  const dir = next.dir ?? projectCopy()
  const makePublish =
    next.publish ??
    (async (copy: string) => {
      makeNextContent(copy)
      await buildOrStop(copy)
    })
  const copyArtifact = fs.mkdtempSync(path.join(os.tmpdir(), "aurelle-copy-artifact-"))
  try {
    commitCopy(dir, "A copy of the project")
    if (!next.dir) await buildOrStop(dir)
    await packArtifact(copyArtifact, dir)
    const copy = buildFiles(path.join(copyArtifact, "public"))
    await makePublish(dir)
    const publish = buildFiles(path.join(dir, "public"))
    const switches: string[] = []
    const watched = await watchWhile(
      { origin: host.url, ca: host.ca, routes: WATCHED_ROUTES },
      async (met, during) => {
        const released = async (name: string, switching: Promise<SwitchReport>) =>
          switches.push(`${name} ${(await during(switching)).switchMs.toFixed(0)} ms`)
        await met()
        await released("copy", host.release(copyArtifact))
        await met()
        await released("editor's publish", host.release(dir))
        // Builds of older and newer commits taking turns: the operator's explicit going back.
        for (const source of [copyArtifact, dir, copyArtifact, dir]) {
          await met()
          await released("release", host.release(source, undefined, { olderCommit: true }))
        }
        await met()
        await released("rollback", host.rollback())
        await met()
      },
      () => [buildFiles(PUBLIC_DIR), copy, publish],
    )
    switches.push(`(${linkedRelease(host.root, LIVE)} live at the end)`)
    return { watched, switches }
  } finally {
    await host.stop()
    fs.rmSync(copyArtifact, { recursive: true, force: true })
    if (!next.dir) fs.rmSync(dir, { recursive: true, force: true })
  }
}

/**
 * The procedure before releases: nginx serving the build's own public/, the next site built over it
 * in place while visitors browse. (Its other step, copying nginx's configuration and reloading, no
 * longer changes what is served: each page carries its own policy.)
 */
export async function inPlaceBuildUnderLoad(): Promise<UnderLoad> {
  const site = projectCopy()
  try {
    await buildOrStop(site)
    const before = buildFiles(path.join(site, "public"))
    const nginx = await startNginx({ publicDir: path.join(site, "public"), cmsBackend: null })
    try {
      const started = performance.now()
      let buildMs = 0
      const watched = await watchWhile(
        { origin: nginx.url, ca: "", routes: WATCHED_ROUTES },
        async (met, during) => {
          await met()
          makeNextContent(site)
          makeNextCode(site)
          const building = performance.now()
          await during(buildOrStop(site))
          buildMs = performance.now() - building
          await met()
        },
        () => [before, buildFiles(path.join(site, "public"))],
      )
      return {
        watched,
        switches: [
          `build in place ${(buildMs / 1000).toFixed(0)} s of ${((performance.now() - started) / 1000).toFixed(0)} s watched`,
        ],
      }
    } finally {
      await nginx.stop()
    }
  } finally {
    fs.rmSync(site, { recursive: true, force: true })
  }
}

/** One line per measure, for a test's output or the bench's table, with the first of each kind of failure. */
export function describeWatched({ watched, switches }: UnderLoad): string {
  const examples = (name: string, list: string[]) =>
    list.length > 0 ? [`  ${name}, for example:`, ...list.slice(0, 3).map((line) => `    ${line.slice(0, 300)}`)] : []
  return [
    `  switches: ${switches.join(", ")}`,
    `  browser: ${watched.documents} pages loaded, ${watched.moves} moves inside the site, ${watched.reloads} reloaded by Gatsby on meeting the next release's data`,
    `  client: ${watched.clientRounds} rounds of the home page and every script it names; ${watched.clientRetries} requests refused unprocessed on a reload and sent again`,
    `  failed requests: ${watched.failedRequests.length}; policy refusals: ${watched.policyRefusals.length}; pages of two builds: ${watched.mixed.length}; pages of no build: ${watched.unknownPages.length}; other errors: ${watched.errors.length}`,
    ...examples("failed requests", watched.failedRequests),
    ...examples("policy refusals", watched.policyRefusals),
    ...examples("pages of two builds", watched.mixed),
    ...examples("pages of no build", watched.unknownPages),
    ...examples("other errors", watched.errors),
  ].join("\n")
}
