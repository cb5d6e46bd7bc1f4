// @ts-check
/**
 * The phone the suite's timings are taken on, whatever the host: Lighthouse's mobile preset slows
 * the CPU 4x, which makes a phone of a fast desktop and a slower phone of a slower one. Here the
 * slowdown is set from the host's measured speed, Lighthouse's own benchmark index (the one every
 * report records under "CPU/Memory Power"), so that a host half as fast gets half the slowdown and
 * the page is judged on the same phone. Used by the Lighthouse gate (test/lighthouse/lighthouse-ci.mjs)
 * and the scale spec's typing check (e2e/scale.spec.ts). Plain JavaScript, as the Lighthouse gate is.
 *
 * The one thing taken from Lighthouse's inside is its benchmark (core/lib/page-functions.js, not a
 * documented export): test/checks/emulated-phone.test.ts holds it to what this module relies on.
 */
import { pageFunctions } from "lighthouse/core/lib/page-functions.js"

/** Lighthouse's benchmark, self-contained: run in a page (`page.evaluate`) it returns the index. */
export const computeBenchmarkIndex = /** @type {() => number} */ (pageFunctions.computeBenchmarkIndex)

/** Lighthouse's mobile preset's slowdown, what it assumes of a high-end desktop. */
export const MOBILE_PRESET_SLOWDOWN = 4

/**
 * The CPU slowdown that makes a host of this benchmark index the phone Lighthouse's mobile preset
 * stands for (4x on a high-end desktop: a mid-tier phone), by the calibration Lighthouse's throttling
 * documentation points to (its "CPU throttling calculator", fitted on real devices): 3x at an index of
 * 1,300, 4x at 1,533, 5x at 1,766, 2x at 800, 1x at 150, linear between. A host at or under 150 is
 * already that phone: it is not slowed at all (1x), and `hostSlowerThanPhone` says so.
 * @param {number} benchmarkIndex
 */
export function cpuSlowdownFor(benchmarkIndex) {
  if (!Number.isFinite(benchmarkIndex) || benchmarkIndex <= 0) {
    throw new Error(`A benchmark index must be a positive number (got ${benchmarkIndex})`)
  }
  let slowdown = 1
  if (benchmarkIndex >= 1300) slowdown = 3 + (benchmarkIndex - 1300) / 233
  else if (benchmarkIndex >= 800) slowdown = 2 + (benchmarkIndex - 800) / 500
  else if (benchmarkIndex >= 150) slowdown = 1 + (benchmarkIndex - 150) / 650
  return Math.round(slowdown * 100) / 100
}

/** @param {number} benchmarkIndex */
export const hostSlowerThanPhone = (benchmarkIndex) => benchmarkIndex < 150

/** @param {number[]} values */
export function medianOf(values) {
  if (values.length === 0) throw new Error("No values to take the median of")
  const sorted = [...values].sort((a, b) => a - b)
  const middle = Math.floor(sorted.length / 2)
  return sorted.length % 2 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2
}

/**
 * The host's speed as it is now: the median of the last `window` indexes measured (a shared machine's
 * speed moves within minutes: 1,238 to 1,653 between two runs on one host), and the slowdown for it.
 * @param {number[]} measured the indexes in the order they were measured
 * @param {number} [window]
 */
export function currentPhone(measured, window = 3) {
  const benchmarkIndex = Math.round(medianOf(measured.slice(-window)))
  return { benchmarkIndex, cpuSlowdown: cpuSlowdownFor(benchmarkIndex) }
}

/** How a run's report or a test names the phone: "benchmark index 1,612, CPU slowed 4.35x". */
/** @param {{ benchmarkIndex: number, cpuSlowdown: number }} phone */
export const describePhone = ({ benchmarkIndex, cpuSlowdown }) =>
  `benchmark index ${benchmarkIndex.toLocaleString("en")}, CPU slowed ${cpuSlowdown}x` +
  (hostSlowerThanPhone(benchmarkIndex) ? " (this host is already slower than the phone emulated)" : "")
