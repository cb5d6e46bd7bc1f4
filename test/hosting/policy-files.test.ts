/**
 * The pieces of the hosting policy that need no server: which inline code a page carries (and so
 * which hashes its policy lists), and the CDN files' rules and limits.
 */
import { createHash } from "node:crypto"
import fs from "node:fs"
import os from "node:os"
import path from "node:path"
import { afterAll, describe, expect, it } from "vitest"
import { CDN_LIMITS, headersFile, redirectsFile } from "../../build-steps/post-build/cdn"
import { NO_ADDRESSES } from "../../build-steps/post-build/hosting-policy"
import { type KnownInlineCode, inlineSources } from "../../build-steps/post-build/inline-sources"
import { withPagePolicy } from "../../build-steps/post-build/page-policy"
import { CACHE_IMMUTABLE, CACHE_REVALIDATE } from "../../build-steps/post-build/hosting-policy"
import { SITE_CSP, pageCsp } from "../../build-steps/post-build/csp"
import { UNFINISHED_PAGE_POLICY } from "../../build-steps/post-build/policy-meta"
import { type HostingPolicy } from "../../contracts/hosting-policy"

const sha = (text: string) => `'sha256-${createHash("sha256").update(text).digest("base64")}'`

const pagesDir = fs.mkdtempSync(path.join(os.tmpdir(), "aurelle-inline-"))
afterAll(() => fs.rmSync(pagesDir, { recursive: true, force: true }))

