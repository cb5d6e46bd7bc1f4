/** `npm run content:check` as an editor runs it: in the folder that holds content/. */
import { spawnSync } from "node:child_process"
import fs from "node:fs"
import path from "node:path"
import { describe, expect, it } from "vitest"
import { contentFixture } from "./fixture"

const ROOT = path.resolve(__dirname, "../..")

function check(cwd: string, env: Record<string, string> = {}) {
  const result = spawnSync(process.execPath, [path.join(ROOT, "node_modules/tsx/dist/cli.mjs"), path.join(ROOT, "deploy/publish/gates/check-content.ts")], {
    cwd,
    encoding: "utf8",
    env: { ...process.env, GITHUB_ACTIONS: "", ...env },
  })
  return { status: result.status, stdout: result.stdout, stderr: result.stderr }
}

describe("npm run content:check", () => {
  it("says the shipped content is valid", () => {
    const { status, stdout } = check(ROOT)
    expect(stdout).toContain("Content is valid.")
    expect(status).toBe(0)
  }, 60_000)

  it("judges dates at the build's clock: SITE_CLOCK, in Zurich's day", () => {
    const fixture = contentFixture()
    fixture.edit("case-studies/wine.json", (data) => (data.published = "2026-12-01"))
    // 00:30 in Zurich is the 1st there, still the 30th of November in UTC.
    expect(check(path.dirname(fixture.root), { SITE_CLOCK: "2026-12-01T00:30:00+01:00" }).status).toBe(0)
    const { status, stderr } = check(path.dirname(fixture.root), { SITE_CLOCK: "2026-11-30T23:59:00+01:00" })
    expect(stderr).toContain("error   content/case-studies/wine.json: en.published: must not be after today (2026-11-30)")
    expect(status).toBe(1)
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

  it("names each French text whose English changed since it was made, as a warning that does not fail", () => {
    const fixture = contentFixture()
    fixture.edit("case-studies/wine.json", (data) => {
      data.translatedFrom = { fr: { title: data.title } }
      data.title = "Allocating a Grand Cru Across Four Continents"
    })
    const { status, stdout, stderr } = check(path.dirname(fixture.root), { GITHUB_ACTIONS: "true" })
    const warning = stderr.split("\n").find((line) => line.includes("fr.title"))
    expect(warning).toMatch(
      /^warning content\/case-studies\/wine\.json: fr\.title: to check: its English changed since this French was made, from “.+” to “Allocating a Grand Cru Across Four Continents”/,
    )
    expect(stderr.split("\n").filter((line) => line.includes("to check:"))).toHaveLength(1)
    const lines = fs.readFileSync(path.join(fixture.root, "case-studies/wine.json"), "utf8").split("\n")
    const frenchTitle = lines.findIndex((line, index) => index > lines.indexOf('  "fr": {') && line.includes('"title"')) + 1
    expect(stdout).toContain(`::warning file=content/case-studies/wine.json,line=${frenchTitle},`)
    expect(stdout).toContain("Content is valid.")
    expect(status).toBe(0)
  }, 60_000)

  it("on GitHub Actions, puts each problem on its file's line as an annotation the reviewer sees", () => {
    const fixture = contentFixture()
    fixture.edit("case-studies/wine.json", (data) => (data.title = "\u200B"))
    const { status, stdout } = check(path.dirname(fixture.root), { GITHUB_ACTIONS: "true" })
    const lines = fs.readFileSync(path.join(fixture.root, "case-studies/wine.json"), "utf8").split("\n")
    const titleLine = lines.findIndex((line) => line.trimStart().startsWith('"title"')) + 1
    expect(titleLine).toBeGreaterThan(1)
    expect(stdout).toContain(
      `::error file=content/case-studies/wine.json,line=${titleLine},title=Content the build refuses::en.title: must contain visible text`,
    )
    expect(status).toBe(1)
  }, 60_000)

  it("puts a missing field on the line of the object that lacks it", () => {
    const fixture = contentFixture()
    fixture.edit("case-studies/wine.json", (data) => delete data.task)
    const { stdout } = check(path.dirname(fixture.root), { GITHUB_ACTIONS: "true" })
    const lines = fs.readFileSync(path.join(fixture.root, "case-studies/wine.json"), "utf8").split("\n")
    const englishLine = lines.findIndex((line) => line.trimStart().startsWith('"en"')) + 1
    expect(stdout).toContain(`::error file=content/case-studies/wine.json,line=${englishLine},title=Content the build refuses::en.task: required field is missing`)
  }, 60_000)
})
