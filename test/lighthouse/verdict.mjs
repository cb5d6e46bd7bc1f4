// @ts-check
/**
 * What test/lighthouse/lighthouse-ci.mjs decides from Lighthouse's results, apart from running it: each
 * route's medians and what is over budget. Plain JavaScript for the same reason as lighthouse-ci.mjs
 * (Node runs it as written).
 *
 * Why total blocking time is judged from the main thread's CPU time. Lighthouse's simulated
 * throttling multiplies the wall time of each task it observed on the page's main thread. On a
 * two-core host that wall time is mostly not the page's: Chromium's compositor, GPU and browser
 * processes share the two cores with the page's renderer, and so does whatever else the host runs.
 * Measured on one idle host, the home page's main thread ran 280 ms of CPU in 534 ms of tasks, and
 * one route's Lighthouse blocking time read 9 to 211 ms in nine runs on a CI host whose load came and
 * went. A phone's renderer has cores of its own. So the verdict takes, from each run's trace, every
 * task of the page's main thread after its first contentful paint, at its own CPU time (Chrome's
 * `tdur`), scales it to the emulated device by that run's own benchmark index (taken seconds before
 * the page loads), and sums what each task spends over 50 ms: Lighthouse's definition of blocking
 * time, on the device, from work the page did. The rest of the performance score (first and largest
 * contentful paint, layout shift, with Lighthouse's weights) must be 100, as every other category.
 * Lighthouse's own score and blocking time are printed beside it.
 */
import { firstOfEachTemplate } from "../support/templates.mjs"

/** What a run of the gate carries besides Lighthouse's result: its main thread's CPU time (`mainThreadCpu`). */
/** @typedef {{ blockingMs: number, longestTaskMs: number, cpuSlowdown: number }} MainThreadCpu */

/** Lighthouse's long task: a task of the main thread this long or longer, on the device. */
export const LONG_TASK_MS = 50

/**
 * The page's main thread's blocking time on the device, from its tasks' CPU time. The main thread is
 * the one that painted the first contentful paint Lighthouse observed (`observedFcpTs`, trace
 * microseconds); its top-level tasks (`RunTask`) are counted from that paint on (a task that
 * straddles it for its share after it), each at its CPU time times `cpuSlowdown` (the host's speed
 * over the device's); a task without its CPU time at its wall time, an upper bound. Throws where the
 * trace lacks what this reads (no task with its CPU time at all), so that a Chrome or Lighthouse that
 * records traces otherwise stops the gate instead of passing it (test/checks/lighthouse-verdict.test.ts).
 * @param {{ traceEvents: any[] }} trace the run's trace (Lighthouse's `artifacts.Trace`)
 * @param {number} observedFcpTs the observed first contentful paint (the `metrics` audit)
 * @param {number} cpuSlowdown
 * @returns {MainThreadCpu}
 */
export function mainThreadCpu(trace, observedFcpTs, cpuSlowdown) {
  const paint = trace.traceEvents.find((event) => event.name === "firstContentfulPaint" && event.ts === observedFcpTs)
  if (!paint)
    throw new Error(`The trace has no firstContentfulPaint at ${observedFcpTs}, the paint Lighthouse observed`)
  const tasks = trace.traceEvents
    .filter(
      (event) => event.ph === "X" && event.name === "RunTask" && event.pid === paint.pid && event.tid === paint.tid,
    )
    .sort((a, b) => a.ts - b.ts)
  if (tasks.length === 0) throw new Error("The trace has no RunTask on the page's main thread")
  if (!tasks.some((task) => typeof task.tdur === "number"))
    throw new Error("No main-thread task in the trace has its CPU time (tdur)")
  let blockingMs = 0
  let longestTaskMs = 0
  let topLevelEnd = Number.NEGATIVE_INFINITY
  for (const task of tasks) {
    if (task.ts < topLevelEnd) continue // a task run inside another's (a nested loop): counted in it
    topLevelEnd = task.ts + task.dur
    if (topLevelEnd <= observedFcpTs) continue
    // Chrome leaves out the CPU time of a task too short to have any (1 µs of wall time, 2 or 3 a run
    // on a host of index 3,100): its wall time, which its CPU time never exceeds, stands for it.
    const cpuUs = typeof task.tdur === "number" ? task.tdur : task.dur
    const shareAfterPaint = task.dur > 0 ? (topLevelEnd - Math.max(task.ts, observedFcpTs)) / task.dur : 1
    const onDeviceMs = (cpuUs / 1000) * shareAfterPaint * cpuSlowdown
    longestTaskMs = Math.max(longestTaskMs, onDeviceMs)
    blockingMs += Math.max(0, onDeviceMs - LONG_TASK_MS)
  }
  return { blockingMs: Math.round(blockingMs), longestTaskMs: Math.round(longestTaskMs), cpuSlowdown }
}

