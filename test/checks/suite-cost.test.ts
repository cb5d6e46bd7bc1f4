import { spawnSync } from "node:child_process"
import fs from "node:fs"
import os from "node:os"
import path from "node:path"
import { describe, expect, it } from "vitest"
import { BUILDS_BUDGET, costReport, countBuilds, fileTimes } from "../../scripts/suite-cost.mjs"

const SCRIPT = path.resolve(__dirname, "../../scripts/suite-cost.mjs")

describe("the suite's cost", () => {
  it("counts the builds a run made, full and stopped, and refuses a line that is no build's record", () => {
    const log = [
      { folder: "/work/main", status: 0, seconds: 56 },
      { folder: "/tmp/aurelle-build-a", status: 1, seconds: 4 },
      { folder: "/tmp/aurelle-build-b", status: 0, seconds: 61 },
    ]
      .map((line) => JSON.stringify(line))
      .join("\n")
    expect(countBuilds(`${log}\n`)).toMatchObject({ full: 2, stopped: 1 })
    expect(countBuilds("")).toMatchObject({ full: 0, stopped: 0 })
    expect(() => countBuilds(`${log}\n{"folder":`)).toThrow("the builds log's line 4 is not a build's record")
  })

  it("times each file, Vitest's from start to end and Playwright's as the sum of its tests' tries", () => {
    const vitest = {
      testResults: [
        { name: "/work/main/test/a.test.ts", startTime: 1_000, endTime: 31_000 },
        { name: "/work/main/test/b.test.ts", startTime: 1_000, endTime: 2_500 },
      ],
    }
    expect(fileTimes(vitest, "/work/main")).toEqual([
      { file: "test/a.test.ts", seconds: 30 },
      { file: "test/b.test.ts", seconds: 1.5 },
    ])
    const playwright = {
      stats: {},
      suites: [
        {
          specs: [{ file: "home.spec.ts", tests: [{ results: [{ duration: 2_000 }, { duration: 3_000 }] }] }],
          suites: [{ specs: [{ file: "home.spec.ts", tests: [{ results: [{ duration: 1_000 }] }] }] }],
        },
      ],
    }
    expect(fileTimes(playwright, "/work/main")).toEqual([{ file: "e2e/home.spec.ts", seconds: 6 }])
  })

  it("prints the ten slowest files, the builds and the run's time in builds, and says what is over budget", () => {
    const files = Array.from({ length: 12 }, (_, index) => ({ file: `test/${index}.test.ts`, seconds: index * 10 }))
    const within = costReport({ suiteSeconds: 1_400, buildSeconds: 56, files, builds: { full: 6, stopped: 1 } })
    expect(within.lines[0]).toBe("The ten slowest test files (min:s):")
    expect(within.lines.slice(1, 11).map((line) => line.trim().split(/\s+/)[1])).toEqual(
      Array.from({ length: 10 }, (_, index) => `test/${11 - index}.test.ts`),
    )
    expect(within.lines[1]).toBe("   1:50  test/11.test.ts")
    expect(within.lines).toContain(`Gatsby builds: 6 full, 1 stopped (invalid content); budget ${BUILDS_BUDGET} full`)
    expect(within.lines.at(-1)).toBe(
      "The run's cost: 23:20 over a build of the shipped site of 56 s: 25.0 builds (budget 27)",
    )
    expect([within.problems, within.warnings]).toEqual([[], []])
    // A host half as fast: the same ratio. A suite grown: a larger one, and one build too many.
    const halfSpeed = costReport({ suiteSeconds: 2_800, buildSeconds: 112, files, builds: { full: 6, stopped: 0 } })
    expect([halfSpeed.problems, halfSpeed.warnings]).toEqual([[], []])
    const grown = costReport({
      suiteSeconds: 2_800,
      buildSeconds: 56,
      files,
      builds: { full: BUILDS_BUDGET + 1, stopped: 0 },
    })
    expect(grown.problems).toEqual([`${BUILDS_BUDGET + 1} full Gatsby builds, over ${BUILDS_BUDGET}`])
    expect(grown.warnings).toEqual(["the run cost 50.0 builds, over 27"])
  })

  it("fails the run for a build over the budget, and only says a cost over it", () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), "suite-cost-"))
    try {
      const log = path.join(dir, "builds.log")
      const run = (full: number, suiteSeconds: number) => {
        const build = JSON.stringify({ folder: "/tmp/copy", status: 0, seconds: 40 })
        fs.writeFileSync(log, `${Array.from({ length: full }, () => build).join("\n")}\n`)
        return spawnSync(process.execPath, [SCRIPT, String(suiteSeconds), "56", log], { encoding: "utf8" })
      }
      const costly = run(BUILDS_BUDGET, 2_800)
      expect([costly.status, costly.stdout]).toEqual([
        0,
        expect.stringContaining("Over budget: the run cost 50.0 builds"),
      ])
      const grown = run(BUILDS_BUDGET + 1, 1_400)
      expect([grown.status, grown.stdout]).toEqual([
        1,
        expect.stringContaining(`Over budget, failed: ${BUILDS_BUDGET + 1} full Gatsby builds`),
      ])
    } finally {
      fs.rmSync(dir, { recursive: true, force: true })
    }
  })
})
