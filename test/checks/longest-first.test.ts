/**
 * The order test files start in (test/support/longest-first.ts): the longest named first, every other
 * file after them in Vitest's own order, and every name a file that exists.
 */
import fs from "node:fs"
import path from "node:path"
import { describe, expect, it } from "vitest"
import { LONGEST_FIRST, longestFirst } from "../support/longest-first"

const PROJECT_DIR = path.resolve(__dirname, "../..")

describe("longestFirst", () => {
  it("starts the named files first, in the list's order, the others after them as they came", () => {
    const files = ["test/a.test.ts", LONGEST_FIRST[1], "test/b.test.ts", LONGEST_FIRST[0], "test/c.test.ts"]
    expect(longestFirst(files, (file) => file)).toEqual([
      LONGEST_FIRST[0],
      LONGEST_FIRST[1],
      "test/a.test.ts",
      "test/b.test.ts",
      "test/c.test.ts",
    ])
  })

  it("names files that exist: a file renamed or removed would silently start late again", () => {
    expect(LONGEST_FIRST.filter((file) => !fs.existsSync(path.join(PROJECT_DIR, file)))).toEqual([])
  })
})