/**
 * The audits whose values the host's main thread decides in wall time: the score is judged without
 * them, and blocking time from the CPU time instead (speed index waits on the same main thread).
 */
export const HOST_BOUND_AUDITS = ["total-blocking-time", "speed-index"]

/** @param {number[]} values */
export const median = (values) => {
  const sorted = [...values].sort((a, b) => a - b)
  const middle = Math.floor(sorted.length / 2)
  return sorted.length % 2 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2
}

/**
 * The performance score without the host-bound audits: Lighthouse's weighted mean of the others,
 * rounded as Lighthouse rounds a category's score.
 * @param {any} lhr a run's result
 */
export function performanceWithoutHostTiming(lhr) {
  const refs = /** @type {{ id: string, weight: number }[]} */ (lhr.categories.performance.auditRefs).filter(
    (ref) => ref.weight > 0 && !HOST_BOUND_AUDITS.includes(ref.id),
  )
  const weight = refs.reduce((sum, ref) => sum + ref.weight, 0)
  const score = refs.reduce((sum, ref) => sum + ref.weight * (lhr.audits[ref.id].score ?? 0), 0) / weight
  return Math.round(score * 100) / 100
}

/**
 * A route's medians (test/bench/bench.ts reads them); `totalBlockingTimeMs` is Lighthouse's own,
 * `cpuBlockingTimeMs` the one judged (`mainThreadCpu`), and `cpuBlockingTimeRuns` each run's in the
 * order of the rounds, how a median came about; `benchmarkIndex` the host's speed as
 * Lighthouse measured it in those runs and `cpuSlowdown` the CPU slowdown they took (set from the
 * index, test/support/host-speed.mjs).
 * @param {any[]} runs the runs' results (Lighthouse's LHR, with the gate's `mainThreadCpu`)
 * @param {string[]} categories the categories budgeted
 */
export function summarize(runs, categories) {
  /** @param {string} id */
  const numeric = (id) => runs.map((lhr) => lhr.audits[id].numericValue ?? Number.NaN)
  return {
    runs: runs.length,
    categories: Object.fromEntries(
      categories.map((category) => {
        const scores = runs.flatMap((lhr) => (lhr.categories[category] ? [lhr.categories[category].score ?? 0] : []))
        return [category, median(scores)]
      }),
    ),
    performanceWithoutHostTiming: median(runs.map(performanceWithoutHostTiming)),
    firstContentfulPaintMs: median(numeric("first-contentful-paint")),
    largestContentfulPaintMs: median(numeric("largest-contentful-paint")),
    totalBlockingTimeMs: median(numeric("total-blocking-time")),
    cumulativeLayoutShift: median(numeric("cumulative-layout-shift")),
    speedIndexMs: median(numeric("speed-index")),
    cpuBlockingTimeMs: median(runs.map((lhr) => lhr.mainThreadCpu.blockingMs)),
    cpuBlockingTimeRuns: runs.map((lhr) => Math.round(lhr.mainThreadCpu.blockingMs)),
    benchmarkIndex: Math.round(median(runs.map((lhr) => lhr.environment.benchmarkIndex))),
    cpuSlowdown: median(runs.map((lhr) => lhr.configSettings.throttling.cpuSlowdownMultiplier)),
  }
}

/**
 * @typedef {{ categories: Record<string, number>, largestContentfulPaintMs: Record<string, number>,
 *   totalBlockingTimeMs: number, cumulativeLayoutShift: number }} LighthouseBudgets
 */

/**
 * What is over budget, one line per value and route: every category's score (performance without
 * the host-bound audits, `performanceWithoutHostTiming`), largest contentful paint, the blocking time
 * from the main thread's CPU time, and layout shift.
 * @param {string} route
 * @param {ReturnType<typeof summarize>} summary
 * @param {LighthouseBudgets} budgets
 * @param {"mobile" | "desktop"} preset
 */
