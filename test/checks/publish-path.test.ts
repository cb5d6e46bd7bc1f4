/**
 * Which path a push to main takes (deploy/publish/path.ts): an editor's content goes through the
 * publish path; anything that is code, the build server's workflow or a dependency runs every gate.
 */
import { spawnSync } from "node:child_process"
import path from "node:path"
import { describe, expect, it } from "vitest"
import { deployPath } from "../../deploy/publish/path"

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

  it("is what npm run publish:path says of two commits", () => {
    const run = (...args: string[]) =>
      spawnSync(process.execPath, ["--import", "tsx", "deploy/publish/path.ts", ...args], {
        cwd: path.resolve(__dirname, "../.."),
        encoding: "utf8",
        env: { ...process.env, GITHUB_OUTPUT: "" },
      }).stdout.trim()
    expect(run("--base", "0000000000000000000000000000000000000000", "--head", "HEAD")).toBe(
      "full path: no changed files could be listed: every gate runs",
    )
    expect(run("--base", "HEAD", "--head", "HEAD")).toMatch(/^full path/)
  })
})
