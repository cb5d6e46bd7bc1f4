import { describe, expect, it } from "vitest"
import { BREAK_AT, mutationScore } from "../../scripts/mutation-score.mjs"

const report = (files: Record<string, string[]>) => ({
  files: Object.fromEntries(
    Object.entries(files).map(([file, statuses]) => [file, { mutants: statuses.map((status) => ({ status })) }]),
  ),
})

describe("the mutation score of both runs", () => {
  it("adds the runs' modules up, counting a timeout as killed and leaving out what no test could kill", () => {
    const { rows, total } = mutationScore([
      report({
        "a.ts": ["Killed", "Timeout", "Survived", "NoCoverage"],
        "b.ts": ["Killed", "Ignored", "CompileError"],
      }),
      report({ "c.ts": ["Killed", "Killed", "Killed", "Survived", "RuntimeError"] }),
    ])
    expect(rows.map(({ file, score }) => [file, score])).toEqual([
      ["b.ts", 100],
      ["c.ts", 75],
      ["a.ts", 50],
    ])
    expect(rows[2]).toMatchObject({ mutants: 4, killed: 2, survived: 1, noCoverage: 1 })
    expect(rows[2].ofReached).toBeCloseTo((100 * 2) / 3)
    expect(total).toMatchObject({ mutants: 9, killed: 6, survived: 2, noCoverage: 1 })
    expect(total.score).toBeCloseTo((100 * 6) / 9)
    expect(BREAK_AT).toBe(85)
  })
})
