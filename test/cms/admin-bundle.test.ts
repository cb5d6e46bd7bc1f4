/**
 * The admin's script as the build writes it into /admin/: Decap CMS from its npm packages (core and
 * the parts this site uses) with the site's previews on one React, React 19, nothing of the site's React 18 and no reach into a
 * prebuilt bundle's module table; the site's faces beside it; the same bytes on every build.
 */
import fs from "node:fs"
import os from "node:os"
import path from "node:path"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { ADMIN_SCRIPT } from "../../contracts/admin"
import { buildAdminScript } from "../../cms/bundle"
import { WEB_FACES } from "../../src/styles/font-files"

/** Each React build names its shared internals so: React 18's, and React 19's. */
const REACT_18_INTERNALS = "__SECRET_INTERNALS_DO_NOT_USE_OR_YOU_WILL_BE_FIRED"
const REACT_19_INTERNALS = "__CLIENT_INTERNALS_DO_NOT_USE_OR_WARN_USERS_THEY_CANNOT_UPGRADE"
const DOCUMENTS = [{ schema: "../schemas/case-study.schema.json", fields: [{ name: "slug" }, { name: "title" }] }]

let target: string
let script: string

beforeAll(async () => {
  target = fs.mkdtempSync(path.join(os.tmpdir(), "aurelle-admin-"))
  await buildAdminScript(target, "/admin/", DOCUMENTS)
  script = fs.readFileSync(path.join(target, ADMIN_SCRIPT), "utf8")
}, 120_000)

afterAll(() => fs.rmSync(target, { recursive: true, force: true }))

describe("the admin script", () => {
  it("runs on React 19 alone: the site's React 18 is not in it", () => {
    expect(script).toContain(REACT_19_INTERNALS)
    expect(script).not.toContain(REACT_18_INTERNALS)
    const react = JSON.parse(fs.readFileSync(require.resolve("react-19/package.json"), "utf8")) as { version: string }
    expect(script).toContain(`"${react.version}"`)
  })

  it("is Decap's core with the parts this site uses, registered the documented way, with no module table read", () => {
    expect(script).toContain("Login with GitHub")
    expect(script).not.toContain("webpackChunk")
    // No other host's backend: Git Gateway and Netlify's identity service, GitLab, Bitbucket, Azure
    // (Decap's English phrases still name them: texts, not code). No code editor either.
    for (const code of [
      ".netlify/",
      "netlifyIdentity.",
      "gitlab.com/api",
      "bitbucket.org",
      "dev.azure.com",
      "codemirror",
    ]) {
      expect(script.includes(code), code).toBe(false)
    }
  })

  it("carries the field order it was built with", () => {
    expect(
      script.includes(`[{schema:"../schemas/case-study.schema.json",fields:[{name:"slug"},{name:"title"}]}]`),
      "the documents, as esbuild prints them",
    ).toBe(true)
  })

  it("brings the site's four faces, served from the admin folder", () => {
    const fonts = fs.readdirSync(path.join(target, "fonts"))
    expect(fonts).toHaveLength(WEB_FACES.length)
    for (const font of fonts) expect(script).toContain(`/admin/fonts/${font}`)
  })

  it("is the same bytes on every build", async () => {
    const again = fs.mkdtempSync(path.join(os.tmpdir(), "aurelle-admin-"))
    await buildAdminScript(again, "/admin/", DOCUMENTS)
    expect(fs.readFileSync(path.join(again, ADMIN_SCRIPT), "utf8") === script).toBe(true)
    fs.rmSync(again, { recursive: true, force: true })
  }, 120_000)
})
