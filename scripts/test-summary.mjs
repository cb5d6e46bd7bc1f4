// The suite's closing lines over the test runners' JSON reports (vitest's and Playwright's, any
// number of each, told apart by their shape): what passed and failed per runner, every test file or
// run that failed outside a test (a file that did not load, a setup that threw, a server that did
// not start), every skipped test with its reason, then one line: "Tests: N passed, N failed".
// A failure outside a test counts as a failed test, so a file whose tests never ran fails the suite.
import fs from "node:fs"
import path from "node:path"

const firstLine = (text) =>
  String(text ?? "")
    .trim()
    .split("\n")[0]
    .slice(0, 300)

/** vitest's JSON report: per file, its status and, when it failed to run, why. */
function readVitest(report, name) {
  const brokenFiles = report.testResults
    .filter((file) => file.status === "failed" && file.assertionResults.every((test) => test.status !== "failed"))
    .map(
      (file) => `${path.relative(process.cwd(), file.name)}: ${firstLine(file.message) || "failed outside its tests"}`,
    )
  const skipped = report.testResults.flatMap((file) =>
    file.assertionResults
      .filter((test) => ["skipped", "pending", "todo"].includes(test.status))
      .map((test) => `${path.relative(process.cwd(), file.name)}: ${test.fullName}`),
  )
  // A run that failed with every file and test passing stopped outside them all (its start-up).
  const stopped = report.success === false && report.numFailedTests === 0 && brokenFiles.length === 0
  return {
    name,
    passed: report.numPassedTests,
    failed: report.numFailedTests,
    broken: stopped ? ["the run stopped outside any test file (see its output above)"] : brokenFiles,
    skipped,
  }
}

/** Playwright's JSON report: its counts, errors outside any test, skipped tests with their reasons. */
function readPlaywright(report, name) {
  const skipped = []
  const walk = (suite) => {
    for (const spec of suite.specs ?? []) {
      for (const test of spec.tests) {
        if (test.status !== "skipped") continue
        const skip = test.annotations.find((annotation) => annotation.type === "skip")
        // A test of a serial group that never ran because an earlier one of the group failed.
        const serial = test.annotations.some((annotation) => annotation.type === "serial")
        const reason =
          skip?.description ?? (serial ? "not run: an earlier test of its serial group failed" : "no reason given")
        skipped.push(`${spec.file}: ${spec.title} [${test.projectName}] (${reason})`)
      }
    }
    for (const child of suite.suites ?? []) walk(child)
  }
  for (const suite of report.suites) walk(suite)
  return {
    name,
    passed: report.stats.expected + report.stats.flaky,
    failed: report.stats.unexpected,
    broken: (report.errors ?? []).map((error) => firstLine(error.message)),
    skipped,
  }
}

const runs = process.argv.slice(2).map((file) => {
  if (!fs.existsSync(file))
    return { name: file, passed: 0, failed: 0, broken: [`${file}: no report (the runner did not finish)`], skipped: [] }
  const report = JSON.parse(fs.readFileSync(file, "utf8"))
  const name = path.basename(file, ".json")
  return "stats" in report ? readPlaywright(report, name) : readVitest(report, name)
})

for (const run of runs) {
  const outside = run.broken.length ? `, ${run.broken.length} failed outside a test` : ""
  console.log(`${run.name}: ${run.passed} passed, ${run.failed} failed${outside}`)
  for (const broken of run.broken) console.log(`  failed outside a test: ${broken}`)
  for (const skipped of run.skipped) console.log(`  skipped: ${skipped}`)
}
const total = (key) => runs.reduce((sum, run) => sum + (Array.isArray(run[key]) ? run[key].length : run[key]), 0)
const passed = total("passed")
const failed = total("failed") + total("broken")
const skipped = total("skipped")
console.log(`Tests: ${passed} passed, ${failed} failed${skipped ? `, ${skipped} skipped` : ""}`)
process.exit(failed > 0 || passed === 0 ? 1 : 0)
