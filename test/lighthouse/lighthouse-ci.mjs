// @ts-check
/**
 * `npm run lighthouse`, the test command's Lighthouse gate: a route of each template of the build's
 * sitemap in both languages, served by nginx as production serves it, through Lighthouse's Node API, a
 * Chromium for each preset (Lighthouse opens each run in a new tab, its origin's storage and the
 * browser's cache cleared; a Chromium of its own for each run took the gate 89 s against 79).
 * Usage: node test/lighthouse/lighthouse-ci.mjs [desktop|mobile]...  (both by default)
 *
 * - Desktop and mobile side by side, each in a process of its own with its own nginx (Lighthouse
 *   keeps state per process), each printed whole once done: the verdict is made to hold with a load
 *   beside it (below), and the two together took 95 s here against 82 + 77 s one after the other. A
 *   preset's runs go in rounds over every route (quality-budgets.json, `runs`: one a route each
 *   today), so that a slow minute on a shared machine costs a route one run rather than all.
 * - A route's first run audits all four categories; the later ones only the metrics of the
 *   performance score (the accessibility, best-practices and SEO audits and the performance
 *   diagnostics read the page, not its timing, and need one run).
 * - Each value's verdict is the median of its runs (quality-budgets.json: categories, LCP, TBT, CLS);
 *   a route over budget after its rounds is audited again, to three runs on desktop and nine on
 *   mobile (`runs.confirm`), and judged on the median of them all, so one slow run never fails a
 *   route alone. A route's runs stop once no run still to come could change its verdict
 *   (verdict.mjs, `settledWithinBudget`): of nine, once five are within every budget.
 * - Every run emulates the same device whatever the host: its CPU slowdown is set from the host's
 *   benchmark index, as Lighthouse measured it in the last runs (test/support/host-speed.mjs),
 *   instead of the presets' fixed 4x and 1x, which make a slower device of a slower host. The tables
 *   and the verdict say which index and slowdown the runs had.
 * - Total blocking time is judged from the CPU time of the page's main thread in each run's trace,
 *   on the device emulated (test/lighthouse/verdict.mjs says why): the wall time of a two-core
 *   host's tasks is shared with Chromium's other processes and with whatever else the host runs.
 * - The gate audits one route of each template in each language (verdict.mjs, `routesToAudit`, says
 *   why that is enough): 10 routes of the sitemap's 22. LIGHTHOUSE_ROUTES=/,/fr/book-demo/ audits
 *   those routes alone (a quick look); LIGHTHOUSE_ALL=1 every route of the sitemap. A route the
 *   sitemap lacks, or nothing to audit, stops the gate.
 * - Reports land in .tmp/lighthouse/<preset>/: each run's JSON, the first round's HTML, and
 *   summary.json with each route's medians (npm run bench reads it).
 *
 * In one process, a run takes about 5.5 s of this machine's time against 12 s for the same run through
 * LHCI, which starts Node and Lighthouse anew for each.
 * Plain JavaScript, run by Node itself: tsx would rewrite Lighthouse's own code, which Lighthouse
 * then sends into the page it audits (its functions lose a helper tsx adds, and throw there).
 */
import { execFileSync, spawn } from "node:child_process"
import fs from "node:fs"
import path from "node:path"
import { fileURLToPath } from "node:url"
import * as chromeLauncher from "chrome-launcher"
import lighthouse from "lighthouse"
import desktopConfig from "lighthouse/core/config/desktop-config.js"
import {
  DESKTOP_INDEX,
  hostIndexNow,
  MOBILE_PRESET_SLOWDOWN,
  PHONE_INDEX,
  slowdownFor,
} from "../support/host-speed.mjs"
import { serveReferencePage } from "./reference.mjs"
import { failures, mainThreadCpu, routesToAudit, settledWithinBudget, summarize } from "./verdict.mjs"

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../..")
/** The flags every Chromium of the tests starts with (test/support/browser.ts), and Debian's Chromium. */
const CHROMIUM_ARGS = JSON.parse(fs.readFileSync(path.join(ROOT, "deploy/publish/browser/chromium-flags.json"), "utf8"))
const CHROMIUM = process.env.CHROME_PATH || "/usr/bin/chromium"
/** The build audited: this project's, or another's (LIGHTHOUSE_PUBLIC_DIR, a copy's for npm run bench:scale). */
const PUBLIC_DIR = process.env.LIGHTHOUSE_PUBLIC_DIR
  ? path.resolve(process.env.LIGHTHOUSE_PUBLIC_DIR)
  : path.join(ROOT, "public")
