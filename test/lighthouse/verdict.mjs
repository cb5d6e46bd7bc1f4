// @ts-check
/**
 * What test/lighthouse/lighthouse-ci.mjs decides from Lighthouse's results, apart from running it: each
 * route's medians, what is over budget, and whether this machine can judge the mobile preset's
 * timing at all. Plain JavaScript for the same reason as lighthouse-ci.mjs (Node runs it as written).
 *
 * Why a machine may not judge mobile timing. Lighthouse's mobile preset multiplies the main-thread
 * time it observes by 4, a multiplier calibrated for a desktop whose page loads are as fast as its
 * JavaScript benchmark says (its docs: "Calibrating the CPU slowdown"). A virtual machine can pass
 * that benchmark while everything a page load does besides running JavaScript is several times
 * slower (measured on one: a system call 1.1 us, a first touch of a memory page 12.8 us, both
 * many times a desktop's), so every task of every page, React's own evaluation included, comes out
 * long. The gate therefore first audits a reference page, React hydrating a heading and a
 * paragraph, as it audits the site's routes. If evaluating React alone is a long task there, the
 * machine cannot tell a site that blocks from one that does not: the mobile total blocking time,
 * the speed index (its filmstrip waits on the same main thread) and the performance score made of
 * them are reported, not enforced, and the rest of the performance score (first and largest
 * contentful paint, layout shift, with Lighthouse's own weights) must still be 100. Everything
 * else is enforced on every machine: the other three categories, the LCP and CLS budgets, and the
 * whole desktop preset.
 */

/** The audits whose values the main thread's speed decides, left out where the machine blocks. */
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

/** Lighthouse's long task: a task of the main thread this long or longer, at the preset's multiplier. */
export const LONG_TASK_MS = 50

/**
 * The longest task of the reference page's run that evaluates React or ReactDOM (their files,
 * test/lighthouse/reference.mjs), at the preset's multiplier; 0 where none is a long task.
 * @param {any} lhr a run's result
 */
export function longestReactTaskMs(lhr) {
  const tasks = /** @type {{ url: string, duration: number }[]} */ (lhr.audits["long-tasks"]?.details?.items ?? [])
  const react = tasks.filter((task) => /\/react(-dom)?\.js$/.test(task.url)).map((task) => task.duration)
  return Math.round(Math.max(0, ...react))
}

/**
 * Whether this machine's main thread blocks on React alone: the median of the reference page's runs
 * has React's evaluation as a long task. On a desktop as Lighthouse's multiplier assumes, evaluating
 * React takes a few milliseconds, under a quarter of a long task.
 * @param {number[]} longestReactTasksMs each run's longestReactTaskMs
 */
export const hostBlocks = (longestReactTasksMs) => median(longestReactTasksMs) >= LONG_TASK_MS

/**
 * A route's medians (test/bench/bench.ts reads them); `totalBlockingTimeRuns` is each run's total blocking
 * time in the order of the rounds, how a median came about; `benchmarkIndex` the host's speed as
 * Lighthouse measured it in those runs and `cpuSlowdown` the CPU slowdown they took (set from the
 * index, test/support/host-speed.mjs).
 * @param {any[]} runs the runs' results (Lighthouse's LHR)
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
    totalBlockingTimeRuns: numeric("total-blocking-time").map(Math.round),
    benchmarkIndex: Math.round(median(runs.map((lhr) => lhr.environment.benchmarkIndex))),
    cpuSlowdown: median(runs.map((lhr) => lhr.configSettings.throttling.cpuSlowdownMultiplier)),
  }
}

/**
 * @typedef {{ categories: Record<string, number>, largestContentfulPaintMs: Record<string, number>,
 *   totalBlockingTimeMs: number, cumulativeLayoutShift: number }} LighthouseBudgets
 */

/**
 * What is over budget, one line per value and route. Where `hostTimingJudged` is false (the mobile
 * preset on a machine that blocks on React alone), the performance score is judged without the
 * host-bound audits and the total blocking time is not judged.
 * @param {string} route
 * @param {ReturnType<typeof summarize>} summary
 * @param {LighthouseBudgets} budgets
 * @param {"mobile" | "desktop"} preset
 * @param {boolean} hostTimingJudged
 */
export function failures(route, summary, budgets, preset, hostTimingJudged) {
  /** @type {string[]} */
  const found = []
  for (const [category, minimum] of Object.entries(budgets.categories)) {
    const judgedHere = hostTimingJudged || category !== "performance"
    const score = judgedHere ? summary.categories[category] : summary.performanceWithoutHostTiming
    const what = judgedHere ? category : "performance without total blocking time and speed index"
    if (!(score >= minimum)) found.push(`${route}: ${what} ${Math.round(score * 100)} is under ${minimum * 100}`)
  }
  /** @param {string} what @param {number} value @param {number} limit */
  const over = (what, value, limit, unit = "ms") => {
    if (!(value <= limit))
      found.push(`${route}: ${what} ${unit ? Math.round(value) : value.toFixed(3)}${unit} is over ${limit}${unit}`)
  }
  over("largest contentful paint", summary.largestContentfulPaintMs, budgets.largestContentfulPaintMs[preset])
  if (hostTimingJudged) {
    over(
      `total blocking time (runs: ${summary.totalBlockingTimeRuns.join(", ")})`,
      summary.totalBlockingTimeMs,
      budgets.totalBlockingTimeMs,
    )
  }
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
