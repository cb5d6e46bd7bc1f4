/**
 * The inline code the build writes, each piece known by where it comes from, so that a page's
 * Content-Security-Policy can allow exactly these and the build can stop on anything else:
 *
 * - Gatsby's runtime: the scripts of its slices in public/_gatsby/slices/ (chunk map, compilation
 *   hash), read from the files Gatsby wrote. (Its page-path script is left out: gatsby-ssr.tsx.)
 * - The site: the after-paint loader (hydrate-after-paint.ts), rebuilt from the page's bundle list.
 * - Style elements marked by their writers: styled-components' sheet (`data-styled`) and the site's
 *   document CSS (`data-global-css`, gatsby-ssr.tsx). Their text is code of this repository; content
 *   reaches a page only as React-escaped text, which can make no element.
 *
 * Anything else is foreign, and the build stops, which is the point: nothing unrecognised is allowed.
 */
import fs from "node:fs"
import path from "node:path"
import { parseHtml } from "../built-html"
import { deferredBundles, loaderSource } from "./hydrate-after-paint"
import type { KnownInlineCode } from "./inline-sources"
import { SLICES_DIR } from "../gatsby-internals"

/** The attributes by which styled-components and gatsby-ssr.tsx mark the style elements they write. */
const STYLE_MARKERS = ["data-styled", "data-global-css"]

/** The non-empty bodies of the `tag` elements of some HTML (an empty one is a script's src tag). */
const bodies = (html: string, tag: "script" | "style") =>
  parseHtml(html)
    .querySelectorAll(tag)
    .map((element) => element.rawText)
    .filter((body) => body.trim() !== "")

export function knownInlineCode(publicDir: string): KnownInlineCode {
  const slicesDir = path.join(publicDir, SLICES_DIR)
  const slices = fs.existsSync(slicesDir)
    ? fs.readdirSync(slicesDir).map((file) => fs.readFileSync(path.join(slicesDir, file), "utf8"))
    : []
  const scripts = new Set(slices.flatMap((html) => bodies(html, "script")))
  // A page's scripts are asked about one after another: its bundle list is read from it once.
  let page = { html: "", bundles: [] as string[] }
  const bundlesOf = (html: string) => {
    if (page.html !== html) page = { html, bundles: deferredBundles(html) }
    return page.bundles
  }
  return {
    script: (body, html) => {
      const bundles = bundlesOf(html)
      return scripts.has(body) || (bundles.length > 0 && body === loaderSource(bundles))
    },
    style: (_body, attributes) => STYLE_MARKERS.some((marker) => attributes[marker] === ""),
  }
}
