/** `npm run content:check` as an editor runs it: in the folder that holds content/. */
import { spawnSync } from "node:child_process"
import fs from "node:fs"
import path from "node:path"
import { describe, expect, it } from "vitest"
import { contentFixture } from "./fixture"

const ROOT = path.resolve(__dirname, "../..")

function check(cwd: string) {
  const result = spawnSync(process.execPath, [path.join(ROOT, "node_modules/tsx/dist/cli.mjs"), path.join(ROOT, "scripts/check-content.ts")], {
    cwd,
    encoding: "utf8",
  })
  return { status: result.status, stdout: result.stdout, stderr: result.stderr }
}

describe("npm run content:check", () => {
  it("says the shipped content is valid", () => {
    const { status, stdout } = check(ROOT)
    expect(stdout).toContain("Content is valid.")
    expect(status).toBe(0)
  }, 60_000)

  it("lists every error and warning with its file and JSON path, and fails", () => {
    const fixture = contentFixture()
    fixture.edit("case-studies/wine.json", (data) => (data.title = "\u200B"))
    fs.writeFileSync(path.join(fixture.root, "images/team/julien-rochat.jpg"), "not a photo")
    const { status, stderr } = check(path.dirname(fixture.root))
    expect(stderr).toContain("error   content/case-studies/wine.json: en.title: must contain visible text")
    expect(stderr).toContain('warning content/home/about.json: en.members[1].photo: photo file "../images/team/julien-rochat.jpg" is not an image')
    expect(stderr).toContain("1 content problem found.")
    expect(status).toBe(1)
  }, 60_000)
})