function pageFile(html: string) {
  const file = path.join(fs.mkdtempSync(path.join(pagesDir, "page-")), "index.html")
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

describe("a page's policy", () => {
  it("stops the build when a page carries a script the build did not write", () => {
    const page = pageFile(`<script>window.pagePath="/"</script><script>alert(1)</script>`)
    expect(() => pageCsp([page], known)).toThrow(
      /inline script the build did not write: "<script>alert\(1\)<\/script>"/,
    )
  })

  it("allows the build's own inline code by hash, and nothing inline beside it", () => {
    const csp = pageCsp([pageFile(`<script>window.pagePath="/"</script>`)], known)
    expect(csp).toContain(`script-src 'self' ${sha('window.pagePath="/"')};`)
    expect(csp).not.toMatch(/unsafe-inline|unsafe-eval|\*/)
    // A policy in the page cannot refuse framing; the site-wide header does.
    expect(csp).not.toContain("frame-ancestors")
    expect(SITE_CSP).toContain("frame-ancestors 'none'")
    // The header names no script or style sources, which would refuse the page's own inline code.
    expect(SITE_CSP).not.toMatch(/default-src|script-src|style-src/)
  })

  const placeholder = `<meta http-equiv="Content-Security-Policy" content="${UNFINISHED_PAGE_POLICY}"/>`

  it("goes into the element the server render left for it, replacing the policy that allows nothing", () => {
    const html = `<html><head><meta charSet="utf-8"/>${placeholder}<style data-styled="">a{}</style></head><body></body></html>`
    const finished = withPagePolicy(html, "script-src 'self' 'sha256-x'", "a/index.html")
    expect(finished).toBe(html.replace(UNFINISHED_PAGE_POLICY, "script-src 'self' 'sha256-x'"))
    // Written again on a later build, it is replaced, not added to.
    expect(withPagePolicy(finished, "script-src 'self'", "a/index.html")).toBe(
      html.replace(UNFINISHED_PAGE_POLICY, "script-src 'self'"),
    )
  })

  it("stops the build when a page has no place for it, two, or inline code before it", () => {
    expect(() => withPagePolicy("<html><head></head></html>", "x", "a/index.html")).toThrow(
      /a\/index.html: 0 Content-Security-Policy <meta> elements/,
    )
    expect(() => withPagePolicy(`<head>${placeholder}${placeholder}</head>`, "x", "a/index.html")).toThrow(/2 Content/)
    expect(() =>
      withPagePolicy(`<head><style data-styled="">a{}</style>${placeholder}</head>`, "x", "a/index.html"),
    ).toThrow(/inline code comes before the page's Content-Security-Policy/)
    expect(() => withPagePolicy(`<head>${placeholder}</head>`, `script-src "x"`, "a/index.html")).toThrow(/plain/)
  })
})

const SCRIPTS = { suffix: ".js", except: ["/admin/", "/~partytown/"] }

const policy = (csp = "frame-ancestors 'none'"): HostingPolicy => ({
  pages: ["/", "/book-demo/", "/case-studies/wine/"],
  demoSources: ["/", "/book-demo/", "/case-studies/wine/"],
  addresses: NO_ADDRESSES,
  departures: [{ from: "/book-demo/schedule/", to: "https://calendar.example/aurelle" }],
  notFound: [],
  headers: {
    "Content-Security-Policy": csp,
    "X-Content-Type-Options": "nosniff",
    "X-Frame-Options": "DENY",
  },
  prefixHeaders: [
    { prefix: "/admin/", headers: { "Content-Security-Policy": "default-src 'self'", "X-Robots-Tag": "noindex" } },
  ],
  servicePrefixes: ["/api/auth"],
  immutable: { prefixes: ["/static/"], scripts: SCRIPTS, bundles: ["/app-0123456789abcdef0123.js"] },
  cacheControl: { immutable: CACHE_IMMUTABLE, revalidate: CACHE_REVALIDATE },
  documentOnlyHeaders: ["Content-Security-Policy", "X-Frame-Options"],
  hostFiles: [],
})

describe("the CDN files", () => {
  it("redirect every page's address without its slash to it, and Book a Demo's way to the scheduler (302)", () => {
    expect(
      redirectsFile(policy())
        .split("\n")
        .filter((line) => line && !line.startsWith("#")),
    ).toEqual([
      "/book-demo /book-demo/ 301",
      "/case-studies/wine /case-studies/wine/ 301",
      "/book-demo/schedule/ https://calendar.example/aurelle 302",
      "/book-demo/schedule https://calendar.example/aurelle 302",
    ])
  })

  it("lead an address a page moved from, with or without its slash, to the page in one hop; none for a gone one", () => {
    const moved = {
      ...policy(),
      addresses: {
        moved: [{ from: "/fr/case-studies/vins/", to: "/fr/case-studies/wine/" }],
        gone: ["/case-studies/cellars/"],
      },
    }
    expect(
      redirectsFile(moved)
        .split("\n")
        .filter((line) => line && !line.startsWith("#")),
    ).toEqual([
      "/book-demo /book-demo/ 301",
      "/case-studies/wine /case-studies/wine/ 301",
      "/fr/case-studies/vins/ /fr/case-studies/wine/ 301",
      "/fr/case-studies/vins /fr/case-studies/wine/ 301",
      "/book-demo/schedule/ https://calendar.example/aurelle 302",
      "/book-demo/schedule https://calendar.example/aurelle 302",
    ])
  })

  it("have the same rules however many pages and bundles the build has", () => {
    const many = { ...policy(), pages: Array.from({ length: 1000 }, (_, index) => `/case-studies/${index}/`) }
    many.immutable = { ...many.immutable, bundles: Array.from({ length: 500 }, (_, index) => `/c-${index}.js`) }
    expect(headersFile(many)).toBe(headersFile(policy()))
    const order = ["/*", "/*.js", "/admin/*", "/~partytown/*", "/static/*"].map((rule) =>
      headersFile(many).indexOf(`\n${rule}\n`),
    )
    expect(order.every((position) => position > 0)).toBe(true)
    expect([...order].sort((a, b) => a - b)).toEqual(order)
  })

  it("cache scripts for a year without the document headers, and give unhashed ones back what they had", () => {
    const text = headersFile(policy())
    expect(text).toContain(
      `/*.js\n  ! Cache-Control\n  ! Content-Security-Policy\n  ! X-Frame-Options\n  Cache-Control: ${CACHE_IMMUTABLE}`,
    )
    expect(text).toContain(
      `/~partytown/*\n  ! Cache-Control\n  ! Content-Security-Policy\n  ! X-Frame-Options\n  Cache-Control: ${CACHE_REVALIDATE}\n  Content-Security-Policy: frame-ancestors 'none'\n  X-Frame-Options: DENY`,
    )
  })

  it("replace a header under a prefix by dropping it first, and only headers set before", () => {
    const text = headersFile(policy())
    expect(text).toContain(
      "/admin/*\n  ! Content-Security-Policy\n  Content-Security-Policy: default-src 'self'\n  X-Robots-Tag: noindex",
    )
    expect(text).not.toContain("! X-Robots-Tag")
  })

  it("stop the build rather than pass Cloudflare Pages' limits", () => {
    const prefixes = Array.from({ length: CDN_LIMITS.rules }, (_, index) => `/folder-${index}/`)
    expect(() => headersFile({ ...policy(), immutable: { ...policy().immutable, prefixes } })).toThrow(
      /rules; Cloudflare Pages reads at most 100/,
    )
    expect(() => headersFile(policy(`script-src ${"'sha256-x' ".repeat(250)}`))).toThrow(
      /a line of \d+ characters .*Cloudflare Pages reads at most 2000/,
    )
  })
})