const REPORTS = path.join(ROOT, ".tmp/lighthouse")
/** nginx's port: any free one unless LIGHTHOUSE_PORT names one. */
const PORT = process.env.LIGHTHOUSE_PORT ?? "0"

/**
 * What a run after a route's first is audited for: the five metrics the performance score is made
 * of (Lighthouse's weights), and the observed paints the blocking time is counted from (`metrics`). The first run of a route
 * audits every category; the later ones only time the page, and Lighthouse's diagnostics and
 * opportunities (unused code, caching, image sizes) read the same bytes each time.
 */
const VERDICT_AUDITS = [
  "first-contentful-paint",
  "largest-contentful-paint",
  "total-blocking-time",
  "cumulative-layout-shift",
  "speed-index",
  "metrics",
]

/** @typedef {"mobile" | "desktop"} Preset */
/** @type {Preset[]} */
const PRESETS = ["desktop", "mobile"]

/**
 * @type {{ runs: Record<Preset, number> & { confirm: Record<Preset, number> },
 *   categories: Record<string, number>, largestContentfulPaintMs: Record<Preset, number>,
 *   totalBlockingTimeMs: number, cumulativeLayoutShift: number }}
 */
const budgets = JSON.parse(fs.readFileSync(path.join(ROOT, "quality-budgets.json"), "utf8")).lighthouse

/** The routes to audit: the build's own sitemap (e2e/seo.spec.ts checks it lists exactly the site's routes). */
function sitemapRoutes() {
  const sitemap = path.join(PUBLIC_DIR, "sitemap-0.xml")
  if (!fs.existsSync(sitemap)) throw new Error(`${sitemap} is missing: run the build first.`)
  const locations = [...fs.readFileSync(sitemap, "utf8").matchAll(/<loc>([^<]+)<\/loc>/g)]
  return locations.map((match) => new URL(match[1]).pathname)
}

/**
 * Each route's template in its language, from the build's record of its pages
 * (test/lighthouse/page-templates.ts, in TypeScript: run by tsx in a process of its own).
 * @returns {Record<string, string>}
 */
function pageTemplates() {
  const script = path.join(ROOT, "test/lighthouse/page-templates.ts")
  return JSON.parse(
    execFileSync(process.execPath, ["--import", "tsx", script, PUBLIC_DIR], { cwd: ROOT, encoding: "utf8" }),
  )
}

/**
 * The host's benchmark index as Lighthouse measured it in each run so far, in order (every report
 * has it). Each run's CPU slowdown is set from the last few (test/support/host-speed.mjs), so that
 * every mobile run emulates the same phone and every desktop run the same desktop, on a fast host, a
 * slow one, or one whose speed moves during the gate.
 * @type {number[]}
 */
const hostIndexes = []

/** The device each preset emulates: its benchmark index (test/support/host-speed.mjs). */
const DEVICE_INDEX = { mobile: PHONE_INDEX, desktop: DESKTOP_INDEX }

/** @type {Record<Preset, { benchmarkIndex: number, cpuSlowdown: number }[]>} each run's host and slowdown */
const emulated = { mobile: [], desktop: [] }

/**
 * The slowdown the next run of `preset` takes: from the host's last measured indexes; where none was
 * measured yet, one run of the reference page measures it first.
 * @param {Preset} preset
 */
async function slowdownForNextRun(preset) {
  if (hostIndexes.length === 0) {
    const reference = await serveReferencePage(ROOT)
    try {
      await auditWithRetries(reference.url, "mobile", false, MOBILE_PRESET_SLOWDOWN)
    } finally {
      await reference.close()
    }
  }
  const benchmarkIndex = hostIndexNow(hostIndexes)
  const run = { benchmarkIndex, cpuSlowdown: slowdownFor(benchmarkIndex, DEVICE_INDEX[preset]) }
  emulated[preset].push(run)
  return run.cpuSlowdown
}

/**
 * The device a preset's runs emulated, for the verdict: the host's index and the slowdown, lowest to highest.
 * @param {Preset} preset
 */
