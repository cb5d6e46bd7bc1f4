/**
 * The layers import one way (docs/architecture.md): `npm run lint` refuses a wrong-way import (the
 * site importing what ships it, what ships it importing the developers' tools and tests, anything
 * importing the browser tests), Node, React or Gatsby in the content model, and any import cycle.
 * That the tree has none of them is the lint gate's to say: `npm test` runs ESLint over the whole
 * tree with these rules, at zero warnings.
 */
import { ESLint } from "eslint"
import path from "node:path"
import { describe, expect, it } from "vitest"

const ROOT = path.resolve(__dirname, "../..")
const LAYER_RULES = ["import-x/no-restricted-paths", "import-x/no-cycle", "no-restricted-imports"]

const eslint = new ESLint({ cwd: ROOT })

/** The layer rules' complaints about `code` saved as `file`. */
async function complaints(file: string, code: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath: path.join(ROOT, file) })
  return result.messages
    .filter((message) => LAYER_RULES.includes(message.ruleId ?? ""))
    .map((message) => `${message.ruleId}: ${message.message}`)
}

/**
 * A deadline for a hang, not a verdict: a first lint walks the import graph from nothing (no-cycle),
 * and the whole tree's took 62 s on a two-core host busy with browser tests beside it.
 */
const LINT_TIMEOUT_MS = 180_000

