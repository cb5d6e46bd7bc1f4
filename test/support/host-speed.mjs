// @ts-check
/**
 * The host's speed, and the devices the suite's timings are taken on whatever it is. Lighthouse's
 * mobile preset slows the CPU 4x and its desktop preset not at all: both make a slower device of a
 * slower host. Here the slowdown is set from the host's measured speed, Lighthouse's own benchmark
 * index (what every report records under "CPU/Memory Power"), so that a host half as fast gets half
 * the slowdown and a page is judged on the same phone, and the same desktop, on any host. Used by the
 * Lighthouse gate (test/lighthouse/lighthouse-ci.mjs), scripts/half-speed.sh (the index) and the
 * slow-phone test (e2e/console.spec.ts); the scale spec's typing check takes its median. Plain JavaScript, as the Lighthouse gate is.
 *
 * The one thing taken from Lighthouse's inside is its benchmark (core/lib/page-functions.js, not a
 * documented export): test/checks/host-speed.test.ts holds it to what this module relies on.
 */
import { pageFunctions } from "lighthouse/core/lib/page-functions.js"

/** Lighthouse's benchmark, self-contained: run in a page (`page.evaluate`) it returns the index. */
export const computeBenchmarkIndex = /** @type {() => number} */ (pageFunctions.computeBenchmarkIndex)

/** Lighthouse's mobile preset's slowdown of the desktop it runs on. */
export const MOBILE_PRESET_SLOWDOWN = 4

/**
 * The desktop: the benchmark index of the hosts this project's budgets were measured on
 * (quality-budgets.json). Their index read 1,439 to 2,686 in Chromium 156 (median 2,143) over the 48
 * runs of one full Lighthouse gate on 2026-11-26, and 1,566 to 2,767 (median 2,459) over the 22 of
 * another an hour later: 2,400 stands between the two.
 */
export const DESKTOP_INDEX = 2400

/**
 * The phone: Lighthouse's 4x of that desktop, 600, a mid-tier phone in Lighthouse's own classes (125
 * to 800: "4x moves a typical high-end desktop into the mid-tier mobile range"). Lighthouse's
 * published calculator aims at a slower one (4x at an index of 1,533, about 380): docs/testing.md.
 */
export const PHONE_INDEX = DESKTOP_INDEX / MOBILE_PRESET_SLOWDOWN

/**
 * The CPU slowdown that makes a host of this benchmark index the device of `deviceIndex`: the host's
 * index over the device's, as Chrome DevTools calibrates its CPU throttling to a device (slowed, the
 * benchmark reads the device's index). Under 1 on a host slower than the device: Lighthouse's
 * simulated throttling scales the tasks it observed, down as well as up.
 * @param {number} benchmarkIndex the host's
 * @param {number} deviceIndex
 */
export function slowdownFor(benchmarkIndex, deviceIndex) {
  if (!Number.isFinite(benchmarkIndex) || benchmarkIndex <= 0) {
    throw new Error(`A benchmark index must be a positive number (got ${benchmarkIndex})`)
  }
  return Math.round((benchmarkIndex / deviceIndex) * 100) / 100
}

/**
 * Chrome's own CPU throttling rate for a device (`Emulation.setCPUThrottlingRate`), which slows a
 * page for real and cannot speed one up: at least 1, on a host at or under the device's index.
 * @param {number} benchmarkIndex the host's
 * @param {number} deviceIndex
 */
export const throttlingRateFor = (benchmarkIndex, deviceIndex) => Math.max(1, slowdownFor(benchmarkIndex, deviceIndex))

/** @param {number[]} values */
export function medianOf(values) {
  if (values.length === 0) throw new Error("No values to take the median of")
  const sorted = [...values].sort((a, b) => a - b)
  const middle = Math.floor(sorted.length / 2)
  return sorted.length % 2 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2
}

/**
 * The host's speed as it is now: the median of the last `window` indexes measured. One reading is
 * noisy (a quarter of a quiet host's runs read under 1,813 or over 2,357) and a shared machine's speed
 * moves within minutes (1,238 to 1,653 between runs on one host): the median of the last five
 * follows the host, not the noise.
 * @param {number[]} measured the indexes in the order they were measured
 * @param {number} [window]
 */
export const hostIndexNow = (measured, window = 5) => Math.round(medianOf(measured.slice(-window)))

/** How a report or a test names the device: "benchmark index 1,612, CPU slowed 2.99x". */
/** @param {{ benchmarkIndex: number, cpuSlowdown: number }} emulated */
export const describeSlowdown = ({ benchmarkIndex, cpuSlowdown }) =>
  `benchmark index ${benchmarkIndex.toLocaleString("en")}, CPU slowed ${cpuSlowdown}x`
