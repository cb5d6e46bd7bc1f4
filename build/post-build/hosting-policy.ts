/**
 * How the built site is served, decided once: which addresses are pages, what answers a path that is
 * no page, and which headers every response carries. deploy/release/nginx-config.ts and cdn.ts write this
 * policy in their hosts' own languages, so a server and a CDN behave the same; it is read from the
 * build (its pages, its hashed files, what its HTML carries inline), so it is always the build's own.
 */
import path from "node:path"
import { builtPages } from "./built-pages"
import { filesUnder } from "../../lib/files"
import { type KnownInlineCode, type ReadHtml, hashSource, inlineSources } from "./inline-sources"
import { AUTH_PATH } from "../../contracts/sign-in"
import { LOCALES, type Locale } from "../../model/locales"
import {
  NOT_FOUND_ROUTE,
  SCHEDULER_PATH,
  UNKNOWN_CASE_FILE,
  UNKNOWN_CASE_ROUTE,
  inQuery,
  localePath,
  routeOf,
} from "../../model/routes"
import type {
  Departure,
  HostingAddresses,
  HostingPolicy,
  ImmutableScripts,
  NotFoundPage,
} from "../../contracts/hosting-policy"

export const ADMIN_PREFIX = "/admin/"
/**
 * The editors' sign-in (deploy/auth/github-oauth.ts): a service, not files, that sends its own strict
 * headers; a host adds none of its own there (nginx) or cannot (a CDN's rules skip its Functions).
 */
export const SERVICE_PREFIXES = [AUTH_PATH]

export const CACHE_IMMUTABLE = "public, max-age=31536000, immutable"
export const CACHE_REVALIDATE = "public, max-age=0, must-revalidate"

/**
 * In each language (English at the root, French under /fr/): the unknown-case file answers unknown
 * slugs, and the not-found file any other address that is no page, nearest prefix first. Both are
 * pages of src/pages/404.tsx, built where hosts look for them (gatsby/create-pages.ts, Gatsby's /404.html).
 */
const inLanguage = (route: string, locale: Locale) => localePath(route, locale)
export const CASE_NOT_FOUND: NotFoundPage = { prefix: "/case-studies/", file: UNKNOWN_CASE_FILE }
export const SITE_NOT_FOUND: NotFoundPage = { prefix: "/", file: "/404.html" }
const notFoundIn = (locale: Locale): NotFoundPage[] =>
  [CASE_NOT_FOUND, SITE_NOT_FOUND].map(({ prefix, file }) => ({
    prefix: inLanguage(prefix, locale),
    file: inLanguage(file, locale),
  }))
/** Every language's not-found pages, the longest prefix first. */
export const NOT_FOUND_PAGES: NotFoundPage[] = LOCALES.flatMap(notFoundIn).sort(
  (a, b) => b.prefix.length - a.prefix.length,
)

export const HOST_FILES = ["/_headers", "/_redirects"]

const DOCUMENT_ONLY_HEADERS = [
  "Content-Security-Policy",
  "Permissions-Policy",
  "X-Frame-Options",
  "Cross-Origin-Opener-Policy",
]

/** webpack's chunks and Gatsby's bundles at the root of the build: name-<20 hex>.js */
const HASHED_BUNDLE = /^[\w.-]+-[0-9a-f]{20}\.js$/

const PERMISSIONS_DENIED = [
  "accelerometer",
  "autoplay",
  "camera",
  "display-capture",
  "encrypted-media",
  "fullscreen",
  "geolocation",
  "gyroscope",
  "magnetometer",
  "microphone",
  "midi",
  "payment",
  "picture-in-picture",
  "publickey-credentials-get",
  "screen-wake-lock",
  "serial",
  "usb",
  "xr-spatial-tracking",
]

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
      `The build stopped: a page carries inline code that nothing in the build wrote, which its policy would allow.\n${inline.foreign.join("\n")}\nSee build/post-build/known-inline.ts for the writers it knows.`,
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
 * as blobs. It talks to GitHub's API deployed and to decap-server (its own origin) locally; the
 * sign-in window is a page of its own origin (/api/auth).
 */
export const ADMIN_CSP = policyText({
  "default-src": ["'self'"],
  "script-src": ["'self'", "'unsafe-eval'"],
  "style-src": ["'self'", "'unsafe-inline'"],
  "img-src": ["'self'", "data:", "blob:", GITHUB_AVATARS_ORIGIN],
  "font-src": ["'self'", "data:"],
  "connect-src": ["'self'", GITHUB_API_ORIGIN, GITHUB_STATUS_ORIGIN],
  "frame-src": ["'self'", "blob:"],
  "base-uri": ["'self'"],
  "form-action": ["'self'"],
  "frame-ancestors": ["'none'"],
  "object-src": ["'none'"],
})

