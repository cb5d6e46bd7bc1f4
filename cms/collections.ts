/**
 * Where each content type appears in the CMS: its collection, and its name and label there. Shared by
 * the CMS configuration (config.ts) and the admin's previews (app/), which register their
 * templates under these names; nothing here needs Node.
 */
import {
  BOOK_DEMO_PATH,
  CASE_STUDIES_PATH,
  HOME_PATH,
  PRIVACY_PATH,
  TERMS_PATH,
  caseStudyPath,
  sectionPath,
} from "../model/routes"
import type { PathSegment } from "../model/problems"

export interface CmsCollection {
  collection: string
  /**
   * The file's name in a files collection; for a folder collection, the collection's own name. Decap
   * looks preview templates up by this name alone, so no two collections share one.
   */
  name: string
  label: string
  /** The page a visitor reads it on: Decap's "View Live" opens it (a template for a folder's entries). */
  page: string
}

export const CMS_COLLECTIONS: Record<string, CmsCollection> = {
  "site/settings.json": { collection: "settings", name: "site", label: "Site settings", page: HOME_PATH },
  "home/hero.json": { collection: "home", name: "hero", label: "Hero", page: HOME_PATH },
  "home/industries.json": {
    collection: "home",
    name: "industries",
    label: "Industries",
    page: sectionPath("industries"),
  },
  "home/services.json": { collection: "home", name: "services", label: "Services", page: sectionPath("services") },
  "home/process.json": { collection: "home", name: "process", label: "Process", page: sectionPath("process") },
  "home/about.json": { collection: "home", name: "about", label: "About and team", page: sectionPath("about") },
  "home/contact.json": { collection: "home", name: "contact", label: "Contact", page: sectionPath("contact") },
  "pages/book-demo.json": { collection: "pages", name: "book-demo", label: "Book a demo", page: BOOK_DEMO_PATH },
  "pages/case-studies.json": {
    collection: "pages",
    name: "case-studies-page",
    label: "Case studies page",
    page: CASE_STUDIES_PATH,
  },
  "pages/privacy-policy.json": {
    collection: "pages",
    name: "privacy-policy",
    label: "Privacy policy",
    page: PRIVACY_PATH,
  },
  "pages/terms-of-service.json": {
    collection: "pages",
    name: "terms-of-service",
    label: "Terms of service",
    page: TERMS_PATH,
  },
  // A study's address is its slug, which also names its file: Decap's {{slug}}.
  "case-studies": {
    collection: "case-studies",
    name: "case-studies",
    label: "Case studies",
    page: caseStudyPath("{{slug}}"),
  },
}

/**
 * The content every preview shares with every page (header, footer, case list and labels): loaded
 * live by the admin app (cms/app/site-data.ts), in every language, from the content as saved now
 * (cms/app/saved-content.ts). Files, and a folder of one file per entry.
 */
export const SHARED_PREVIEW_CONTENT = {
  settings: "site/settings.json",
  caseStudiesPage: "pages/case-studies.json",
  caseStudies: "case-studies",
  industries: "home/industries.json",
} as const

/** The place of a content location, or an error naming the file that has none. */
export function cmsCollectionOf(location: string): CmsCollection {
  const place = CMS_COLLECTIONS[location]
  if (!place) throw new Error(`cms/collections.ts: no place in the CMS for content/${location}`)
  return place
}

const ACRONYMS: Record<string, string> = { url: "URL", id: "ID", cta: "CTA" }

/** "caseSlug" -> "Case slug", "schedulingUrl" -> "Scheduling URL". */
export const labelOf = (name: string): string => {
  const words = name
    .replace(/([a-z0-9])([A-Z])/g, "$1 $2")
    .toLowerCase()
    .split(" ")
    .map((word) => ACRONYMS[word] ?? word)
    .join(" ")
  return words.charAt(0).toUpperCase() + words.slice(1)
}

/** "cards" -> "card", "stories" -> "story". */
export const singular = (name: string) => (name.endsWith("ies") ? `${name.slice(0, -3)}y` : name.replace(/s$/, ""))

/** A list's names where "<name>" and its singular do not read as a count of its items. */
const LIST_LABELS: Record<string, { label: string; label_singular: string }> = {
  action: { label: "Actions", label_singular: "Action" },
  result: { label: "Results", label_singular: "Result" },
  areaServed: { label: "Areas served", label_singular: "Area served" },
  story: { label: "Story paragraphs", label_singular: "Story paragraph" },
  navigation: { label: "Navigation links", label_singular: "Navigation link" },
  expertise: { label: "Areas of expertise", label_singular: "Area of expertise" },
}

export const listLabels = (name: string) =>
  LIST_LABELS[name] ?? { label: labelOf(name), label_singular: labelOf(singular(name)) }

/** The names of a path's steps as the form labels them: metrics, timeframe -> Metrics, Timeframe; list items count from 1. */
export const fieldTrailParts = (path: readonly PathSegment[]): string[] =>
  path.map((segment, index) => {
    if (typeof segment === "number") return `#${segment + 1}`
    // A segment followed by an index is a list, which the form labels as one (listLabels).
    return typeof path[index + 1] === "number" ? listLabels(String(segment)).label : labelOf(String(segment))
  })

/**
 * The labels of a path's steps, where the path may end at a whole list, which the form labels as a
 * list ("result" -> "Results"); list items count from 1.
 */
export const fieldLabelsTo = (path: readonly PathSegment[], endsAtList: boolean): string[] => {
  const parts = fieldTrailParts(path)
  const last = path[path.length - 1]
  if (endsAtList && typeof last === "string") parts[parts.length - 1] = listLabels(last).label
  return parts
}

/** "metrics.timeframe" as the form names it: "Metrics › Timeframe"; list items count from 1. */
export const fieldTrail = (path: readonly PathSegment[]): string =>
  path.length === 0 ? "This entry" : fieldTrailParts(path).join(" › ")
