import { caseStudiesInOrder, readContent } from "./content-files"
import { LOCALES, type Locale } from "../../model/locales"
import { localePath, localeOfPath, routeOf } from "../../model/routes"

export { LOCALES, type Locale, localePath, localeOfPath, routeOf }

/** The shipped content, so tests check the page against what editors wrote. */
export { readContent }

export const settings = readContent("site/settings.json")

/** The site settings in a language. */
export const settingsIn = (locale: Locale) => readContent("site/settings.json", locale)

export const caseStudies = caseStudiesInOrder()

/** The spec's metrics table (product-spec.md §9), written out here as the contract. */
export const SPEC_METRICS: Record<string, { timeframe: string; dataPoints: string; competitors: string }> = {
  retail: { timeframe: "6 months", dataPoints: "800K+", competitors: "50+" },
  cruises: { timeframe: "4 months", dataPoints: "800K+", competitors: "10" },
  wine: { timeframe: "4 months", dataPoints: "1M+", competitors: "50+" },
  "real-estate": { timeframe: "5 months", dataPoints: "50K+", competitors: "20" },
  watches: { timeframe: "6 months", dataPoints: "5M+", competitors: "150+" },
  hotels: { timeframe: "6 months", dataPoints: "2.5M+", competitors: "300+" },
}

/** Every route of the spec's table, in English. */
export const ROUTES_EN = [
  "/",
  "/book-demo/",
  "/privacy-policy/",
  "/terms-of-service/",
  "/case-studies/",
  ...caseStudies.map((study) => `/case-studies/${study.slug}/`),
]

/** Every route of the spec's table in both languages: English at the root, French under /fr/. */
export const ROUTES = LOCALES.flatMap((locale) => ROUTES_EN.map((route) => localePath(route, locale)))
