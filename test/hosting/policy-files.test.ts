/**
 * The pieces of the hosting policy that need no server: which inline code a page carries (and so
 * which hashes its policy lists), and the CDN files' rules and limits.
 */
import { createHash } from "node:crypto"
import fs from "node:fs"
import os from "node:os"
import path from "node:path"
import { describe, expect, it } from "vitest"
import { CDN_LIMITS, headersFile, redirectsFile } from "../../gatsby/hosting/cdn"
import { type KnownInlineCode, inlineSources } from "../../gatsby/hosting/inline-sources"
import { CACHE_IMMUTABLE, CACHE_REVALIDATE, type HostingPolicy, siteCsp } from "../../gatsby/hosting/policy"

const sha = (text: string) => `'sha256-${createHash("sha256").update(text).digest("base64")}'`

function pageFile(html: string) {
  const file = path.join(fs.mkdtempSync(path.join(os.tmpdir(), "aurelle-inline-")), "index.html")
  fs.writeFileSync(file, html)
  return file
}

/** Stands in for known-inline.ts: the page-path scripts and the styled-components sheet are the build's. */
const known: KnownInlineCode = {
  script: (body) => body.startsWith("window.pagePath=") || body === "const e=1",
  style: (_body, attributes) => "data-styled" in attributes,
}

describe("inlineSources", () => {
  it("hashes the scripts that run, every style element and every style attribute, once each", () => {
    const page = pageFile(`<!doctype html><html><head>
<style data-styled="">.a{color:red}</style>
<script>window.pagePath="/"</script>
<script type="application/ld+json">{"@type":"Organization","name":"A \\u003c/script>"}</script>
<script src="/app-0123456789abcdef0123.js" async></script>
<script type="module">const e=1</script>
</head><body><div style="opacity:0"></div><p style="font-family:&quot;Inter&quot;">x</p><span style="opacity:0"></span></body></html>`)
    const other = pageFile(`<script>window.pagePath="/book-demo/"</script>`)
    expect(inlineSources([page, other], known)).toEqual({
      scripts: [sha('window.pagePath="/"'), sha('window.pagePath="/book-demo/"'), sha("const e=1")].sort(),
      styles: [sha(".a{color:red}")],
      // The hash is of the value the browser reads, entities decoded.
      styleAttributes: [sha("opacity:0"), sha('font-family:"Inter"')].sort(),
      foreign: [],
    })
  })

  it("lists, and never hashes, inline code that no known writer produced", () => {
    // A title of x</script><script>alert(1)</script> in JSON-LD printed without escaping.
    const page = pageFile(
      `<script type="application/ld+json">{"name":"x</script><script>alert(1)</script>"}</script><style>body{}</style><script type="text/x-template">t</script>`,
    )
    const sources = inlineSources([page], known)
    expect(sources.scripts).toEqual([])
    expect(sources.styles).toEqual([])
    expect(sources.foreign).toEqual([
      `${page}: a JSON-LD block that is not escaped JSON: ${JSON.stringify('<script type="application/ld+json">{"name":"x</script>')}`,
      `${page}: an inline script the build did not write: ${JSON.stringify("<script>alert(1)</script>")}`,
      `${page}: an inline script of an unexpected type: ${JSON.stringify('<script type="text/x-template">t</script>')}`,
      `${page}: a style element the build did not write: ${JSON.stringify("<style>body{}</style>")}`,
    ])
  })
})

describe("the site's policy", () => {
  it("stops the build when a page carries a script the build did not write", () => {
    const page = pageFile(`<script>window.pagePath="/"</script><script>alert(1)</script>`)
    expect(() => siteCsp([page], known)).toThrow(
      /inline script the build did not write: "<script>alert\(1\)<\/script>"/,
    )
  })

  it("allows the build's own inline code by hash, and nothing inline beside it", () => {
    const csp = siteCsp([pageFile(`<script>window.pagePath="/"</script>`)], known)
    expect(csp).toContain(`script-src 'self' ${sha('window.pagePath="/"')};`)
    expect(csp).not.toMatch(/unsafe-inline|unsafe-eval|\*/)
  })
})

const policy = (files: string[], csp = "default-src 'none'"): HostingPolicy => ({
  pages: ["/", "/book-demo/", "/case-studies/wine/"],
  notFound: [],
  headers: { "Content-Security-Policy": csp, "X-Content-Type-Options": "nosniff" },
  pagePolicies: [
    { path: "/case-studies/*", files: ["/case-studies/404.html"], csp: "script-src 'sha256-fallback'" },
    { path: "/book-demo/", files: ["/book-demo/index.html"], csp: "script-src 'sha256-demo'" },
  ],
  prefixHeaders: [
    { prefix: "/admin/", headers: { "Content-Security-Policy": "default-src 'self'", "X-Robots-Tag": "noindex" } },
  ],
  servicePrefixes: ["/api/auth"],
  immutable: { prefixes: ["/static/"], files },
  cacheControl: { immutable: CACHE_IMMUTABLE, revalidate: CACHE_REVALIDATE },
  documentOnlyHeaders: ["Content-Security-Policy"],
  hostFiles: [],
})

describe("the CDN files", () => {
  it("redirect every page's address without its slash to it, and nothing else", () => {
    expect(
      redirectsFile(policy([]))
        .split("\n")
        .filter((line) => line && !line.startsWith("#")),
    ).toEqual(["/book-demo /book-demo/ 301", "/case-studies/wine /case-studies/wine/ 301"])
  })

  it("give each page its own policy after the site's, broadest address first", () => {
    const text = headersFile(policy([]))
    const order = ["/*", "/case-studies/*", "/book-demo/", "/admin/*", "/static/*"].map((rule) =>
      text.indexOf(`\n${rule}\n`),
    )
    expect(order.every((position) => position > 0)).toBe(true)
    expect([...order].sort((a, b) => a - b)).toEqual(order)
    expect(text).toContain(
      "/book-demo/\n  ! Content-Security-Policy\n  Content-Security-Policy: script-src 'sha256-demo'",
    )
  })

  it("replace a header under a prefix by dropping it first, and only headers set before", () => {
    const text = headersFile(policy(["/app-0123456789abcdef0123.js"]))
    expect(text).toContain(
      "/admin/*\n  ! Content-Security-Policy\n  Content-Security-Policy: default-src 'self'\n  X-Robots-Tag: noindex",
    )
    // An immutable file keeps none of the headers that govern documents.
    expect(text).toContain(
      `/app-0123456789abcdef0123.js\n  ! Cache-Control\n  ! Content-Security-Policy\n  Cache-Control: ${CACHE_IMMUTABLE}`,
    )
    expect(text).not.toContain("! X-Robots-Tag")
  })

  it("stop the build rather than pass Cloudflare Pages' limits", () => {
    const bundles = Array.from({ length: CDN_LIMITS.rules }, (_, index) => `/chunk-${index}.js`)
    expect(() => headersFile(policy(bundles))).toThrow(/rules; Cloudflare Pages reads at most 100/)
    expect(() => headersFile(policy([], `script-src ${"'sha256-x' ".repeat(250)}`))).toThrow(
      /a line of \d+ characters .*Cloudflare Pages reads at most 2000/,
    )
  })
})
