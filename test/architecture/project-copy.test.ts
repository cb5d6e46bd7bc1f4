/**
 * A project copy (test/support/project-copy.ts) is what the build tests, the publish path's bench and
 * the release tests build: it must hold every folder of code the build and the deploy side read, or
 * a copy fails to build as soon as the project grows a folder (lib/ was missed once).
 */
import fs from "node:fs"
import path from "node:path"
import { describe, expect, it } from "vitest"
import { PROJECT_FILES } from "../support/project-copy"

const ROOT = path.resolve(__dirname, "../..")
/** The developers' side and the Pages Functions: no build of a copy reads them. */
const NOT_COPIED = ["test", "e2e", "functions"]

describe("a project copy", () => {
  it("holds every folder of code TypeScript checks, but the tests' and the Pages Functions'", () => {
    const { include } = JSON.parse(fs.readFileSync(path.join(ROOT, "tsconfig.json"), "utf8")) as { include: string[] }
    const folders = include.filter((entry) => entry.endsWith("/**/*")).map((entry) => entry.split("/")[0])
    expect(folders.length).toBeGreaterThan(5)
    expect(folders.filter((folder) => !NOT_COPIED.includes(folder) && !PROJECT_FILES.includes(folder))).toEqual([])
  })
})