/** Not pages of their own: each language's 404 page's folder copy. */
const NOT_PAGES = new Set(LOCALES.map((locale) => inLanguage(NOT_FOUND_ROUTE, locale)))

const IMMUTABLE_SCRIPTS: ImmutableScripts = { suffix: ".js", except: [ADMIN_PREFIX, "/~partytown/"] }

/**
 * The hashed bundles of the build, checked against IMMUTABLE_SCRIPTS: a script outside its exceptions
 * whose name carries no hash would be cached for a year and never seen to change, so it stops the build.
 */
function hashedBundles(publicDir: string, scripts: ImmutableScripts): string[] {
  const files = filesUnder(publicDir)
    .map((file) => `/${path.relative(publicDir, file).split(path.sep).join("/")}`)
    .filter((file) => file.endsWith(scripts.suffix) && !scripts.except.some((prefix) => file.startsWith(prefix)))
  const unhashed = files.filter((file) => !HASHED_BUNDLE.test(file.slice(1)))
  if (unhashed.length > 0) {
    throw new Error(
      `build/post-build/hosting-policy.ts: ${unhashed.join(", ")} would be cached for a year, but its name carries no content hash; add its folder to IMMUTABLE_SCRIPTS.except`,
    )
  }
  return files.sort()
}

/** A build whose content has no address of before. */
export const NO_ADDRESSES: HostingAddresses = { moved: [], gone: [] }

/**
 * Book a Demo's way to the scheduler in each language: the site's address, led to the settings'
 * scheduling URL of that language (`schedulingUrlIn`), which the content's schema keeps to what a
 * host's redirect may hold.
 */
export const schedulerDepartures = (schedulingUrlIn: (locale: Locale) => string): Departure[] =>
  LOCALES.map((locale) => ({ from: localePath(SCHEDULER_PATH, locale), to: schedulingUrlIn(locale) }))

/** The pages of a build: each folder's index.html, as its address. */
export function builtAddresses(publicDir: string): string[] {
  return builtPages(publicDir)
    .map((file) => path.relative(publicDir, file).split(path.sep).join("/"))
    .filter((file) => file.endsWith("/index.html") || file === "index.html")
    .map((file) => `/${file.slice(0, -"index.html".length)}`)
    .filter((page) => !NOT_PAGES.has(page))
    .sort()
}

/** The policy of the build in `publicDir`, with the addresses of before its content names (addresses.ts). */
/**
 * The routes a demo page view's `from` may name: the route of each page (its address in English), and
 * the not-found screens' (as the site's links write them, model/routes.ts).
 */
export const demoSources = (pages: readonly string[]): string[] =>
  [...new Set([...pages.map(routeOf), NOT_FOUND_ROUTE, inQuery(UNKNOWN_CASE_ROUTE)])].sort()

export function hostingPolicy(
  publicDir: string,
  addresses: HostingAddresses = NO_ADDRESSES,
  departures: Departure[] = [],
): HostingPolicy {
  const pages = builtAddresses(publicDir)
  return {
    pages,
    demoSources: demoSources(pages),
    addresses,
    departures,
    notFound: NOT_FOUND_PAGES,
    headers: {
      "Content-Security-Policy": SITE_CSP,
      "Strict-Transport-Security": "max-age=63072000; includeSubDomains; preload",
      "X-Content-Type-Options": "nosniff",
      "X-Frame-Options": "DENY",
      "Referrer-Policy": "strict-origin-when-cross-origin",
      "Permissions-Policy": PERMISSIONS_DENIED.map((feature) => `${feature}=()`).join(", "),
      // No Cross-Origin-Opener-Policy on the pages: it made each arrival change browsing context group
      // and commit in a fresh renderer, whose start-up Lighthouse counts as blocking time (mobile runs
      // over 65 ms: 12 of 80 with it, 0 of 80 without). The pages keep nothing of a visitor's for an
      // opener to reach, and refuse framing; the CMS, which holds a GitHub token, keeps its own below.
    },
    prefixHeaders: [
      {
        prefix: ADMIN_PREFIX,
        headers: {
          "Content-Security-Policy": ADMIN_CSP,
          "X-Robots-Tag": "noindex, nofollow",
          // The sign-in window it opens must keep it as its opener through GitHub's pages.
          "Cross-Origin-Opener-Policy": "same-origin-allow-popups",
        },
      },
    ],
    servicePrefixes: SERVICE_PREFIXES,
    immutable: {
      prefixes: ["/static/", `${ADMIN_PREFIX}fonts/`],
      scripts: IMMUTABLE_SCRIPTS,
      bundles: hashedBundles(publicDir, IMMUTABLE_SCRIPTS),
    },
    cacheControl: { immutable: CACHE_IMMUTABLE, revalidate: CACHE_REVALIDATE },
    documentOnlyHeaders: DOCUMENT_ONLY_HEADERS,
    hostFiles: HOST_FILES,
  }
}
