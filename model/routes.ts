/** The site's paths, in the one trailing-slash form that Gatsby builds (trailingSlash: "always"). */
import {
  BOOK_DEMO_PATH,
  DEMO_SOURCE_PARAM,
  HOME_PATH,
  SCHEDULER_PATH,
  localePath,
  routeOf,
} from "../contracts/addresses"
import type { Locale } from "./locales"

// The addresses' words every side shares: the site, the build, the host's configuration and its counts.
export {
  BOOK_DEMO_PATH,
  DEMO_SOURCE_PARAM,
  HOME_PATH,
  SCHEDULER_PATH,
  localeOfPath,
  localePath,
  routeOf,
  translatedPath,
} from "../contracts/addresses"

export const PRIVACY_PATH = "/privacy-policy/"
export const TERMS_PATH = "/terms-of-service/"
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

/** A route as a query's value: what is no letter, digit, `-`, `_`, `.`, `~` or `/` escaped. */
export const inQuery = (route: string) => route.replace(/[^\w\-.~/]/g, (character) => encodeURIComponent(character))

/** The route of the not-found screen: any address that is no page, outside the case studies. */
export const NOT_FOUND_ROUTE = "/404/"
/** The route of the unknown-case screen: an address under /case-studies/ that is no page. */
export const UNKNOWN_CASE_ROUTE = "/case-studies/[...]/"
/** The file hosts answer an unknown address under /case-studies/ with (in each language). */
export const UNKNOWN_CASE_FILE = "/case-studies/404.html"

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
