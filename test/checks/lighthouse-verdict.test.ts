import { describe, expect, it } from "vitest"
import {
  failures,
  hostBlocks,
  longestReactTaskMs,
  performanceWithoutHostTiming,
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
  longTasks = [] as { url: string; duration: number }[],
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
      "long-tasks": { details: { items: longTasks } },
    },
  }
}

const CATEGORIES = Object.keys(BUDGETS.categories)

describe("the machine check", () => {
  it("reads the longest task that evaluates React or ReactDOM, and nothing else", () => {
    const lhr = run({
      longTasks: [
        { url: "Unattributable", duration: 400 },
        { url: "http://127.0.0.1:4000/", duration: 120 },
        { url: "http://127.0.0.1:4000/react.js", duration: 70.4 },
        { url: "http://127.0.0.1:4000/react-dom.js", duration: 96.6 },
      ],
    })
    expect(longestReactTaskMs(lhr)).toBe(97)
    expect(longestReactTaskMs(run({ longTasks: [{ url: "Unattributable", duration: 300 }] }))).toBe(0)
  })

  it("finds a machine blocking when React's evaluation is a long task in the median run", () => {
    expect(hostBlocks([0, 81, 114])).toBe(true)
    expect(hostBlocks([171, 0, 0])).toBe(false)
    expect(hostBlocks([49, 49, 300])).toBe(false)
    expect(hostBlocks([50, 0, 50])).toBe(true)
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

  it("holds every budget where the machine can judge timing", () => {
    const summary = summarize([run({ tbt: 10 }), run({ tbt: 90, performance: 0.99 }), run({ tbt: 70 })], CATEGORIES)
    expect(summary.totalBlockingTimeMs).toBe(70)
    expect(failures("/", summary, BUDGETS, "mobile", true)).toEqual([
      "/: total blocking time (runs: 10, 90, 70) 70ms is over 65ms",
    ])
    const slow = summarize([run({ performance: 0.97 }), run({ performance: 0.98 }), run({})], CATEGORIES)
    expect(failures("/", slow, BUDGETS, "mobile", true)).toEqual(["/: performance 98 is under 100"])
  })

  it("leaves total blocking time and speed index out where the machine blocks on React alone, and nothing else", () => {
    const hostBound = { "total-blocking-time": 0.4, "speed-index": 0.8 }
    const summary = summarize(
      [
        run({ tbt: 400, performance: 0.88, scores: hostBound }),
        run({ tbt: 500, performance: 0.85, scores: hostBound }),
      ],
      CATEGORIES,
    )
    expect(summary.performanceWithoutHostTiming).toBe(1)
    expect(failures("/", summary, BUDGETS, "mobile", false)).toEqual([])
    expect(failures("/", summary, BUDGETS, "mobile", true)).toEqual([
      "/: performance 87 is under 100",
      "/: total blocking time (runs: 400, 500) 450ms is over 65ms",
    ])

    const late = summarize(
      [run({ lcp: 1900, cls: 0.2, scores: { ...hostBound, "largest-contentful-paint": 0.9 } })],
      CATEGORIES,
    )
    expect(failures("/", late, BUDGETS, "mobile", false)).toEqual([
      "/: performance without total blocking time and speed index 96 is under 100",
      "/: largest contentful paint 1900ms is over 1200ms",
      "/: cumulative layout shift 0.200 is over 0.01",
    ])
  })

  it("weighs the rest of the performance score as Lighthouse does", () => {
    // (10 * 1 + 25 * 0.8 + 25 * 1) / 60 = 0.9166...
    expect(performanceWithoutHostTiming(run({ scores: { "largest-contentful-paint": 0.8, "speed-index": 0 } }))).toBe(
      0.92,
    )
  })
})

describe("a route's later runs", () => {
  const judge = (runs: object[]) => failures("/", summarize(runs, CATEGORIES), BUDGETS, "mobile", true)
  /** A run after a route's first: the performance category alone. */
  const later = (values: Parameters<typeof run>[0]) => ({
    ...run(values),
    categories: { performance: run(values).categories.performance },
  })

  it("are not taken once no run to come could put the median over a budget: two of three within every one", () => {
    expect(settledWithinBudget([run({ tbt: 64 })], 3, judge)).toBe(false)
    expect(settledWithinBudget([run({ tbt: 64 }), later({ tbt: 12, lcp: 1199 })], 3, judge)).toBe(true)
    // What the third run could do, whatever it measures: the median of three is the worse of the two.
    for (const third of [later({ tbt: 5000, lcp: 9000, cls: 1, performance: 0 }), later({})])
      expect(judge([run({ tbt: 64 }), later({ tbt: 12, lcp: 1199 }), third])).toEqual([])
  })

  it("are taken while the runs so far straddle a budget, or a category is under its score", () => {
    expect(settledWithinBudget([run({ tbt: 10 }), later({ tbt: 90 })], 3, judge)).toBe(false)
    expect(judge([run({ tbt: 10 }), later({ tbt: 90 }), later({ tbt: 70 })])).not.toEqual([])
    expect(settledWithinBudget([run({}), later({ cls: 0.02 })], 3, judge)).toBe(false)
    expect(settledWithinBudget([run({}), later({ performance: 0.99 })], 3, judge)).toBe(false)
    // Read in the first run alone, an accessibility score under 100 is a verdict already.
    const inaccessible = { ...run({}), categories: { ...run({}).categories, accessibility: { score: 0.96 } } }
    expect(settledWithinBudget([inaccessible, later({})], 3, judge)).toBe(false)
  })

  it("confirming to nine, stop once five are within every budget", () => {
    const runs = [run({ tbt: 70 }), ...[40, 80, 30, 20, 10, 5].map((tbt) => later({ tbt }))]
    expect(settledWithinBudget(runs.slice(0, 6), 9, judge)).toBe(false)
    expect(settledWithinBudget(runs, 9, judge)).toBe(true)
  })
})
