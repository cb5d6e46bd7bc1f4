/**
 * Each page's Content-Security-Policy, written into the page itself, so the hosting policy's size
 * does not depend on the number of pages (docs/architecture.md, "The hosting policy"). After the
 * pages are final (the after-paint loader written), every built page's
 * policy element (policy-meta.ts) receives the policy of its own inline code (csp.ts, pageCsp).
 * The step stops the build when a page has no such element, more than one, or one that some inline
 * code precedes (a browser applies a policy in the page only to what follows it).
 */
import fs from "node:fs"
import path from "node:path"
import { builtPages } from "./built-pages"
import { parseHtml } from "../built-html"
import { knownInlineCode } from "./known-inline"
import { pageCsp } from "./csp"
import { PAGE_POLICY_META } from "./policy-meta"

/** The first inline script or style element of a page, by its offset in the HTML (-1: none). */
function firstInlineCode(html: string): number {
  const page = parseHtml(html)
  const inline = [...page.querySelectorAll("script"), ...page.querySelectorAll("style")].filter(
    (element) => !element.hasAttribute("src"),
  )
  return inline.length === 0 ? -1 : Math.min(...inline.map((element) => element.range[0]))
}

/** The page's HTML with `csp` as its policy; throws, naming `file`, when the page cannot carry one. */
export function withPagePolicy(html: string, csp: string, file: string): string {
  const elements = [...html.matchAll(PAGE_POLICY_META)]
  if (elements.length !== 1) {
    throw new Error(
      `${file}: ${elements.length} Content-Security-Policy <meta> elements where the build writes one (gatsby-ssr.tsx); the page's policy has nowhere to go`,
    )
  }
  const first = firstInlineCode(html)
  if (first !== -1 && first < elements[0].index) {
    throw new Error(
      `${file}: inline code comes before the page's Content-Security-Policy <meta>, which would not apply to it`,
    )
  }
  if (/["&<>]/.test(csp)) throw new Error(`${file}: a policy that is not plain attribute text: ${csp}`)
  return html.replace(PAGE_POLICY_META, () => `<meta http-equiv="Content-Security-Policy" content="${csp}"/>`)
}

/**
 * Writes each page's own policy into it (HTML files under `publicDir`; every built page by default),
 * rewriting only the pages whose policy changed.
 */
export function writePagePolicies(publicDir: string, files: readonly string[] = builtPages(publicDir)): number {
  const known = knownInlineCode(publicDir)
  const pages = files.map((file) => path.resolve(publicDir, file))
  for (const file of pages) {
    const html = fs.readFileSync(file, "utf8")
    const finished = withPagePolicy(
      html,
      pageCsp([file], known, () => html),
      path.relative(publicDir, file),
    )
    if (finished !== html) fs.writeFileSync(file, finished)
  }
  return pages.length
}
