/**
 * The Content-Security-Policies: the header every response carries (SITE_CSP), each page's own,
 * carried in its HTML with its inline code by hash (pageCsp, page-policy.ts), and the CMS's
 * (ADMIN_CSP). The hosting policy (hosting-policy.ts) sends the first and the CMS's.
 */
import { type KnownInlineCode, type ReadHtml, hashSource, inlineSources } from "./inline-sources"

const policyText = (directives: Record<string, readonly string[]>) =>
  Object.entries(directives)
    .map(([name, sources]) => [name, ...sources].join(" "))
    .join("; ")

/** What the site loads and refuses, the same on every page: sources other than inline code. */
const SITE_DIRECTIVES = {
  "img-src": ["'self'", "data:"],
  "font-src": ["'self'"],
  "connect-src": ["'self'"],
  "frame-src": ["'none'"],
  "worker-src": ["'none'"],
  "media-src": ["'none'"],
  "base-uri": ["'none'"],
  "form-action": ["'self'"],
  "object-src": ["'none'"],
}

/**
 * The Content-Security-Policy header of every response: what applies to every page, and
 * `frame-ancestors`, which a policy in the page cannot carry. It names no script or style sources, so
 * it lets each page's own policy (pageCsp, in its HTML) decide which inline code runs; a browser
 * enforces both, so a page's document can do only what each allows.
 */
export const SITE_CSP = policyText({ ...SITE_DIRECTIVES, "frame-ancestors": ["'none'"] })

/**
 * A page's Content-Security-Policy, carried in its HTML (page-policy.ts): its own origin for scripts,
 * styles, fonts, images and data; the inline scripts and styles of the build by hash (styled-components
 * adds rules to an empty style element at run time, whose hash is that of nothing); no frames, workers,
 * media or plugins. External links (the scheduler, the profiles) are navigations, which a policy does
 * not restrict. `htmlFiles` are the pages served with it: one, or copies of one.
 *
 * `default-src` is the site's own origin, not 'none': it is the directive that governs what no other
 * names, and two of those the site needs. A `<link rel="prefetch">` (Gatsby's prefetching of the
 * pages a visitor's links lead to) is checked against `default-src` (CSP 3; Firefox enforces it, and
 * with 'none' refused every prefetch on every page); and the web manifest would be `manifest-src`,
 * which WebKit does not know (it logs "Unrecognized Content-Security-Policy directive" on every page),
 * so it is left to `default-src` too. Every fetch directive the site has no use for says 'none'.
 */
export function pageCsp(htmlFiles: readonly string[], known: KnownInlineCode, read?: ReadHtml): string {
  const inline = inlineSources(htmlFiles, known, read)
  // Never allow what the build did not write: content that became code, or a tool that changed.
  if (inline.foreign.length > 0) {
    throw new Error(
      `The build stopped: a page carries inline code that nothing in the build wrote, which its policy would allow.\n${inline.foreign.join("\n")}\nSee build-steps/post-build/known-inline.ts for the writers it knows.`,
    )
  }
  return policyText({
    "default-src": ["'self'"],
    "script-src": ["'self'", ...inline.scripts],
    "style-src": ["'self'", hashSource(""), ...inline.styles],
    "style-src-attr": ["'unsafe-hashes'", ...inline.styleAttributes],
    ...SITE_DIRECTIVES,
  })
}

/** Where Decap's github backend reads and writes the content: GitHub's REST API, nothing else. */
export const GITHUB_API_ORIGIN = "https://api.github.com"
/** Where Decap checks GitHub's health every few minutes, to warn editors when GitHub is down. */
export const GITHUB_STATUS_ORIGIN = "https://www.githubstatus.com"
/** Where GitHub serves the signed-in editor's picture, shown in the CMS's header. */
export const GITHUB_AVATARS_ORIGIN = "https://avatars.githubusercontent.com"

/**
 * The CMS's policy (/admin/), apart from the site's: Decap checks its configuration with ajv, which
 * compiles its checks with `new Function` (so this page, and only this one, allows eval); it styles
 * itself inline at run time and draws the preview in a frame written from the page, and reads uploads
 * as blobs (showing them, and fetching the redrawn photo it commits: without `blob:` in connect-src an
 * uploaded photo is never saved). It talks to GitHub's API deployed and to decap-server (its own origin) locally; the
 * sign-in window is a page of its own origin (/api/auth).
 */
export const ADMIN_CSP = policyText({
  "default-src": ["'self'"],
  "script-src": ["'self'", "'unsafe-eval'"],
  "style-src": ["'self'", "'unsafe-inline'"],
  "img-src": ["'self'", "data:", "blob:", GITHUB_AVATARS_ORIGIN],
  "font-src": ["'self'", "data:"],
  "connect-src": ["'self'", "blob:", GITHUB_API_ORIGIN, GITHUB_STATUS_ORIGIN],
  "frame-src": ["'self'", "blob:"],
  "base-uri": ["'self'"],
  "form-action": ["'self'"],
  "frame-ancestors": ["'none'"],
  "object-src": ["'none'"],
})
