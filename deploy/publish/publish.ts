/**
 * npm run publish:build: the publish path (docs/deploying.md), which an editor's publish takes when
 * it changed content alone (deploy/publish/path.ts). Each step timed, in order:
 *
 *   content check   every content rule, each problem with its file and JSON path; each translation
 *                   whose English changed after it was made, a warning (said again at the end)
 *   build           gatsby build, with Gatsby's cache (.cache/, public/) kept from the last build
 *   changed pages   the pages the build made different from the live release's (its /release-pages.json),
 *                   or, when the live site cannot say, from the last build's (Gatsby's cache)
 *   gates           control characters, links, byte budgets, on those; html-validate and the Nu Html
 *                   Checker on those the browser visits
 *   browser         Chromium at 375 and 1440 px on those: axe, the screen's width, the console; of the
 *                   pages changed only by data every page shares, one a template and language
 *                   (deploy/publish/browser-pages.ts)
 *   artifact        the build packed for release (deploy/publish/artifact.ts)
 *
 * Timing gates (Lighthouse, load) are the full suite's: they never stand between an editor's text and
 * the site. On a failure the step's first complaint is written to .tmp/publish/refusal.txt, which the
 * build server posts as the commit's status, for the CMS to show the editor.
 */
import { spawn } from "node:child_process"
import fs from "node:fs"
import path from "node:path"
import { ARTIFACT_DIR, packArtifact } from "./artifact"
import { builtPagesOf, changedPages } from "../../build-steps/post-build/changed-pages"
import { type BrowserPages, pagesForTheBrowser } from "./browser-pages"
import { CHECK_PAGES } from "./pages-to-check"
import { RELEASE_PAGES_PATH, readReleasePages } from "../../contracts/release-stamp"
import { readSiteSettings } from "../../lib/site-settings"
import { readSource } from "../lib/read-source"
import { checkContent } from "./gates/check-content"
import { historyUnreadNote } from "../../build-steps/content/validate"
import { CHECKED_VARIABLE } from "../../build-steps/context"
import { type ContentProblem, formatProblem } from "../../model/problems"

const PROJECT_DIR = path.resolve(__dirname, "../..")
const PUBLIC_DIR = path.join(PROJECT_DIR, "public")
const CONTENT_DIR = path.join(PROJECT_DIR, "content")
export const PUBLISH_DIR = path.join(PROJECT_DIR, ".tmp/publish")
const PAGES_FILE = path.join(PUBLISH_DIR, "pages.txt")
/** The pages of PAGES_FILE whose rendering is checked: markup and browser (deploy/publish/browser-pages.ts). */
const BROWSER_PAGES_FILE = path.join(PUBLISH_DIR, "browser-pages.txt")
export const REFUSAL_FILE = path.join(PUBLISH_DIR, "refusal.txt")
export const STEPS_FILE = path.join(PUBLISH_DIR, "steps.json")

/** The publish path's steps, in order (a step with no changed page to check is left out). */
export const PUBLISH_STEPS = ["content check", "build", "changed pages", "gates", "browser", "artifact"] as const
type StepName = (typeof PUBLISH_STEPS)[number]

class StepFailed extends Error {}