export function failures(route, summary, budgets, preset) {
  /** @type {string[]} */
  const found = []
  for (const [category, minimum] of Object.entries(budgets.categories)) {
    const performance = category === "performance"
    const score = performance ? summary.performanceWithoutHostTiming : summary.categories[category]
    const what = performance ? "performance without total blocking time and speed index" : category
    if (!(score >= minimum)) found.push(`${route}: ${what} ${Math.round(score * 100)} is under ${minimum * 100}`)
  }
  /** @param {string} what @param {number} value @param {number} limit */
  const over = (what, value, limit, unit = "ms") => {
    if (!(value <= limit))
      found.push(`${route}: ${what} ${unit ? Math.round(value) : value.toFixed(3)}${unit} is over ${limit}${unit}`)
  }
  over("largest contentful paint", summary.largestContentfulPaintMs, budgets.largestContentfulPaintMs[preset])
  over(
    `total blocking time from the main thread's CPU time (runs: ${summary.cpuBlockingTimeRuns.join(", ")})`,
    summary.cpuBlockingTimeMs,
    budgets.totalBlockingTimeMs,
  )
  over("cumulative layout shift", summary.cumulativeLayoutShift, budgets.cumulativeLayoutShift, "")
  return found
}

/**
 * A run that measures the worst of everything a route's later runs measure (the metrics of the
 * performance score, `lhr` being any run of the route): every time and shift endless, every score 0.
 * The other categories are read in a route's first run alone, and a later run has none of them.
 * @param {any} lhr
 */
export function worstRun(lhr) {
  return {
    ...lhr,
    categories: { performance: { ...lhr.categories.performance, score: 0 } },
    audits: Object.fromEntries(
      Object.entries(lhr.audits).map(([id, audit]) => [
        id,
        { ...audit, score: 0, numericValue: Number.POSITIVE_INFINITY },
      ]),
    ),
    mainThreadCpu: { ...lhr.mainThreadCpu, blockingMs: Number.POSITIVE_INFINITY },
  }
}

/**
 * Whether a route's verdict on `target` runs is settled within budget by the runs so far: with every
 * run still to come at its worst (`worstRun`), nothing is over. A median moves across a budget only
 * while no more than half of the runs are on either side of it: when the first two of three runs are
 * both within every budget, the third cannot put the median over any. Judged by `judge`, the gate's
 * own verdict (`failures` on `summarize`), so that the two cannot disagree.
 * @param {any[]} runs the route's runs so far
 * @param {number} target how many runs its median is taken of
 * @param {(runs: any[]) => string[]} judge what is over budget for these runs
 */
export function settledWithinBudget(runs, target, judge) {
  if (runs.length === 0) return false
  const toCome = Math.max(0, target - runs.length)
  return judge([...runs, ...Array.from({ length: toCome }, () => worstRun(runs[runs.length - 1]))]).length === 0
}

/**
 * The routes a run of the gate audits: those `only` names (a comma-separated list, LIGHTHOUSE_ROUTES),
 * or else the first route of the sitemap of each template in each language (`templateOf`: a page's
 * component and language, test/lighthouse/page-templates.ts). What Lighthouse measures is made by the
 * template: its code, its layout, its fonts and images; two studies differ in their words and their
 * photo, which the byte budgets (deploy/publish/gates/budgets.ts) and the browser sweeps of every
 * route (e2e/) judge page by page. A template's route is audited in each language, whose words differ
 * in length. `every` (LIGHTHOUSE_ALL=1) audits every route of the sitemap. A gate that would audit
 * nothing, a route named that the sitemap does not list, or a route whose template is unknown stops:
 * a verdict on no page would pass by saying nothing.
 * @param {string[]} sitemap the sitemap's routes
 * @param {string | undefined} only
 * @param {(route: string) => string | undefined} templateOf
 * @param {boolean} [every]
 * @returns {string[]}
 */
export function routesToAudit(sitemap, only, templateOf, every = false) {
  const named = (only ?? "")
    .split(",")
    .map((route) => route.trim())
    .filter(Boolean)
  const unknown = named.filter((route) => !sitemap.includes(route))
  if (unknown.length > 0)
    throw new Error(`LIGHTHOUSE_ROUTES names ${unknown.join(", ")}, which the build's sitemap does not list`)
  if (sitemap.length === 0) throw new Error("The build's sitemap lists no route: there is nothing to audit")
  if (named.length > 0) return sitemap.filter((route) => named.includes(route))
  if (every) return sitemap
  return firstOfEachTemplate(sitemap, templateOf)
}
