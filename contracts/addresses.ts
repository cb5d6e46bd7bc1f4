/**
 * The site's addresses, in one vocabulary for everything that names them: the site's pages and
 * links (model/routes.ts builds on it), the build's hosting policy, the nginx configuration a release
 * writes and the demo funnel's counts of its log. Plain values: the browser's code reads it too.
 */

/** The site's languages: English at the root, every other under /<locale>/. */
export const LOCALES = ["en", "fr"] as const
export type Locale = (typeof LOCALES)[number]

/** The language at the site's root, whose document holds the shared fields (and Decap's default). */
export const DEFAULT_LOCALE: Locale = "en"

/** Each language's name in English, for the build's, the CMS's and the report's words. */
export const LANGUAGE_NAMES_IN_ENGLISH: Record<Locale, string> = { en: "English", fr: "French" }

export const HOME_PATH = "/"
export const BOOK_DEMO_PATH = "/book-demo/"

/**
 * The address the demo page's Book a Demo link leads to: the host answers it with a redirect to the
 * scheduler (the settings' scheduling URL in the page's language), and its log counts each one.
 */
export const SCHEDULER_PATH = `${BOOK_DEMO_PATH}schedule/`

/**
 * The demo page's parameter naming the route of the page its link was followed from
 * (/book-demo/?from=/case-studies/wine/): the host's log counts which pages lead to a demo.
 */
export const DEMO_SOURCE_PARAM = "from"

/**
 * The folders the host serves that hold no page (their first segment in any language): Gatsby's
 * page data, bundles and slices (build-steps/gatsby-internals.ts), the admin (contracts/admin.ts), the
 * sign-in (contracts/sign-in.ts) and the demo funnel's report.
 */
export const NO_PAGE_FOLDERS = ["page-data", "static", "_gatsby", "admin", "api", "report"] as const

/** A path of the site in a language: English at the root, every other language under /<locale>/. */
export const localePath = (path: string, locale: Locale) => (locale === DEFAULT_LOCALE ? path : `/${locale}${path}`)

/** The language of a path of the site (or of a page path Gatsby matches, such as /fr/case-studies/*). */
export const localeOfPath = (path: string): Locale =>
  LOCALES.find((locale) => locale !== DEFAULT_LOCALE && (path === `/${locale}` || path.startsWith(`/${locale}/`))) ??
  DEFAULT_LOCALE

/** The same page in another language: /fr/case-studies/wine/ <-> /case-studies/wine/ (hash and query kept). */
export function translatedPath(path: string, to: Locale): string {
  const from = localeOfPath(path)
  const unprefixed = from === DEFAULT_LOCALE ? path : path.slice(from.length + 1) || HOME_PATH
  return localePath(unprefixed, to)
}

/** A path without its language: /fr/case-studies/wine/ -> /case-studies/wine/ (the route both languages share). */
export const routeOf = (path: string) => translatedPath(path, DEFAULT_LOCALE)