/** Runs a command, its output shown as it comes; resolves with its first complaint, or null when it passed. */
function run(command: string, args: string[], env: Record<string, string> = {}): Promise<string | null> {
  return new Promise((resolve) => {
    const child = spawn(command, args, {
      cwd: PROJECT_DIR,
      env: { ...process.env, GATSBY_TELEMETRY_DISABLED: "1", ...env },
      stdio: ["ignore", "pipe", "pipe"],
    })
    let complaint: string | null = null
    const read = (stream: NodeJS.ReadableStream, out: NodeJS.WriteStream, isComplaint: (line: string) => boolean) => {
      let rest = ""
      stream.on("data", (chunk: Buffer) => {
        out.write(chunk)
        const lines = (rest + chunk.toString("utf8")).split("\n")
        rest = lines.pop()!
        // eslint-disable-next-line no-control-regex
        for (const line of lines.map((text) => text.replace(/\u001b\[[\d;]*m/g, "").trim())) {
          if (!complaint && line && isComplaint(line)) complaint = line
        }
      })
    }
    read(child.stderr!, process.stderr, (line) => !/^(npm warn|warning|>)/i.test(line))
    read(child.stdout!, process.stdout, (line) => /^(error\b|Error:|ERROR #)/.test(line))
    child.on("close", (code) =>
      resolve(code === 0 ? null : (complaint ?? `${command} ${args.join(" ")} failed (exit ${code})`)),
    )
  })
}

const tsx = (script: string, env?: Record<string, string>) => run("npx", ["tsx", script], env)

/**
 * Where the live release's pages are read (contracts/release-stamp.ts, RELEASE_PAGES_PATH): LIVE_PAGES,
 * an address or a file, or else the settings' site; empty, nowhere.
 */
function livePagesSource(): string | null {
  if (process.env.LIVE_PAGES !== undefined) return process.env.LIVE_PAGES || null
  return new URL(RELEASE_PAGES_PATH, readSiteSettings(path.join(PROJECT_DIR, "content")).siteUrl).href
}

/** The live release's pages, or why they could not be read (then the publish compares with the last build). */
async function livePages(): Promise<{ pages: Map<string, string> } | { reason: string }> {
  const source = livePagesSource()
  if (!source) return { reason: "LIVE_PAGES is empty" }
  try {
    const pages = readReleasePages(JSON.parse(await readSource(source, 15_000)))
    if (!pages) throw new Error(`${source} is not a release's pages`)
    return { pages: new Map(Object.entries(pages.pages)) }
  } catch (error) {
    // Named once: the reader's own errors name the address or the file already.
    const { message } = error as Error
    return { reason: message.includes(source) ? message : `${source}: ${message}` }
  }
}

interface Step {
  name: StepName
  seconds: number
  note?: string
}

/** The pages a build made, as the changed pages' step compares them. */
type BuiltPages = ReturnType<typeof builtPagesOf>

/**
 * What a step ends with: the value the next steps take, its first complaint (a refusal), a note for
 * the summary, and warnings said again at the end (translations to check).
 */
interface Outcome<T> {
  value: T
  complaint?: string | null
  note?: string
  warnings?: readonly ContentProblem[]
  /** Said again at the end, beside the warnings. */
  said?: readonly string[]
}

/**
 * The steps' record as they run: each step timed and noted, in order, and the warnings they gave
 * (said again at the end). The steps hand each other values; this keeps only what the summary says.
 */
class StepLog {
  readonly steps: Step[] = []
  readonly warnings: ContentProblem[] = []
  readonly said: string[] = []

  /** Runs a step; its value, or StepFailed with its first complaint (written for the build server to post). */
  async run<T>(name: StepName, work: () => Promise<Outcome<T>>): Promise<T> {
    console.log(`\n==> publish: ${name}`)
    const started = performance.now()
    const { value, complaint, note, warnings = [], said = [] } = await work()
    this.steps.push({ name, seconds: (performance.now() - started) / 1000, note: note || undefined })
    this.warnings.push(...warnings)
    this.said.push(...said)
    if (complaint) {
      fs.writeFileSync(REFUSAL_FILE, `${name}: ${complaint}\n`)
      throw new StepFailed(`${name}: ${complaint}`)
    }
    return value
  }
}

/** What the publish path says at its end when the history could not be read: that only the files' own records were. */
export const historyNote = (unread: string | undefined): string[] => (unread ? [historyUnreadNote(unread)] : [])

/** The content checked once: what passed, for the build to check no more (build-steps/context.ts, contentDigest). */
async function contentCheck(): Promise<Outcome<Record<string, string>>> {
  const report = await checkContent(CONTENT_DIR)
  const count = report.toCheck.length
  return {
    value: { [CHECKED_VARIABLE]: report.digest },
    complaint: report.refusal,
    note: [
      count ? `${count} translation${count === 1 ? "" : "s"} to check` : "",
      report.historyUnread ? "history not read" : "",
    ]
      .filter(Boolean)
      .join("; "),
    warnings: report.toCheck,
    said: historyNote(report.historyUnread),
  }
}

/** The pages to check: those the build made different from what is live (or, when that cannot be read, the last build). */
interface Changed {
  pages: string[]
  browser: BrowserPages
  all: number
}

async function changed(before: BuiltPages): Promise<Outcome<Changed>> {
  const after = builtPagesOf(PUBLIC_DIR)
  // What is live says what a visitor meets; the cache, only what the last build left.
  const live = await livePages()
  const against =
    "pages" in live ? "the live release" : before.fingerprints.size ? "the last build" : "nothing: every page"
  if (!("pages" in live))
    console.log(`The live release's pages could not be read (${live.reason}): comparing with the last build`)
  const pages = changedPages("pages" in live ? live.pages : before.fingerprints, after.fingerprints)
  fs.writeFileSync(PAGES_FILE, pages.map((page) => `${page}\n`).join(""))
  console.log(pages.length ? pages.join("\n") : "(none)")
  const browser = pagesForTheBrowser(pages, "pages" in live ? live.pages : null, before, after.parts)
  fs.writeFileSync(BROWSER_PAGES_FILE, browser.pages.map((page) => `${page}\n`).join(""))
  return {
    value: { pages, browser, all: after.fingerprints.size },
    note: `${pages.length} of ${after.fingerprints.size}, against ${against}`,
  }
}

/**
 * The gates and the browser on the changed pages. Every page changed (a cold build, or the settings
 * every page shows): the page-by-page gates run as npm test runs them, over the whole build,
 * following its links from page to page. The markup's checks, like the browser's, read a page of
 * each template and language for a change they share (docs/testing.md, "The publish path's checks").
 */
async function checkPages(log: StepLog, { pages, browser, all }: Changed): Promise<void> {
  if (pages.length === 0) return
  const only: Record<string, string> = pages.length < all ? { [CHECK_PAGES]: PAGES_FILE } : {}
  const rendered: Record<string, string> = browser.pages.length < all ? { [CHECK_PAGES]: BROWSER_PAGES_FILE } : {}
  await log.run("gates", async () => {
    const results = await Promise.all([
      tsx("deploy/publish/gates/check-html.ts", rendered),
      tsx("deploy/publish/gates/check-nu.ts", rendered),
      tsx("deploy/publish/gates/check-text-bytes.ts", only),
      tsx("deploy/publish/gates/check-links.ts", only),
      tsx("deploy/publish/gates/budgets.ts", only),
    ])
    return {
      value: undefined,
      complaint: results.find(Boolean) ?? null,
      note: `text, links, weight: ${pages.length}; markup: ${browser.pages.length}`,
    }
  })
  await log.run("browser", async () => ({
    value: undefined,
    complaint: await run("npx", ["playwright", "test", "--config", "deploy/publish/browser/playwright.config.ts"], {
      ...rendered,
      E2E_REPORT: path.join(PUBLISH_DIR, "playwright.json"),
    }),
    note: `${browser.pages.length} of ${pages.length}, ${browser.stoodFor} stood for by a page of their template`,
  }))
}

/** The publish path, each step's value handed to the next. */
async function publish(log: StepLog): Promise<void> {
  const checked = await log.run("content check", contentCheck)
  const before = builtPagesOf(PUBLIC_DIR)
  await log.run("build", async () => ({
    value: undefined,
    complaint: await run("npm", ["run", "build"], checked),
    note: before.fingerprints.size ? "Gatsby's cache kept" : "no cache: a cold build",
  }))
  const pages = await log.run("changed pages", () => changed(before))
  await checkPages(log, pages)
  await log.run("artifact", async () => ({ value: await packArtifact(ARTIFACT_DIR) }))
}

/** What the operator reads at the end: each step's time and note, then the translations to check. */
function summary(log: StepLog, started: number): void {
  fs.writeFileSync(STEPS_FILE, `${JSON.stringify(log.steps, null, 2)}\n`)
  console.log(`\nPublish path, ${((performance.now() - started) / 1000).toFixed(1)} s:`)
  for (const { name, seconds, note } of log.steps)
    console.log(`  ${name.padEnd(14)} ${seconds.toFixed(1).padStart(6)} s${note ? `  (${note})` : ""}`)
  for (const line of log.said) console.log(`\n${line}`)
  if (log.warnings.length > 0) {
    console.log("\nTranslations to check (a warning: their English changed after they were made):")
    for (const problem of log.warnings) console.log(`  warning ${formatProblem(problem)}`)
  }
}

async function main(): Promise<void> {
  fs.rmSync(PUBLISH_DIR, { recursive: true, force: true })
  fs.mkdirSync(PUBLISH_DIR, { recursive: true })
  const started = performance.now()
  const log = new StepLog()
  try {
    await publish(log)
  } catch (error) {
    if (!(error instanceof StepFailed)) throw error
    console.error(`\nPublish path refused: ${error.message}\nNothing was released.`)
    process.exitCode = 1
  } finally {
    summary(log, started)
  }
}

if (require.main === module) {
  main().catch((error: Error) => {
    console.error(error)
    process.exit(1)
  })
}
