/**
 * How the built site is served, decided once: which addresses are pages, what answers a path that is
 * no page, and which headers every response carries. deploy/release/nginx-config.ts and cdn.ts write this
 * policy in their hosts' own languages, so a server and a CDN behave the same; it is read from the
 * build (its pages, its hashed files, what its HTML carries inline), so it is always the build's own.
 */
import path from "node:path"
import { builtPages } from "./built-pages"
import { filesUnder } from "../../lib/files"
import { ADMIN_CSP, SITE_CSP } from "./csp"
import { AUTH_PATH } from "../../contracts/sign-in"
import { LOCALES, type Locale } from "../../model/locales"
import {
  CASE_STUDIES_PATH,
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
export const CASE_NOT_FOUND: NotFoundPage = { prefix: CASE_STUDIES_PATH, file: UNKNOWN_CASE_FILE }
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
      `build-steps/post-build/hosting-policy.ts: ${unhashed.join(", ")} would be cached for a year, but its name carries no content hash; add its folder to IMMUTABLE_SCRIPTS.except`,
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

/**
 * The routes a demo page view's `from` may name: the route of each page (its address in English), and
 * the not-found screens' (as the site's links write them, model/routes.ts).
 */
export const demoSources = (pages: readonly string[]): string[] =>
  [...new Set([...pages.map(routeOf), NOT_FOUND_ROUTE, inQuery(UNKNOWN_CASE_ROUTE)])].sort()

/** The policy of the build in `publicDir`, with the addresses of before its content names (addresses.ts). */
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
