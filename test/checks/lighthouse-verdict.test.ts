import { describe, expect, it } from "vitest"
import {
  failures,
  mainThreadCpu,
  performanceWithoutHostTiming,
  routesToAudit,
  settledWithinBudget,
  summarize,
} from "../lighthouse/verdict.mjs"

const BUDGETS = {
  categories: { performance: 1, accessibility: 1, "best-practices": 1, seo: 1 },
  largestContentfulPaintMs: { mobile: 1200, desktop: 595 },
  totalBlockingTimeMs: 65,
  cumulativeLayoutShift: 0.01,
}

/** Lighthouse 12's performance weights. */
const WEIGHTS = {
  "first-contentful-paint": 10,
  "largest-contentful-paint": 25,
  "total-blocking-time": 30,
  "cumulative-layout-shift": 25,
  "speed-index": 10,
}

/** A run's result as Lighthouse gives it, with the values a test sets. */
function run({
  performance = 1,
  scores = {} as Partial<Record<keyof typeof WEIGHTS, number>>,
  lcp = 1050,
  tbt = 0,
  cls = 0,
  cpuTbt = 0,
  benchmarkIndex = 1600,
  cpuSlowdown = 4.3,
}) {
  const numeric: Record<string, number> = {
    "first-contentful-paint": 800,
    "largest-contentful-paint": lcp,
    "total-blocking-time": tbt,
    "cumulative-layout-shift": cls,
    "speed-index": 900,
  }
  return {
    environment: { benchmarkIndex },
    configSettings: { throttling: { cpuSlowdownMultiplier: cpuSlowdown } },
    categories: {
      performance: {
        score: performance,
        auditRefs: Object.entries(WEIGHTS).map(([id, weight]) => ({ id, weight })),
      },
      accessibility: { score: 1 },
      "best-practices": { score: 1 },
      seo: { score: 1 },
    },
    audits: {
      ...Object.fromEntries(
        Object.keys(WEIGHTS).map((id) => [
          id,
          { score: scores[id as keyof typeof WEIGHTS] ?? 1, numericValue: numeric[id] },
        ]),
      ),
    },
    mainThreadCpu: { blockingMs: cpuTbt, longestTaskMs: 50 + cpuTbt, cpuSlowdown },
  }
}

const CATEGORIES = Object.keys(BUDGETS.categories)

describe("the blocking time from the main thread's CPU time", () => {
  const PAINT = 1_000_000
  const MAIN = { pid: 7, tid: 7 }
  /** A top-level task of a thread: start and wall time, and CPU time, in ms from the first paint. */
  const task = (startMs: number, wallMs: number, cpuMs: number | undefined, thread = MAIN) => ({
    ...thread,
    ph: "X",
    name: "RunTask",
    ts: PAINT + startMs * 1000,
    dur: wallMs * 1000,
    ...(cpuMs === undefined ? {} : { tdur: cpuMs * 1000 }),
  })
  const trace = (...tasks: object[]) => ({
    traceEvents: [{ ...MAIN, ph: "I", name: "firstContentfulPaint", ts: PAINT }, ...tasks],
  })

  it("counts each task's CPU time on the device over 50 ms, not the wall time the host's other processes took", () => {
    // 30 ms of CPU at a 3x slowdown is 90 ms on the phone: 40 ms blocking. 60 ms of wall time with 10 ms
    // of CPU (the thread waiting for a core) is 30 ms on the phone: none.
    expect(mainThreadCpu(trace(task(10, 35, 30), task(100, 60, 10)), PAINT, 3)).toEqual({
      blockingMs: 40,
      longestTaskMs: 90,
      cpuSlowdown: 3,
    })
    // The same page on a host twice as fast: half the CPU time, twice the slowdown, the same verdict.
    expect(mainThreadCpu(trace(task(10, 20, 15), task(100, 30, 5)), PAINT, 6).blockingMs).toBe(40)
  })

  it("reads the thread that painted, from the paint on, and a nested task as part of its parent", () => {
    const other = { pid: 8, tid: 8 }
    const measured = mainThreadCpu(
      trace(
        task(-200, 100, 100), // before the paint: not counted
        task(-30, 40, 40), // straddles it: its last quarter, 10 ms, is 30 ms on the phone
        task(50, 200, 200, other), // the compositor's: not the page's
        task(100, 40, 40),
        task(110, 10, 10), // run inside the task before it
      ),
      PAINT,
      3,
    )
    expect(measured).toEqual({ blockingMs: 70, longestTaskMs: 120, cpuSlowdown: 3 })
  })

  it("counts a task whose CPU time Chrome left out at its wall time, never less", () => {
    // Chrome writes no CPU time for a task of a microsecond; one without it may not hide a long one.
    expect(mainThreadCpu(trace(task(10, 35, 30), task(60, 0.001, undefined)), PAINT, 3).blockingMs).toBe(40)
    expect(mainThreadCpu(trace(task(10, 35, 30), task(60, 30, undefined)), PAINT, 3)).toEqual({
      blockingMs: 80,
      longestTaskMs: 90,
      cpuSlowdown: 3,
    })
  })

  it("stops the gate where the trace lacks what it reads, rather than passing a page", () => {
    expect(() => mainThreadCpu(trace(task(10, 35, 30)), PAINT + 1, 3)).toThrow(/no firstContentfulPaint/)
    expect(() => mainThreadCpu(trace(task(10, 35, undefined), task(60, 1, undefined)), PAINT, 3)).toThrow(
      /No main-thread task .* CPU time/,
    )
    expect(() => mainThreadCpu(trace(), PAINT, 3)).toThrow(/no RunTask/)
  })
})

