/**
 * Which path a push to main takes (deploy/publish/path.ts): an editor's content goes through the
 * publish path; anything that is code, the build server's workflow or a dependency runs every gate.
 */
import { execFileSync, spawnSync } from "node:child_process"
import fs from "node:fs"
import os from "node:os"
import path from "node:path"
import { describe, expect, it } from "vitest"
import { deployPath } from "../../deploy/publish/path"

const ROOT = path.resolve(__dirname, "../..")
const TSX = path.join(ROOT, "node_modules/tsx/dist/cli.mjs")
const PATH_COMMAND = path.join(ROOT, "deploy/publish/path.ts")

describe("the path a change takes", () => {
  it("content only: the publish path", () => {
    expect(deployPath(["content/case-studies/wine.json"]).path).toBe("publish")
    expect(deployPath(["content/case-studies/wine.json", "content/home/industries.json"])).toEqual({
      path: "publish",
      reason: "content only (2 files): the content's gates on the pages it changes",
    })
    // A study added, another retired: still content.
    expect(deployPath(["content/case-studies/yachts.json", "content/case-studies/cruises.json"]).path).toBe("publish")
  })

  it("media an editor uploads: the publish path", () => {
    expect(deployPath(["content/images/team/helene-marchand.jpg"]).path).toBe("publish")
    expect(deployPath(["content/images/team/new-partner.webp", "content/site/settings.json"]).path).toBe("publish")
  })

  it("content and code together: every gate", () => {
    expect(deployPath(["content/case-studies/wine.json", "src/components/home/hero.tsx"])).toEqual({
      path: "full",
      reason: "1 changed file is not content (src/components/home/hero.tsx): every gate runs",
    })
  })

  it("the workflow, a dependency, the schemas written from the code: every gate", () => {
    for (const file of [
      ".github/workflows/site.yml",
      "package.json",
      "package-lock.json",
      "content/schemas/case-study.schema.json",
      "gatsby-node.ts",
      "static/favicon.ico",
      "README.md",
    ]) {
      expect(deployPath(["content/case-studies/wine.json", file]).path, file).toBe("full")
    }
  })

  it("nothing listed (a first push, a base the server does not have): every gate", () => {
    expect(deployPath([]).path).toBe("full")
  })

  // Its deadline is for a hang: four runs of the command through tsx, 1-2 s each, more on a busy host.
  it("is what npm run publish:path says of two commits, and writes as the step's output", () => {
    // A repository of its own: the site as released, then an editor's publish, then a code change.
    const repo = fs.mkdtempSync(path.join(os.tmpdir(), "aurelle-path-"))
    try {
      const git = (...args: string[]) =>
        execFileSync("git", ["-c", "user.name=Editor", "-c", "user.email=editor@example.ch", ...args], {
          cwd: repo,
          encoding: "utf8",
        }).trim()
      const write = (file: string, text: string) => {
        fs.mkdirSync(path.dirname(path.join(repo, file)), { recursive: true })
        fs.writeFileSync(path.join(repo, file), text)
      }
      git("init", "-q", "-b", "main")
      write("content/case-studies/wine.json", '{"en":{"title":"Tracing Allocations"}}\n')
      write("src/components/home/hero.tsx", "export const hero = 1\n")
      git("add", "-A")
      git("commit", "-q", "-m", "The site as released")
      const released = git("rev-parse", "HEAD")
      write("content/case-studies/wine.json", '{"en":{"title":"Tracing Every Allocation"}}\n')
      git("commit", "-q", "-am", "Content: update case study “wine”")
      const published = git("rev-parse", "HEAD")
      write("src/components/home/hero.tsx", "export const hero = 2\n")
      git("commit", "-q", "-am", "Hero: a new line")

      const output = path.join(repo, "github-output")
      const run = (base: string, head: string) => {
        fs.writeFileSync(output, "")
        const said = spawnSync(process.execPath, [TSX, PATH_COMMAND, "--base", base, "--head", head], {
          cwd: repo,
          encoding: "utf8",
          env: { ...process.env, GITHUB_OUTPUT: output },
        }).stdout.trim()
        return { said, output: fs.readFileSync(output, "utf8") }
      }
      expect(run(released, published)).toEqual({
        said: "publish path: content only (1 file): the content's gates on the pages it changes",
        output: "path=publish\n",
      })
      expect(run(published, "HEAD")).toEqual({
        said: "full path: 1 changed file is not content (src/components/home/hero.tsx): every gate runs",
        output: "path=full\n",
      })
      expect(run("0000000000000000000000000000000000000000", "HEAD").said).toBe(
        "full path: no changed files could be listed: every gate runs",
      )
      expect(run("HEAD", "HEAD").said).toBe("full path: no changed files could be listed: every gate runs")
    } finally {
      fs.rmSync(repo, { recursive: true, force: true })
    }
  }, 60_000)
})