function deviceEmulated(preset) {
  const runs = emulated[preset]
  /** @param {number[]} values @param {(value: number) => string} show */
  const span = (values, show) => {
    const [low, high] = [Math.min(...values), Math.max(...values)]
    return low === high ? show(low) : `${show(low)} to ${show(high)}`
  }
  const device =
    preset === "mobile"
      ? `a phone of benchmark index ${PHONE_INDEX} (Lighthouse's ${MOBILE_PRESET_SLOWDOWN}x of the desktop)`
      : `a desktop of benchmark index ${DESKTOP_INDEX.toLocaleString("en")} (the hosts the budgets were measured on)`
  return `${device}: the host's index read ${span(
    runs.map((run) => run.benchmarkIndex),
    (value) => value.toLocaleString("en"),
  )}, the CPU slowed ${span(
    runs.map((run) => run.cpuSlowdown),
    (value) => `${value}x`,
  )} (${runs.length} runs)`
}

/**
 * The preset's Chromium, with the same flags as every other of the tests: one for all its runs
 * (Lighthouse opens each run in a new tab, its origin's storage and the browser's cache cleared
 * first), started anew after a run that failed.
 * @type {import("chrome-launcher").LaunchedChrome | undefined}
 */
let chrome
const started = async () =>
  (chrome ??= await chromeLauncher.launch({ chromePath: CHROMIUM, chromeFlags: ["--headless=new", ...CHROMIUM_ARGS] }))
const stopChrome = async () => {
  const running = chrome
  chrome = undefined
  await running?.kill()
}

/**
 * Audits a route once. The result's `lhr` carries the gate's `mainThreadCpu`
 * (test/lighthouse/verdict.mjs): the page's main thread on the device, at the slowdown this run's
 * own benchmark index gives.
 * @param {string} url @param {Preset} preset @param {boolean} allCategories @param {number} cpuSlowdown
 */
async function audit(url, preset, allCategories, cpuSlowdown) {
  const { port } = await started()
  try {
    const config = {
      ...(preset === "desktop" ? desktopConfig : { extends: "lighthouse:default" }),
      settings: {
        ...(preset === "desktop" ? desktopConfig.settings : {}),
        throttling: {
          ...(preset === "desktop" ? desktopConfig.settings?.throttling : {}),
          cpuSlowdownMultiplier: cpuSlowdown,
        },
        // Audits no category scores (weight 0): the back/forward-cache check alone navigates away and back.
        skipAudits: ["bf-cache", "screenshot-thumbnails", "final-screenshot"],
        disableFullPageScreenshot: true,
        ...(allCategories ? {} : { onlyAudits: VERDICT_AUDITS }),
      },
    }
    const result = await lighthouse(url, { port, output: allCategories ? "html" : "json", logLevel: "error" }, config)
    if (!result) throw new Error(`Lighthouse returned nothing for ${url}`)
    if (result.lhr.runtimeError) throw new Error(`${url}: ${result.lhr.runtimeError.message}`)
    const { benchmarkIndex } = result.lhr.environment
    hostIndexes.push(benchmarkIndex)
    const metrics = /** @type {any} */ (result.lhr.audits.metrics?.details)?.items?.[0]
    if (!metrics) throw new Error(`${url}: Lighthouse's metrics audit gave no observed paints`)
    const cpu = mainThreadCpu(
      result.artifacts.Trace,
      metrics.observedFirstContentfulPaintTs,
      slowdownFor(benchmarkIndex, DEVICE_INDEX[preset]),
    )
    return { lhr: { ...result.lhr, mainThreadCpu: cpu }, report: result.report }
  } catch (error) {
    await stopChrome()
    throw error
  }
}

/**
 * A run, again if Lighthouse could not record it (a trace without its navigation, now and then on a
 * busy machine; mostly while the pages sent Cross-Origin-Opener-Policy, which moved each navigation
 * to a new renderer): it says nothing of the page, and the run is taken anew, up to twice.
 * @param {string} url @param {Preset} preset @param {boolean} allCategories @param {number} cpuSlowdown
 */
async function auditWithRetries(url, preset, allCategories, cpuSlowdown) {
  for (let attempt = 1; ; attempt += 1) {
    try {
      return await audit(url, preset, allCategories, cpuSlowdown)
    } catch (error) {
      if (attempt === 3) throw error
      console.log(`(${url}: ${error instanceof Error ? error.message : String(error)}; running it again)`)
    }
  }
}

