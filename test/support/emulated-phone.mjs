// @ts-check
/**
 * The phone the suite's timings are taken on, whatever the host: Lighthouse's mobile preset slows
 * the CPU 4x, which makes a phone of a fast desktop and a slower phone of a slower one. Here the
 * slowdown is set from the host's measured speed, Lighthouse's own benchmark index (the one every
 * report records under "CPU/Memory Power"), so that a host half as fast gets half the slowdown and
 * the page is judged on the same phone, a benchmark index of PHONE_INDEX. Used by the Lighthouse gate (test/lighthouse/lighthouse-ci.mjs)
 * and the scale spec's typing check (e2e/scale.spec.ts). Plain JavaScript, as the Lighthouse gate is.
 *
 * The one thing taken from Lighthouse's inside is its benchmark (core/lib/page-functions.js, not a
 * documented export): test/checks/emulated-phone.test.ts holds it to what this module relies on.
 */
import { pageFunctions } from "lighthouse/core/lib/page-functions.js"

/** Lighthouse's benchmark, self-contained: run in a page (`page.evaluate`) it returns the index. */
export const computeBenchmarkIndex = /** @type {() => number} */ (pageFunctions.computeBenchmarkIndex)

/** Lighthouse's mobile preset's slowdown, what it assumes of a desktop. */
export const MOBILE_PRESET_SLOWDOWN = 4

/**
 * The phone's benchmark index: what Lighthouse's 4x makes of the hosts this project's budgets were
 * measured on (quality-budgets.json: a mobile total blocking time of 65 ms at 4x). Their index read
 * 1,439 to 2,686 in Chromium 156, median 2,143, over the 48 runs of one full Lighthouse gate
 * (2026-11-26); a quarter of it is 540, a mid-tier phone in Lighthouse's own classes (125 to 800:
 * "4x moves a typical high-end desktop into the mid-tier mobile range"). Lighthouse's published
 * calculator aims at a slower one (4x at an index of 1,533, about 380): see docs/testing.md.
 */
export const PHONE_INDEX = 540

/**
 * The CPU slowdown that makes a host of this benchmark index the phone: the host's index over the
 * phone's, as Chrome DevTools calibrates its CPU throttling to a device (the throttled benchmark reads
 * the device's index). A host at or under the phone's index is not slowed at all (1x), and
 * `hostSlowerThanPhone` says so.
 * @param {number} benchmarkIndex
 */
export function cpuSlowdownFor(benchmarkIndex) {
  if (!Number.isFinite(benchmarkIndex) || benchmarkIndex <= 0) {
    throw new Error(`A benchmark index must be a positive number (got ${benchmarkIndex})`)
  }
  return Math.max(1, Math.round((benchmarkIndex / PHONE_INDEX) * 100) / 100)
}

/** @param {number} benchmarkIndex */
export const hostSlowerThanPhone = (benchmarkIndex) => benchmarkIndex < PHONE_INDEX

/** @param {number[]} values */
export function medianOf(values) {
  if (values.length === 0) throw new Error("No values to take the median of")
  const sorted = [...values].sort((a, b) => a - b)
  const middle = Math.floor(sorted.length / 2)
  return sorted.length % 2 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2
}

/**
 * The host's speed as it is now: the median of the last `window` indexes measured, and the slowdown
 * for it. One reading is noisy (a quarter of a quiet host's runs read under 1,813 or over 2,357) and a
 * shared machine's speed moves within minutes (1,238 to 1,653 between runs on one host): the median
 * of the last five follows the host, not the noise.
 * @param {number[]} measured the indexes in the order they were measured
 * @param {number} [window]
 */
export function currentPhone(measured, window = 5) {
  const benchmarkIndex = Math.round(medianOf(measured.slice(-window)))
  return { benchmarkIndex, cpuSlowdown: cpuSlowdownFor(benchmarkIndex) }
}

/** How a run's report or a test names the phone: "benchmark index 1,612, CPU slowed 4.35x". */
/** @param {{ benchmarkIndex: number, cpuSlowdown: number }} phone */
export const describePhone = ({ benchmarkIndex, cpuSlowdown }) =>
  `benchmark index ${benchmarkIndex.toLocaleString("en")}, CPU slowed ${cpuSlowdown}x` +
  (hostSlowerThanPhone(benchmarkIndex) ? " (this host is already slower than the phone emulated)" : "")