describe("lint keeps the layers", { timeout: LINT_TIMEOUT_MS }, () => {
  it("refuses the site importing the tooling", async () => {
    expect(
      await complaints(
        "src/seo/admin-link.ts",
        'import { REFUSAL_MESSAGE } from "../../cms/shared"\nexport const a = REFUSAL_MESSAGE\n',
      ),
    ).toEqual([expect.stringMatching(/^import-x\/no-restricted-paths: .*The site imports the content model only/)])
  })

  it("refuses the content model importing the site, or Node, React or Gatsby", async () => {
    const code = [
      'import { theme } from "../src/styles/theme"',
      'import fs from "node:fs"',
      'import { useState } from "react"',
      "export const all = [theme, fs, useState]",
      "",
    ].join("\n")
    const found = await complaints("model/wrong-way.ts", code)
    expect(found).toContainEqual(expect.stringMatching(/^import-x\/no-restricted-paths: .*content model stands alone/))
    expect(found.filter((line) => line.startsWith("no-restricted-imports"))).toHaveLength(2)
  })

  it("refuses what ships the site importing a developer's tool, a test or its harness", async () => {
    // The release command using the tests' release host, the admin a developer's font tool.
    expect(
      await complaints(
        "deploy/release/planted.ts",
        'import { startReleaseHost } from "../../test/support/release-host"\nexport const start = startReleaseHost\n',
      ),
    ).toEqual([expect.stringMatching(/^import-x\/no-restricted-paths: .*never imports the developers' tools/)])
    expect(
      await complaints(
        "cms/planted.ts",
        'import { withCodePointAlias } from "../scripts/lib/code-point-alias"\nexport const f = withCodePointAlias\n',
      ),
    ).toEqual([expect.stringMatching(/^import-x\/no-restricted-paths: .*never imports the developers' tools/)])
  })

  it("refuses anything importing the browser tests", async () => {
    for (const file of ["test/support/planted.ts", "scripts/planted.ts", "deploy/publish/planted.ts"]) {
      const code = `import { test } from "${path.relative(path.dirname(file), "e2e/fixtures")}"\nexport const t = test\n`
      expect(await complaints(file, code), file).toContainEqual(
        expect.stringMatching(/^import-x\/no-restricted-paths: .*Nothing imports the browser tests/),
      )
    }
  })

  it("refuses any import between the admin and the build server: they meet in contracts/ only", async () => {
    // The admin reading the release command's layout; the publish path the admin's words.
    expect(
      await complaints(
        "cms/app/planted.ts",
        'import { LIVE } from "../../deploy/release/root/layout"\nexport const live = LIVE\n',
      ),
    ).toEqual([
      expect.stringMatching(/^import-x\/no-restricted-paths: .*The admin never imports the build server's code/),
    ])
    expect(
      await complaints(
        "deploy/publish/planted.ts",
        'import { RELEASE_STATE } from "../../cms/shared"\nexport const said = RELEASE_STATE\n',
      ),
    ).toEqual([
      expect.stringMatching(/^import-x\/no-restricted-paths: .*The build server never imports the admin's code/),
    ])
    // Both read a contract.
    expect(
      await complaints(
        "deploy/publish/planted.ts",
        'import { RELEASE_STATUS_CONTEXT } from "../../contracts/statuses"\nexport const context = RELEASE_STATUS_CONTEXT\n',
      ),
    ).toEqual([])
  })

  it("keeps the contracts standing alone: no import of the model, the site, the tooling or Node", async () => {
    const code = [
      'import { DEFAULT_LOCALE } from "../model/locales"',
      'import { ENTRY_CHECK } from "../cms/shared"',
      'import fs from "node:fs"',
      "export const all = [DEFAULT_LOCALE, ENTRY_CHECK, fs]",
      "",
    ].join("\n")
    const found = await complaints("contracts/planted.ts", code)
    expect(found.filter((line) => /contracts between processes stand alone/.test(line))).toHaveLength(2)
    expect(found.filter((line) => line.startsWith("no-restricted-imports"))).toHaveLength(1)
  })

  it("keeps the release command to the contracts, the file helpers and the site's addresses, and the helpers to Node", async () => {
    // The release command reading the content model's schemas or a build step; the helpers reading a contract.
    const release = [
      'import { caseStudySchema } from "../../model/page-schemas"',
      'import { builtPages } from "../../build-steps/post-build/built-pages"',
      'import { PUBLIC_DIR } from "../hosting/local-nginx"',
      'import { LOCALES } from "../../model/locales"',
      'import { SCHEDULER_PATH } from "../../model/routes"',
      'import { RELEASE_STAMP_PATH } from "../../contracts/release-stamp"',
      'import { replaceFile } from "../../lib/files"',
      "export const all = [caseStudySchema, builtPages, PUBLIC_DIR, LOCALES, SCHEDULER_PATH, RELEASE_STAMP_PATH, replaceFile]",
      "",
    ].join("\n")
    const found = await complaints("deploy/release/planted.ts", release)
    expect(found).toHaveLength(3)
    expect(found.every((line) => /release command runs on a host with Node alone/.test(line))).toBe(true)
    expect(
      await complaints("lib/planted.ts", 'import { isTime } from "../contracts/values"\nexport const t = isTime\n'),
    ).toEqual([expect.stringMatching(/^import-x\/no-restricted-paths: .*file helpers stand alone/)])
    expect(
      await complaints("src/planted.ts", 'import { filesUnder } from "../lib/files"\nexport const f = filesUnder\n'),
    ).toEqual([expect.stringMatching(/^import-x\/no-restricted-paths: .*lib\/ is Node's/)])
  })

  it("keeps the build's steps and Gatsby's adapter from importing what deploys the site", async () => {
    expect(
      await complaints(
        "gatsby/planted.ts",
        'import { nginxSite } from "../deploy/release/nginx-config"\nexport const n = nginxSite\n',
      ),
    ).toEqual([expect.stringMatching(/^import-x\/no-restricted-paths: .*build's steps never import what deploys/)])
    expect(
      await complaints(
        "build-steps/post-build/planted.ts",
        'import { nginxSite } from "../../deploy/release/nginx-config"\nexport const n = nginxSite\n',
      ),
    ).toEqual([expect.stringMatching(/^import-x\/no-restricted-paths: .*build's own steps work on content/)])
  })

  it("lets nothing stand on Gatsby's adapter: the hosts and the admin import build-steps/, never gatsby/", async () => {
    const planted = {
      "deploy/publish/planted.ts": 'import { siteBuild } from "../../gatsby/site-build"\nexport const s = siteBuild\n',
      "cms/planted.ts": 'import { runPostBuild } from "../gatsby/post-build"\nexport const r = runPostBuild\n',
    }
    for (const [file, code] of Object.entries(planted)) {
      expect(await complaints(file, code)).toEqual([
        expect.stringMatching(
          /^import-x\/no-restricted-paths: .*gatsby\/ is Gatsby's adapter and nothing stands on it/,
        ),
      ])
    }
    expect(
      await complaints(
        "build-steps/planted.ts",
        'import { pageTitles } from "../gatsby/sharing-titles"\nexport const p = pageTitles\n',
      ),
    ).toEqual([expect.stringMatching(/^import-x\/no-restricted-paths: .*build's own steps work on content/)])
    // What they share with the build is below it.
    expect(
      await complaints(
        "deploy/publish/planted.ts",
        'import { parseHtml } from "../../build-steps/built-html"\nexport const p = parseHtml\n',
      ),
    ).toEqual([])
  })

  it("refuses an import cycle", async () => {
    // menu-toggle.tsx is imported by mobile-menu.tsx; importing it back closes a cycle.
    const code = 'import { MobileMenu } from "./mobile-menu"\nexport const menu = MobileMenu\n'
    expect(await complaints("src/components/layout/menu-toggle.tsx", code)).toEqual([
      "import-x/no-cycle: Dependency cycle detected",
    ])
  })
})