describe("the verdict on a route", () => {
  it("says which phone its runs emulated: the host's index and the CPU slowdown, their medians", () => {
    const summary = summarize(
      [
        run({ benchmarkIndex: 1600, cpuSlowdown: 4.29 }),
        run({ benchmarkIndex: 820, cpuSlowdown: 2.04 }),
        run({ benchmarkIndex: 790, cpuSlowdown: 1.98 }),
      ],
      CATEGORIES,
    )
    expect(summary).toMatchObject({ benchmarkIndex: 820, cpuSlowdown: 2.04 })
  })

  it("holds every budget, blocking time judged from the main thread's CPU time", () => {
    const summary = summarize(
      [run({ cpuTbt: 10 }), run({ cpuTbt: 90, tbt: 30 }), run({ cpuTbt: 70, tbt: 20 })],
      CATEGORIES,
    )
    expect(summary.cpuBlockingTimeMs).toBe(70)
    expect(failures("/", summary, BUDGETS, "mobile")).toEqual([
      "/: total blocking time from the main thread's CPU time (runs: 10, 90, 70) 70ms is over 65ms",
    ])
    const late = summarize([run({ lcp: 1900, cls: 0.2, scores: { "largest-contentful-paint": 0.9 } })], CATEGORIES)
    expect(failures("/", late, BUDGETS, "mobile")).toEqual([
      "/: performance without total blocking time and speed index 96 is under 100",
      "/: largest contentful paint 1900ms is over 1200ms",
      "/: cumulative layout shift 0.200 is over 0.01",
    ])
    const inaccessible = { ...run({}), categories: { ...run({}).categories, accessibility: { score: 0.96 } } }
    expect(failures("/", summarize([inaccessible], CATEGORIES), BUDGETS, "mobile")).toEqual([
      "/: accessibility 96 is under 100",
    ])
  })

  it("leaves out Lighthouse's own blocking time and speed index, the host's wall time, and nothing else", () => {
    const hostBound = { "total-blocking-time": 0.4, "speed-index": 0.8 }
    const summary = summarize(
      [
        run({ tbt: 400, cpuTbt: 20, performance: 0.88, scores: hostBound }),
        run({ tbt: 500, cpuTbt: 30, performance: 0.85, scores: hostBound }),
      ],
      CATEGORIES,
    )
    expect(summary).toMatchObject({ totalBlockingTimeMs: 450, performanceWithoutHostTiming: 1 })
    expect(failures("/", summary, BUDGETS, "mobile")).toEqual([])
  })

  it("weighs the rest of the performance score as Lighthouse does", () => {
    // (10 * 1 + 25 * 0.8 + 25 * 1) / 60 = 0.9166...
    expect(performanceWithoutHostTiming(run({ scores: { "largest-contentful-paint": 0.8, "speed-index": 0 } }))).toBe(
      0.92,
    )
  })
})

