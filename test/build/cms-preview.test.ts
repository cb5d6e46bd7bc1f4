/**
 * The preview bundle as the build writes it into /admin/: small, carrying the site's faces, and with
 * no React of its own (its `react` is the CMS's); an import that would bring the site's React in
 * stops the build.
 */
import { build } from "esbuild"
import fs from "node:fs"
import os from "node:os"
import path from "node:path"
import zlib from "node:zlib"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { PREVIEW_SCRIPT, buildPreviews, standIns } from "../../gatsby/cms-preview"
import { WEB_FACES } from "../../src/styles/font-files"

/** gzip -9 bytes the admin downloads for the previews, beside Decap's ~1.5 MB. */
const PREVIEW_BUDGET = 70_000

let target: string
let script: string

beforeAll(async () => {
  target = fs.mkdtempSync(path.join(os.tmpdir(), "aurelle-preview-"))
  await buildPreviews(target, "/admin")
  script = fs.readFileSync(path.join(target, PREVIEW_SCRIPT), "utf8")
}, 60_000)

afterAll(() => fs.rmSync(target, { recursive: true, force: true }))

describe("the preview bundle", () => {
  it(`stays under ${PREVIEW_BUDGET / 1000} kB gzip`, () => {
    expect(zlib.gzipSync(script, { level: 9 }).length).toBeLessThan(PREVIEW_BUDGET)
  })

  it("carries no React of its own", () => {
    // Every build of React 18 and 19 (react, react-dom) names its shared internals so.
    for (const internals of ["__SECRET_INTERNALS_DO_NOT_USE", "__CLIENT_INTERNALS_DO_NOT_USE"]) {
      expect(script.includes(internals), internals).toBe(false)
    }
    expect(script.includes("webpackChunkDecapCms"), "looks React up in the CMS").toBe(true)
  })

  it("brings the site's four faces, served from the admin folder", () => {
    const fonts = fs.readdirSync(path.join(target, "fonts"))
    expect(fonts).toHaveLength(WEB_FACES.length)
    for (const font of fonts) expect(script).toContain(`/admin/fonts/${font}`)
  })

  it("is the same bytes on every build", async () => {
    const again = fs.mkdtempSync(path.join(os.tmpdir(), "aurelle-preview-"))
    await buildPreviews(again, "/admin")
    expect(fs.readFileSync(path.join(again, PREVIEW_SCRIPT), "utf8")).toBe(script)
    fs.rmSync(again, { recursive: true, force: true })
  })

  it("stops the build when a component would bring in the site's react-dom", async () => {
    const attempt = build({
      stdin: { contents: 'import { createPortal } from "react-dom"; console.log(createPortal)', resolveDir: __dirname },
      bundle: true,
      write: false,
      logLevel: "silent",
      plugins: [standIns],
    })
    await expect(attempt).rejects.toThrow(/react-dom .*has no place in the preview bundle/)
  })
})