/** @param {string} route */
const fileNameOf = (route) => route.replace(/^\/|\/$/g, "").replace(/\//g, "_") || "home"

/**
 * Audits `routes` in `rounds` rounds, each route once per round; a route then over budget is audited
 * again until it has its preset's `budgets.runs.confirm` runs, so that a few slow runs of a shared
 * machine do not decide (a page that is over budget stays over in the median). Writes each run's report and the
 * routes' medians to .tmp/lighthouse/<preset>/ and returns what is over budget.
 * @param {string} origin @param {Preset} preset @param {string[]} routes @param {number} rounds
 */
async function auditRoutes(origin, preset, routes, rounds) {
  const folder = path.join(REPORTS, preset)
  fs.rmSync(folder, { recursive: true, force: true })
  fs.mkdirSync(folder, { recursive: true })
  /** @type {Map<string, any[]>} */
  const runs = new Map(routes.map((route) => [route, []]))
  const categories = Object.keys(budgets.categories)
  /** @param {string} route */
  const auditOnce = async (route) => {
    const done = runs.get(route) ?? []
    const first = done.length === 0
    const result = await auditWithRetries(`${origin}${route}`, preset, first, await slowdownForNextRun(preset))
    done.push(result.lhr)
    const name = `${fileNameOf(route)}-${done.length}`
    fs.writeFileSync(path.join(folder, `${name}.json`), JSON.stringify(result.lhr))
    if (first) fs.writeFileSync(path.join(folder, `${name}.html`), String(result.report))
  }
  /** @param {string} route @param {any[]} [measured] */
  const overBudget = (route, measured = runs.get(route) ?? []) =>
    failures(route, summarize(measured, categories), budgets, preset)
  /** Whether no run still to come could put the median of `target` runs over a budget. @param {string} route @param {number} target */
  const settled = (route, target) =>
    settledWithinBudget(runs.get(route) ?? [], target, (measured) => overBudget(route, measured))

  const started = Date.now()
  for (let round = 0; round < rounds; round += 1) {
    for (const route of routes) if (!settled(route, rounds)) await auditOnce(route)
  }
  const confirmRuns = budgets.runs.confirm[preset]
  const toConfirm = routes.filter((route) => overBudget(route).length > 0 && rounds < confirmRuns)
  for (const route of toConfirm) {
    const taken = runs.get(route)?.length ?? 0
    console.log(`(${route}: over budget after ${taken} run(s): ${overBudget(route).join("; ")}; confirming)`)
    while ((runs.get(route)?.length ?? 0) < confirmRuns && !settled(route, confirmRuns)) await auditOnce(route)
  }

  const summaries = Object.fromEntries(routes.map((route) => [route, summarize(runs.get(route) ?? [], categories)]))
  fs.writeFileSync(path.join(folder, "summary.json"), `${JSON.stringify(summaries, null, 2)}\n`)
  const seconds = (Date.now() - started) / 1000
  const confirmed = toConfirm.length > 0 ? `, ${toConfirm.length} route(s) confirmed to ${confirmRuns}` : ""
  const taken = [...runs.values()].reduce((sum, measured) => sum + measured.length, 0)
  console.log(
    `--- Lighthouse, ${preset} preset: ${routes.length} routes, the median of ${rounds} run(s) each${confirmed}: ${taken} runs in ${Math.round(seconds)} s, a route's runs stopped once no run to come could change its verdict (reports: .tmp/lighthouse/${preset}/)`,
  )
  printTable(summaries)
  return routes.flatMap((route) => overBudget(route))
}

/**
 * Each route's medians; "perf" and "TBT ms" are Lighthouse's own, from the host's wall time; "perf*"
 * is the performance score without total blocking time and speed index and "CPU TBT" the blocking
 * time from the main thread's CPU time, the two judged (verdict.mjs).
 * @param {Record<string, ReturnType<typeof summarize>>} summaries
 */
function printTable(summaries) {
  const percent = (/** @type {number} */ score) => String(Math.round(score * 100))
  console.log(
    "route".padEnd(30),
    "runs perf perf* a11y bp seo",
    "LCP ms".padStart(7),
    "TBT ms".padStart(7),
    "CPU TBT".padStart(8),
    "CLS".padStart(6),
    "index".padStart(6),
    "CPU x".padStart(6),
  )
  for (const [route, summary] of Object.entries(summaries)) {
    const [performance, ...others] = Object.values(summary.categories).map(percent)
    console.log(
      route.padEnd(30),
      String(summary.runs).padStart(4) +
        performance.padStart(5) +
        percent(summary.performanceWithoutHostTiming).padStart(6) +
        others.map((score) => score.padStart(4)).join(""),
      String(Math.round(summary.largestContentfulPaintMs)).padStart(7),
      String(Math.round(summary.totalBlockingTimeMs)).padStart(7),
      String(Math.round(summary.cpuBlockingTimeMs)).padStart(8),
      summary.cumulativeLayoutShift.toFixed(3).padStart(6),
      String(summary.benchmarkIndex).padStart(6),
      summary.cpuSlowdown.toFixed(2).padStart(6),
    )
  }
}

/** @param {string} origin @param {Preset} preset @param {string[]} routes */
const runPreset = (origin, preset, routes) => auditRoutes(origin, preset, routes, budgets.runs[preset])

/** nginx with the shipped configuration (deploy/hosting/serve.ts), until `stop`. */
async function startNginx() {
  const server = spawn(path.join(ROOT, "node_modules/.bin/tsx"), ["deploy/hosting/serve.ts"], {
    cwd: ROOT,
    env: { ...process.env, NGINX_PORT: PORT, NGINX_PUBLIC_DIR: PUBLIC_DIR },
    stdio: ["ignore", "pipe", "inherit"],
  })
  // It says where it serves once nginx answers (deploy/hosting/serve.ts).
  const origin = await new Promise((resolve, reject) => {
    let printed = ""
    const timer = setTimeout(() => reject(new Error("nginx did not answer within a minute")), 60_000)
    server.stdout.on("data", (chunk) => {
      printed += chunk
      const served = /serves public\/ at (http:\/\/\S+?)\/ /.exec(printed)
      if (served) {
        clearTimeout(timer)
        resolve(served[1])
      }
    })
    server.once("exit", () => reject(new Error("nginx did not start (deploy/hosting/serve.ts)")))
  })
  server.stdout.resume()
  const stopped = new Promise((resolve) => server.once("exit", resolve))
  return { origin, stop: () => (server.kill("SIGTERM"), stopped) }
}

/**
 * Each preset in a process of its own, side by side (Lighthouse keeps state per process: two runs in
 * one process break each other's marks), each printed whole once done. Resolves to whether both passed.
 * @param {Preset[]} presets
 */
async function presetsSideBySide(presets) {
  const runs = presets.map(
    (preset) =>
      new Promise((resolve) => {
        const child = spawn(process.execPath, [fileURLToPath(import.meta.url), preset], {
          cwd: ROOT,
          stdio: ["ignore", "pipe", "pipe"],
        })
        let output = ""
        child.stdout.on("data", (chunk) => (output += chunk))
        child.stderr.on("data", (chunk) => (output += chunk))
        child.once("close", (code) => resolve({ output, passed: code === 0 }))
      }),
  )
  const done = /** @type {{ output: string, passed: boolean }[]} */ (await Promise.all(runs))
  for (const { output } of done) process.stdout.write(output)
  return done.every(({ passed }) => passed)
}

async function main() {
  const asked = process.argv.slice(2)
  const presets = asked.length > 0 ? PRESETS.filter((preset) => asked.includes(preset)) : PRESETS
  if (presets.length > 1) {
    if (!(await presetsSideBySide(presets))) process.exitCode = 1
    return
  }
  const templates = pageTemplates()
  const routes = routesToAudit(
    sitemapRoutes(),
    process.env.LIGHTHOUSE_ROUTES,
    (route) => templates[route],
    process.env.LIGHTHOUSE_ALL === "1",
  )
  console.log(`Lighthouse audits ${routes.length} routes: ${routes.join(" ")}`)
  const nginx = await startNginx()
  /** @type {string[]} */
  const found = []
  try {
    for (const preset of presets) {
      const failed = await runPreset(nginx.origin, preset, routes)
      found.push(...failed.map((failure) => `${preset}: ${failure}`))
    }
  } finally {
    await stopChrome()
    await nginx.stop()
  }
  const devices = presets.map((preset) => `\nThe ${preset} runs emulated ${deviceEmulated(preset)}.`).join("")
  if (found.length > 0) {
    console.error(`\nLighthouse: over budget (the median of each value's runs)\n${found.join("\n")}${devices}`)
    process.exitCode = 1
  } else {
    console.log(`\nLighthouse: every route within budget, on every preset.${devices}`)
  }
}

main().catch((error) => {
  console.error(error)
  process.exitCode = 1
})
