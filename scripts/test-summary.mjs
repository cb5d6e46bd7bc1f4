// The suite's closing lines over the test runners' JSON reports (vitest's and Playwright's, any
// number of each, told apart by their shape): what passed and failed per runner, every test file or
// run that failed outside a test (a file that did not load, a setup that threw, a server that did
// not start), every failed test with the start of what it reported (so the closing lines of a long
// run say what broke), every test that passed only on a retry with its first failure, every skipped
// test with its reason, then one line: "Tests: N passed, N failed".
// A failure outside a test counts as a failed test, so a file whose tests never ran fails the suite.
import fs from "node:fs"
import path from "node:path"

const firstLine = (text) =>
  String(text ?? "")
    .trim()
    .split("\n")[0]
    .slice(0, 300)

/** A failure's message without terminal colours: its first lines, where the runners put what differed. */
const failureText = (text) =>
  String(text ?? "")
    // eslint-disable-next-line no-control-regex
    .replace(/\u001b\[[0-9;]*m/g, "")
    .trim()
    .split("\n")
    .filter((line) => line.trim() !== "")
    .slice(0, 10)
    .map((line) => `      ${line.slice(0, 300)}`)
    .join("\n")

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
  const failures = report.testResults.flatMap((file) =>
    file.assertionResults
      .filter((test) => test.status === "failed")
      .map(
        (test) =>
          `${path.relative(process.cwd(), file.name)}: ${test.fullName}\n${failureText(test.failureMessages?.[0])}`,
      ),
  )
  // A test that passed keeps the errors of the tries before (a retry, on CI).
  const flaky = report.testResults.flatMap((file) =>
    file.assertionResults
      .filter((test) => test.status === "passed" && test.failureMessages?.length > 0)
      .map(
        (test) =>
          `${path.relative(process.cwd(), file.name)}: ${test.fullName}\n${failureText(test.failureMessages[0])}`,
      ),
  )
  // A run that failed with every file and test passing stopped outside them all (its start-up).
  const stopped = report.success === false && report.numFailedTests === 0 && brokenFiles.length === 0
  return {
    name,
    passed: report.numPassedTests,
    failed: report.numFailedTests,
    broken: stopped ? ["the run stopped outside any test file (see its output above)"] : brokenFiles,
    failures,
    flaky,
    skipped,
  }
}

/** Playwright's JSON report: its counts, errors outside any test, skipped tests with their reasons. */
function readPlaywright(report, name) {
  const skipped = []
  const failures = []
  const flaky = []
  const walk = (suite) => {
    for (const spec of suite.specs ?? []) {
      for (const test of spec.tests) {
        const named = `${spec.file}: ${spec.title} [${test.projectName}]`
        const errorOf = (result) => failureText(result?.error?.message ?? result?.error?.value)
        if (test.status === "unexpected") failures.push(`${named}\n${errorOf(test.results.at(-1))}`)
        if (test.status === "flaky") flaky.push(`${named}\n${errorOf(test.results.find((result) => result.error))}`)
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
    failures,
    flaky,
    skipped,
  }
}

const runs = process.argv.slice(2).map((file) => {
  if (!fs.existsSync(file))
    return {
      name: file,
      passed: 0,
      failed: 0,
      broken: [`${file}: no report (the runner did not finish)`],
      failures: [],
      flaky: [],
      skipped: [],
    }
  const report = JSON.parse(fs.readFileSync(file, "utf8"))
  const name = path.basename(file, ".json")
  return "stats" in report ? readPlaywright(report, name) : readVitest(report, name)
})

for (const run of runs) {
  const outside = run.broken.length ? `, ${run.broken.length} failed outside a test` : ""
  console.log(`${run.name}: ${run.passed} passed, ${run.failed} failed${outside}`)
  for (const broken of run.broken) console.log(`  failed outside a test: ${broken}`)
  for (const failure of run.failures) console.log(`  failed: ${failure}`)
  for (const retried of run.flaky) console.log(`  flaky, passed on a retry: ${retried}`)
  for (const skipped of run.skipped) console.log(`  skipped: ${skipped}`)
}
const total = (key) => runs.reduce((sum, run) => sum + (Array.isArray(run[key]) ? run[key].length : run[key]), 0)
const passed = total("passed")
const failed = total("failed") + total("broken")
const skipped = total("skipped")
console.log(`Tests: ${passed} passed, ${failed} failed${skipped ? `, ${skipped} skipped` : ""}`)
process.exit(failed > 0 || passed === 0 ? 1 : 0)
