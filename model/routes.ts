/** The site's paths, in the one trailing-slash form that Gatsby builds (trailingSlash: "always"). */
import { DEFAULT_LOCALE, LOCALES, type Locale } from "./locales"

export const HOME_PATH = "/"
export const BOOK_DEMO_PATH = "/book-demo/"
/** A legal page's route: its content file's name (gatsby/create-pages.ts makes one page per file). */
export const legalPagePath = (fileName: string) => `/${fileName}/`
export const PRIVACY_PATH = legalPagePath("privacy-policy")
export const TERMS_PATH = legalPagePath("terms-of-service")
export const CASE_STUDIES_PATH = "/case-studies/"

export const caseStudyPath = (slug: string) => `${CASE_STUDIES_PATH}${slug}/`

/** The route of a page of the case list (model/case-listings.ts): all industries or one, page 1 or later. */
export const caseListRoute = (industry: string | null, page: number): string =>
  `${CASE_STUDIES_PATH}${industry ? `industry/${industry}/` : ""}${page > 1 ? `page/${page}/` : ""}`

/** A language's search index: every study's card, for a search across all of them (gatsby/create-pages.ts). */
export const CASE_SEARCH_INDEX = `${CASE_STUDIES_PATH}search.json`

/** Link to a home section; on home it scrolls, elsewhere it loads home then scrolls. */
export const sectionPath = (sectionId: string) => `${HOME_PATH}#${sectionId}`

/** The name of the case list's search parameter: /case-studies/?q=… */
export const SEARCH_PARAM = "q"

/**
 * The demo page's parameter naming the route of the page its link was followed from
 * (/book-demo/?from=/case-studies/wine/): the host's log counts which pages lead to a demo.
 */
export const DEMO_SOURCE_PARAM = "from"

/**
 * The address the demo page's Book a Demo link leads to: the host answers it with a redirect to the
 * scheduler (the settings' scheduling URL in the page's language), and its log counts each one.
 */
export const SCHEDULER_PATH = `${BOOK_DEMO_PATH}schedule/`

/** A route as a query's value: what is no letter, digit, `-`, `_`, `.`, `~` or `/` escaped. */
export const inQuery = (route: string) => route.replace(/[^\w\-.~/]/g, (character) => encodeURIComponent(character))

/** The route of the not-found screen: any address that is no page, outside the case studies. */
export const NOT_FOUND_ROUTE = "/404/"
/** The route of the unknown-case screen: an address under /case-studies/ that is no page. */
export const UNKNOWN_CASE_ROUTE = "/case-studies/[...]/"
/** The file hosts answer an unknown address under /case-studies/ with (in each language). */
export const UNKNOWN_CASE_FILE = "/case-studies/404.html"

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

/** What an address that is no page shows: the unknown-case screen under /case-studies/, else the not-found one. */
export const notFoundRouteOf = (path: string): string =>
  routeOf(path).startsWith(CASE_STUDIES_PATH) ? UNKNOWN_CASE_ROUTE : NOT_FOUND_ROUTE

/**
 * The route a language switch leads to from a page's route: the same route, except from an error page
 * (the unknown address, "/404/"; an unknown case study, "/case-studies/[...]/"), where it is the
 * nearest page that exists in every language.
 */
export function alternateRoute(route: string): string {
  if (route.startsWith("/404")) return HOME_PATH
  const unknownPart = route.indexOf("[...]")
  return unknownPart === -1 ? route : route.slice(0, unknownPart)
}

/**
 * The route a language switch leads to from a page that is not in the language asked for (a study
 * published in English first, a page of the list the other language has fewer of): the nearest page
 * every language has, the case list for anything under it, else home.
 */
export const nearestSharedRoute = (route: string): string =>
  route.startsWith(CASE_STUDIES_PATH) ? CASE_STUDIES_PATH : HOME_PATH

/** Every path of the site in one language, for links: `paths.caseStudy("wine")`, `paths.section("about")`. */
export function sitePaths(locale: Locale) {
  const at = (path: string) => localePath(path, locale)
  return {
    home: at(HOME_PATH),
    bookDemo: at(BOOK_DEMO_PATH),
    /** The demo page, saying which page's link led there (by its route, the same in every language). */
    bookDemoFrom: (route: string) => `${at(BOOK_DEMO_PATH)}?${DEMO_SOURCE_PARAM}=${inQuery(route)}`,
    scheduler: at(SCHEDULER_PATH),
    privacy: at(PRIVACY_PATH),
    terms: at(TERMS_PATH),
    caseStudies: at(CASE_STUDIES_PATH),
    caseStudy: (slug: string) => at(caseStudyPath(slug)),
    caseList: (industry: string | null, page: number) => at(caseListRoute(industry, page)),
    caseSearchIndex: at(CASE_SEARCH_INDEX),
    section: (sectionId: string) => at(sectionPath(sectionId)),
  }
}
