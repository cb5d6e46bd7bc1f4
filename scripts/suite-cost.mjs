// The suite's cost, printed by `npm test` before its closing lines (scripts/test.sh): the ten
// slowest test files of the runners' JSON reports, the Gatsby builds the run made (the lines
// test/support/count-builds.cjs wrote), and the run's time counted in builds of the shipped site made
// in the same run, a ratio that tells a slow host (the same ratio) from a grown suite (a larger one).
// Usage: node scripts/suite-cost.mjs <suite seconds> <build seconds> <builds log> <report.json>...
import fs from "node:fs"
import path from "node:path"
import { fileURLToPath } from "node:url"

/** The budget of a run, in builds of the shipped site (issue: 25 minutes where that build takes 56 s). */
export const COST_BUDGET_IN_BUILDS = 27
/**
 * The most full Gatsby builds one run may make: the shipped site, the altered copy's four (cold, two
 * publishes, the twin), the grown copy, and a draft built under its preview's path
 * (test/with-build/release-preview.test.ts: only a build under a path prefix shows its pages load
 * nothing outside it).
 */
export const BUILDS_BUDGET = 7

/**
 * Each test file's time in a runner's JSON report: Vitest's from its start to its end, Playwright's
 * the sum of its tests' tries (they run on two workers, so a file's share of the run's time).
 * @param {any} report @param {string} root
 * @returns {Array<{ file: string, seconds: number }>}
 */
export function fileTimes(report, root) {
  if ("stats" in report) {
    /** @type {Map<string, number>} */
    const byFile = new Map()
    const walk = (/** @type {any} */ suite) => {
      for (const spec of suite.specs ?? [])
        for (const test of spec.tests)
          for (const result of test.results)
            byFile.set(`e2e/${spec.file}`, (byFile.get(`e2e/${spec.file}`) ?? 0) + result.duration / 1000)
      for (const child of suite.suites ?? []) walk(child)
    }
    for (const suite of report.suites) walk(suite)
    return [...byFile].map(([file, seconds]) => ({ file, seconds }))
  }
  return report.testResults.map((/** @type {any} */ file) => ({
    file: path.relative(root, file.name),
    seconds: Math.max(0, (file.endTime - file.startTime) / 1000),
  }))
}

/**
 * The builds a run made, from the lines of its builds log: full ones (exit 0) and stopped ones.
 * @param {string} text
 */
export function countBuilds(text) {
  const builds = text
    .split("\n")
    .filter((line) => line.trim() !== "")
    .map((line, index) => {
      try {
        return /** @type {{ folder: string, status: number, seconds: number }} */ (JSON.parse(line))
      } catch {
        throw new Error(`the builds log's line ${index + 1} is not a build's record: ${line.slice(0, 80)}`)
      }
    })
  const full = builds.filter((build) => build.status === 0)
  return { full: full.length, stopped: builds.length - full.length, builds }
}

/**
 * The lines the summary prints, and whether the run is within its budgets.
 * @param {{ suiteSeconds: number, buildSeconds: number, files: Array<{ file: string, seconds: number }>,
 *   builds: { full: number, stopped: number } }} run
 */
export function costReport({ suiteSeconds, buildSeconds, files, builds }) {
  const minutes = (/** @type {number} */ seconds) =>
    `${Math.floor(seconds / 60)}:${String(Math.round(seconds % 60)).padStart(2, "0")}`
  const slowest = [...files].sort((a, b) => b.seconds - a.seconds).slice(0, 10)
  const cost = buildSeconds > 0 ? suiteSeconds / buildSeconds : Infinity
  /** Over these, the run fails: a test that builds the site once more is seen where it is added. */
  const problems = builds.full > BUILDS_BUDGET ? [`${builds.full} full Gatsby builds, over ${BUILDS_BUDGET}`] : []
  /** Said, not failed for: runs of the same code read either side of it (docs/testing.md, "The suite's cost"). */
  const warnings =
    cost > COST_BUDGET_IN_BUILDS ? [`the run cost ${cost.toFixed(1)} builds, over ${COST_BUDGET_IN_BUILDS}`] : []
  const lines = [
    "The ten slowest test files (min:s):",
    ...slowest.map(({ file, seconds }) => `${minutes(seconds).padStart(7)}  ${file}`),
    `Gatsby builds: ${builds.full} full, ${builds.stopped} stopped (invalid content); budget ${BUILDS_BUDGET} full`,
    `The run's cost: ${minutes(suiteSeconds)} over a build of the shipped site of ${buildSeconds} s: ${cost.toFixed(1)} builds (budget ${COST_BUDGET_IN_BUILDS})`,
  ]
  return { lines, problems, warnings }
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const [suiteSeconds, buildSeconds, buildsLog, ...reports] = process.argv.slice(2)
  const files = reports
    .filter((file) => fs.existsSync(file))
    .flatMap((file) => fileTimes(JSON.parse(fs.readFileSync(file, "utf8")), process.cwd()))
  const builds = countBuilds(fs.existsSync(buildsLog) ? fs.readFileSync(buildsLog, "utf8") : "")
  const { lines, problems, warnings } = costReport({
    suiteSeconds: Number(suiteSeconds),
    buildSeconds: Number(buildSeconds),
    files,
    builds,
  })
  console.log(lines.join("\n"))
  for (const warning of warnings) console.log(`Over budget: ${warning}`)
  for (const problem of problems) console.log(`Over budget, failed: ${problem}`)
  if (problems.length > 0) process.exitCode = 1
}
