/**
 * The inline code the hosting policy may allow (build-steps/post-build/known-inline.ts), read from the real
 * build in public/: every inline script and style of the built pages is recognised, and code added to
 * them is not.
 */
import path from "node:path"
import fs from "node:fs"
import { describe, expect, it } from "vitest"
import { inlineSources } from "../../build-steps/post-build/inline-sources"
import { knownInlineCode } from "../../build-steps/post-build/known-inline"
import { PUBLIC_DIR } from "../../deploy/hosting/local-nginx"

describe("the inline code the build knows", () => {
  it("recognises every inline script and style of the built pages, and nothing added", () => {
    const known = knownInlineCode(PUBLIC_DIR)
    const pages = ["index.html", "case-studies/wine/index.html", "404.html"].map((file) => path.join(PUBLIC_DIR, file))
    expect(inlineSources(pages, known).foreign).toEqual([])
    const home = fs.readFileSync(pages[0], "utf8")
    expect(known.script("alert(1)", home)).toBe(false)
    // Gatsby's page-path script is left out of every page (gatsby-ssr.tsx): it is no longer the build's.
    expect(known.script('/*<![CDATA[*/window.pagePath="/";/*]]>*/', home)).toBe(false)
    expect(home).not.toContain("window.pagePath")
    expect(known.style("body{}", {})).toBe(false)
  })
})
