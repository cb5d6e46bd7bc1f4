/**
 * Real `gatsby build` runs over a copy of the project with altered content: the content gate must
 * stop the build with file + JSON path messages, and a missing team photo must only warn.
 */
import { spawnSync } from "node:child_process"
import fs from "node:fs"
import os from "node:os"
import path from "node:path"
import { afterEach, describe, expect, it } from "vitest"

const ROOT = path.resolve(__dirname, "../..")
const PROJECT_FILES = [
  "package.json",
  "gatsby-config.ts",
  "gatsby-node.ts",
  "gatsby-browser.tsx",
  "gatsby-ssr.tsx",
  "tsconfig.json",
  "gatsby",
  "src",
  "content",
  "static",
]
const copies: string[] = []

afterEach(() => {
  for (const dir of copies.splice(0)) fs.rmSync(dir, { recursive: true, force: true })
})

function projectCopy() {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "aurelle-build-"))
  copies.push(dir)
  for (const entry of PROJECT_FILES) {
    if (fs.existsSync(path.join(ROOT, entry)))
      fs.cpSync(path.join(ROOT, entry), path.join(dir, entry), { recursive: true })
  }
  fs.rmSync(path.join(dir, "src/gatsby-types.d.ts"), { force: true })
  fs.symlinkSync(path.join(ROOT, "node_modules"), path.join(dir, "node_modules"))
  return dir
}

function build(dir: string, env: Record<string, string> = {}) {
  const result = spawnSync(process.execPath, [path.join(ROOT, "node_modules/gatsby/cli.js"), "build"], {
    cwd: dir,
    encoding: "utf8",
    env: { ...process.env, GATSBY_TELEMETRY_DISABLED: "1", CI: "true", NO_COLOR: "1", ...env },
    timeout: 240_000,
  })
  // Gatsby wraps long lines to the terminal width; join them back for matching.
  return { status: result.status, output: `${result.stdout}\n${result.stderr}`.replace(/\s+/g, " ") }
}

function editJson(file: string, change: (data: Record<string, any>) => void) {
  const data = JSON.parse(fs.readFileSync(file, "utf8"))
  change(data)
  fs.writeFileSync(file, JSON.stringify(data, null, 2))
}

describe("gatsby build", () => {
  it("stops on invalid content, listing each problem with its file and JSON path", () => {
    const dir = projectCopy()
    editJson(path.join(dir, "content/case-studies/watches.json"), (data) => {
      data.metrics.dataPoints = "lots"
      delete data.task
    })
    editJson(path.join(dir, "content/home/industries.json"), (data) => (data.cards[0].caseSlug = "retial"))
    const { status, output } = build(dir)
    expect(status).not.toBe(0)
    expect(output).toContain("Invalid content (3 problems)")
    expect(output).toContain("content/case-studies/watches.json: task: required field is missing")
    expect(output).toContain('content/case-studies/watches.json: metrics.dataPoints: expected a string like "5M+"')
    expect(output).toContain('content/home/industries.json: cards[0].caseSlug: no case study has the slug "retial"')
    expect(fs.existsSync(path.join(dir, "public/index.html"))).toBe(false)
  }, 240_000)

  it("stops on malformed JSON", () => {
    const dir = projectCopy()
    fs.writeFileSync(path.join(dir, "content/home/process.json"), '{ "eyebrow": "Process", }')
    const { status, output } = build(dir)
    expect(status).not.toBe(0)
    expect(output).toMatch(/content\/home\/process\.json: malformed JSON at line 1, column \d+/)
  }, 240_000)

  // One full build covers two things, to keep the suite fast: a missing photo, and a staging build.
  it("builds with a warning when a team photo is missing (the card shows the icon); staging keeps robots out", () => {
    const dir = projectCopy()
    fs.rmSync(path.join(dir, "content/images/team/leo-bernasconi.jpg"))
    const { status, output } = build(dir, { SITE_ENV: "staging" })
    expect(status, output.slice(-2000)).toBe(0)
    expect(output).toContain(
      'content/home/about.json: members[3].photo: photo file "../images/team/leo-bernasconi.jpg" not found',
    )
    const html = fs.readFileSync(path.join(dir, "public/index.html"), "utf8")
    expect(html).toContain('aria-label="Léo Bernasconi, no photo available"')
    expect(html).not.toContain('aria-label="Hélène Marchand, no photo available"')
    const robots = fs.readFileSync(path.join(dir, "public/robots.txt"), "utf8")
    expect(robots).toMatch(/Disallow: \/$/m)
    expect(robots).not.toMatch(/^Allow:/m)
  }, 240_000)
})