describe("a route's later runs", () => {
  const judge = (runs: object[]) => failures("/", summarize(runs, CATEGORIES), BUDGETS, "mobile")
  /** A run after a route's first: the performance category alone. */
  const later = (values: Parameters<typeof run>[0]) => ({
    ...run(values),
    categories: { performance: run(values).categories.performance },
  })

  it("are not taken once no run to come could put the median over a budget: two of three within every one", () => {
    expect(settledWithinBudget([run({ cpuTbt: 64 })], 3, judge)).toBe(false)
    expect(settledWithinBudget([run({ cpuTbt: 64 }), later({ cpuTbt: 12, lcp: 1199 })], 3, judge)).toBe(true)
    // What the third run could do, whatever it measures: the median of three is the worse of the two.
    for (const third of [
      later({ cpuTbt: 5000, lcp: 9000, cls: 1, scores: { "largest-contentful-paint": 0 } }),
      later({}),
    ])
      expect(judge([run({ cpuTbt: 64 }), later({ cpuTbt: 12, lcp: 1199 }), third])).toEqual([])
  })

  it("are taken while the runs so far straddle a budget, or a category is under its score", () => {
    expect(settledWithinBudget([run({ cpuTbt: 10 }), later({ cpuTbt: 90 })], 3, judge)).toBe(false)
    expect(judge([run({ cpuTbt: 10 }), later({ cpuTbt: 90 }), later({ cpuTbt: 70 })])).not.toEqual([])
    expect(settledWithinBudget([run({}), later({ cls: 0.02 })], 3, judge)).toBe(false)
    expect(settledWithinBudget([run({}), later({ scores: { "first-contentful-paint": 0.9 } })], 3, judge)).toBe(false)
    // Read in the first run alone, an accessibility score under 100 is a verdict already.
    const inaccessible = { ...run({}), categories: { ...run({}).categories, accessibility: { score: 0.96 } } }
    expect(settledWithinBudget([inaccessible, later({})], 3, judge)).toBe(false)
  })

  it("confirming to nine, stop once five are within every budget", () => {
    const runs = [run({ cpuTbt: 70 }), ...[40, 80, 30, 20, 10, 5].map((cpuTbt) => later({ cpuTbt }))]
    expect(settledWithinBudget(runs.slice(0, 6), 9, judge)).toBe(false)
    expect(settledWithinBudget(runs, 9, judge)).toBe(true)
  })
})

describe("the routes a run audits", () => {
  const SITEMAP = ["/", "/fr/", "/book-demo/", "/case-studies/wine/", "/case-studies/hotels/", "/fr/case-studies/wine/"]
  const TEMPLATES: Record<string, string> = {
    "/": "index en",
    "/fr/": "index fr",
    "/book-demo/": "book-demo en",
    "/case-studies/wine/": "case-study en",
    "/case-studies/hotels/": "case-study en",
    "/fr/case-studies/wine/": "case-study fr",
  }
  const templateOf = (route: string) => TEMPLATES[route]

  it("are the first route of each template in each language, in the sitemap's order, unless some are named", () => {
    const oneEach = ["/", "/fr/", "/book-demo/", "/case-studies/wine/", "/fr/case-studies/wine/"]
    expect(routesToAudit(SITEMAP, undefined, templateOf)).toEqual(oneEach)
    expect(routesToAudit(SITEMAP, "", templateOf)).toEqual(oneEach)
    expect(routesToAudit(SITEMAP, "/case-studies/hotels/,/", templateOf)).toEqual(["/", "/case-studies/hotels/"])
    expect(routesToAudit(SITEMAP, undefined, templateOf, true)).toEqual(SITEMAP)
  })

  it("stop the gate rather than audit nothing: a route the sitemap lacks, an empty sitemap, a page of no known template", () => {
    expect(() => routesToAudit(SITEMAP, "/no-such-route/", templateOf)).toThrow(
      "LIGHTHOUSE_ROUTES names /no-such-route/, which the build's sitemap does not list",
    )
    expect(() => routesToAudit([], undefined, templateOf)).toThrow("there is nothing to audit")
    expect(() => routesToAudit([...SITEMAP, "/new/"], undefined, templateOf)).toThrow(
      "/new/ is a route, but the build has no page data for it",
    )
  })
})
