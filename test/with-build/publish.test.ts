/**
 * The publish path as the build server runs it (`npm run publish:build`, deploy/publish/publish.ts), in a
 * copy of the project: a change the content check refuses stops there, its first complaint kept for
 * the commit's status and nothing packed; a study's new title goes through every step, the pages it
 * changed (its page and the list showing it) named and checked, and the artifact packed.
 */
import { spawn } from "node:child_process"
import fs from "node:fs"
import path from "node:path"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { BUILD_INFO, RELEASE_SCRIPT } from "../../deploy/release/releases"
import { PUBLISH_STEPS } from "../../deploy/publish/publish"
import { BUILD_TIMEOUT_MS, buildCopy, editJson, projectCopy } from "../support/project-copy"

const WINE = "content/case-studies/wine.json"
let copy: string

/** npm run publish:build in the copy, as the build server runs it. */
function publish(): Promise<{ status: number | null; output: string }> {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, ["--import", "tsx", "deploy/publish/publish.ts"], {
      cwd: copy,
      env: { ...process.env, CI: "true", NO_COLOR: "1", CHECK_PAGES: "" },
    })
    let output = ""
    child.stdout.on("data", (chunk: Buffer) => (output += chunk.toString()))
    child.stderr.on("data", (chunk: Buffer) => (output += chunk.toString()))
    child.on("close", (status) => resolve({ status, output }))
  })
}

const read = (relative: string) => fs.readFileSync(path.join(copy, relative), "utf8")

beforeAll(() => {
  copy = projectCopy()
})

afterAll(() => {
  if (copy) fs.rmSync(copy, { recursive: true, force: true })
})

describe("the publish path", () => {
  it("stops at the content check, keeping its first complaint for the editor, and packs nothing", async () => {
    editJson(path.join(copy, WINE), (data) => (data.title = ""))
    const { status, output } = await publish()
    expect(status).toBe(1)
    expect(output).toContain("Publish path refused: content check:")
    expect(read(".tmp/publish/refusal.txt")).toMatch(
      /^content check: error +content\/case-studies\/wine\.json: en\.title: /,
    )
    expect(fs.existsSync(path.join(copy, ".artifact"))).toBe(false)
  }, 60_000)

  it(
    "takes a new title through every step to an artifact, checking the pages it changed",
    async () => {
      editJson(path.join(copy, WINE), (data) => (data.title = "Tracing Allocations for a Grand Cru House"))
      // The last build of main, as Gatsby's cache keeps it.
      expect((await buildCopy(copy)).status).toBe(0)
      editJson(path.join(copy, WINE), (data) => (data.title = "Tracing Allocations for a Classified Growth"))
      const { status, output } = await publish()
      expect(output).not.toContain("Publish path refused")
      expect(status).toBe(0)
      expect(read(".tmp/publish/pages.txt")).toBe("case-studies/index.html\ncase-studies/wine/index.html\n")
      const steps = JSON.parse(read(".tmp/publish/steps.json")) as Array<{ name: string; note?: string }>
      expect(steps.map(({ name }) => name)).toEqual([...PUBLISH_STEPS])
      expect(steps[1].note).toBe("Gatsby's cache kept")
      expect(output).toMatch(/html-validate: 2 pages, 0 errors/)
      expect(output).toMatch(/Nu Html Checker: 2 pages, 0 errors/)
      // Each page at each width, in one share of the browser pass each.
      expect(output).toMatch(/\b4 passed\b/)
      expect(read(`.artifact/public/case-studies/wine/index.html`)).toContain(
        "Tracing Allocations for a Classified Growth",
      )
      for (const file of [BUILD_INFO, RELEASE_SCRIPT])
        expect(fs.existsSync(path.join(copy, ".artifact", file)), file).toBe(true)
    },
    2 * BUILD_TIMEOUT_MS,
  )
})
