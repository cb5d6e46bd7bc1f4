import { caseStudiesInOrder, readContent } from "../scripts/lib/content-files"

/** The shipped content, so tests check the page against what editors wrote. */
export { readContent }

export const settings = readContent("site/settings.json")

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

/** Every route of the spec's table, plus one of each error row. */
export const ROUTES = [
  "/",
  "/book-demo/",
  "/privacy-policy/",
  "/terms-of-service/",
  "/case-studies/",
  ...caseStudies.map((study) => `/case-studies/${study.slug}/`),
]
