import { spawnSync } from "node:child_process"
import fs from "node:fs"
import os from "node:os"
import path from "node:path"
import { describe, expect, it } from "vitest"

const SUMMARY = path.resolve(__dirname, "../../scripts/test-summary.mjs")

/** Runs the summary over reports written to files; returns its exit status and lines. */
function summarise(reports: Record<string, object>) {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "summary-"))
  const files = Object.entries(reports).map(([name, report]) => {
    const file = path.join(dir, `${name}.json`)
    fs.writeFileSync(file, JSON.stringify(report))
    return file
  })
  const run = spawnSync(process.execPath, [SUMMARY, ...files], { encoding: "utf8" })
  return { status: run.status, lines: run.stdout.trim().split("\n") }
}

const vitestFile = (name: string, status: string, tests: string[], message = "") => ({
  name: path.resolve(name),
  status,
  message,
  assertionResults: tests.map((test) => ({
    fullName: test.slice(2).split(" | ")[0],
    status: test.startsWith("✓") ? "passed" : test.startsWith("✗") ? "failed" : "skipped",
    // "✓ name | message": passed on a retry, after that failure.
    failureMessages: test.includes(" | ") ? [test.split(" | ")[1]] : [],
  })),
})
const vitest = (files: ReturnType<typeof vitestFile>[]) => {
  const all = files.flatMap((file) => file.assertionResults)
  return {
    success: files.every((file) => file.status === "passed"),
    numPassedTests: all.filter((test) => test.status === "passed").length,
    numFailedTests: all.filter((test) => test.status === "failed").length,
    testResults: files,
  }
}
const playwright = (stats: object, errors: object[] = [], specs: object[] = []) => ({
  stats: { expected: 0, unexpected: 0, flaky: 0, skipped: 0, ...stats },
  errors,
  suites: [{ specs, suites: [] }],
})

