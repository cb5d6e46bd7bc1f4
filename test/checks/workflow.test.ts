/**
 * The build server's workflow (.github/workflows/site.yml), checked offline: action-validator
 * (@action-validator/core: GitHub's workflow schema, and the jobs a job needs) finds no mistake in it,
 * and what it runs exists in the project.
 */
import fs from "node:fs"
import path from "node:path"
import { validateWorkflow } from "@action-validator/core"
import { describe, expect, it } from "vitest"

const ROOT = path.resolve(__dirname, "../..")
const WORKFLOW = ".github/workflows/site.yml"
const text = fs.readFileSync(path.join(ROOT, WORKFLOW), "utf8")

describe("the build server's workflow", () => {
  it("passes action-validator", () => {
    expect(validateWorkflow(text).errors).toEqual([])
  })

  it("is checked for real: a job that needs one that does not exist, or a misspelt key, is found", () => {
    expect(validateWorkflow(text.replace("needs: test", "needs: tests")).errors).toEqual([
      expect.objectContaining({ code: "unresolved_job", path: "/jobs/release/needs" }),
    ])
    expect(validateWorkflow(text.replace("timeout-minutes: 60", "timeout-minute: 60")).errors).toEqual([
      expect.objectContaining({ code: "one_of", path: "/jobs/test" }),
    ])
  })

  it("runs only npm scripts and files the project has", () => {
    const scripts = Object.keys(JSON.parse(fs.readFileSync(path.join(ROOT, "package.json"), "utf8")).scripts)
    const used = [...text.matchAll(/npm run ([\w:-]+)/g)].map(([, name]) => name)
    expect(used).toEqual(expect.arrayContaining(["content:check", "build", "release"]))
    for (const name of used) expect(scripts, `npm run ${name}`).toContain(name)
    const files = [...text.matchAll(/(?:tsx|bash) ([\w./-]+\.(?:ts|sh)|\.ci\/run)/g)].map(([, file]) => file)
    expect(files).toEqual(expect.arrayContaining(["scripts/preview-status.ts", ".ci/run"]))
    for (const file of files) expect(fs.existsSync(path.join(ROOT, file)), file).toBe(true)
  })
})