describe("the suite's closing lines", () => {
  it("count a test file whose setup failed as a failure, name it, and list its tests as skipped", () => {
    const { status, lines } = summarise({
      vitest: vitest([
        vitestFile(
          "test/with-build/nginx.test.ts",
          "failed",
          ["- serves pages", "- redirects"],
          "nginx could not listen on port 9400: another program holds it\n    at startNginx",
        ),
        vitestFile("test/unit.test.ts", "passed", ["✓ works"]),
      ]),
    })
    expect(lines).toEqual([
      "vitest: 1 passed, 0 failed, 1 failed outside a test",
      "  failed outside a test: test/with-build/nginx.test.ts: nginx could not listen on port 9400: another program holds it",
      "  skipped: test/with-build/nginx.test.ts: serves pages",
      "  skipped: test/with-build/nginx.test.ts: redirects",
      "Tests: 1 passed, 1 failed, 2 skipped",
    ])
    expect(status).toBe(1)
  })

  it("count a run that stopped before its files, and a browser run's error outside its tests", () => {
    const { status, lines } = summarise({
      engines: { success: false, numPassedTests: 0, numFailedTests: 0, testResults: [] },
      playwright: playwright({ expected: 3 }, [{ message: "Error: http://127.0.0.1:9100 is already used\nmore" }]),
    })
    expect(lines).toEqual([
      "engines: 0 passed, 0 failed, 1 failed outside a test",
      "  failed outside a test: the run stopped outside any test file (see its output above)",
      "playwright: 3 passed, 0 failed, 1 failed outside a test",
      "  failed outside a test: Error: http://127.0.0.1:9100 is already used",
      "Tests: 3 passed, 2 failed",
    ])
    expect(status).toBe(1)
  })

  it("name each failed test with the first lines of what it reported, colours and blank lines left out", () => {
    const engineFailure = [
      "\u001b[31mAssertionError: expected [ 'request failed: /page-data/x.json (NS_BINDING_ABORTED)' ] to deeply equal []\u001b[39m",
      "",
      "- Expected",
      ...Array.from({ length: 20 }, (_, line) => `line ${line}`),
    ].join("\n")
    const failedSpec = {
      title: "loads the home page",
      file: "home.spec.ts",
      tests: [
        {
          projectName: "desktop",
          status: "unexpected",
          annotations: [],
          results: [{ error: { message: "first try" } }, { error: { message: "Error: timed out\n\nwaiting" } }],
        },
      ],
    }
    const { status, lines } = summarise({
      engines: vitest([
        vitestFile("test/engines/firefox.test.ts", "failed", ["✓ loads", `✗ pauses | ${engineFailure}`]),
      ]),
      playwright: playwright({ expected: 1, unexpected: 1 }, [], [failedSpec]),
    })
    expect(lines).toEqual([
      "engines: 1 passed, 1 failed",
      "  failed: test/engines/firefox.test.ts: pauses",
      "      AssertionError: expected [ 'request failed: /page-data/x.json (NS_BINDING_ABORTED)' ] to deeply equal []",
      "      - Expected",
      ...Array.from({ length: 8 }, (_, line) => `      line ${line}`),
      "playwright: 1 passed, 1 failed",
      "  failed: home.spec.ts: loads the home page [desktop]",
      "      Error: timed out",
      "      waiting",
      "Tests: 2 passed, 2 failed",
    ])
    expect(status).toBe(1)
  })

  it("pass a test that passed on a retry, listing it as flaky with its first failure", () => {
    const retried = {
      title: "opens the menu",
      file: "menu.spec.ts",
      tests: [
        {
          projectName: "desktop",
          status: "flaky",
          annotations: [],
          results: [{ error: { message: "Error: menu not shown" } }, {}],
        },
      ],
    }
    const { status, lines } = summarise({
      engines: vitest([vitestFile("test/engines/webkit.test.ts", "passed", ["✓ closes | Error: not within 30 s"])]),
      playwright: playwright({ expected: 0, flaky: 1 }, [], [retried]),
    })
    expect(lines).toEqual([
      "engines: 1 passed, 0 failed",
      "  flaky, passed on a retry: test/engines/webkit.test.ts: closes",
      "      Error: not within 30 s",
      "playwright: 1 passed, 0 failed",
      "  flaky, passed on a retry: menu.spec.ts: opens the menu [desktop]",
      "      Error: menu not shown",
      "Tests: 2 passed, 0 failed",
    ])
    expect(status).toBe(0)
  })

  it("count a runner that wrote no report as failed", () => {
    const { status, lines } = summarise({ vitest: vitest([vitestFile("test/unit.test.ts", "passed", ["✓ works"])]) })
    expect(lines.at(-1)).toBe("Tests: 1 passed, 0 failed")
    expect(status).toBe(0)
    const missing = spawnSync(process.execPath, [SUMMARY, path.join(os.tmpdir(), "no-such-report.json")], {
      encoding: "utf8",
    })
    expect(missing.stdout).toContain("no report (the runner did not finish)")
    expect(missing.status).toBe(1)
  })

  it("pass a clean run, listing each skipped browser test with its reason", () => {
    const skippedSpec = {
      title: "prints",
      file: "print.spec.ts",
      tests: [
        { projectName: "desktop", status: "skipped", annotations: [{ type: "skip", description: "Chromium only" }] },
      ],
    }
    const notRun = {
      title: "saves",
      file: "cms.spec.ts",
      tests: [{ projectName: "nginx", status: "skipped", annotations: [{ type: "serial" }] }],
    }
    const { status, lines } = summarise({
      vitest: vitest([vitestFile("test/unit.test.ts", "passed", ["✓ works"])]),
      playwright: playwright({ expected: 2, flaky: 1, skipped: 2 }, [], [skippedSpec, notRun]),
    })
    expect(lines).toEqual([
      "vitest: 1 passed, 0 failed",
      "playwright: 3 passed, 0 failed",
      "  skipped: print.spec.ts: prints [desktop] (Chromium only)",
      "  skipped: cms.spec.ts: saves [nginx] (not run: an earlier test of its serial group failed)",
      "Tests: 4 passed, 0 failed, 2 skipped",
    ])
    expect(status).toBe(0)
  })
})
