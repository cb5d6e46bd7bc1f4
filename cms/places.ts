/**
 * Where each content type appears in the CMS: its collection, and its name and label there. Shared by
 * the CMS configuration (config.ts) and the admin's previews (app/), which register their
 * templates under these names; nothing here needs Node.
 */
export interface CmsPlace {
  collection: string
  /**
   * The file's name in a files collection; for a folder collection, the collection's own name. Decap
   * looks preview templates up by this name alone, so no two places share one.
   */
  name: string
  label: string
}

export const CMS_PLACES: Record<string, CmsPlace> = {
  "site/settings.json": { collection: "settings", name: "site", label: "Site settings" },
  "home/hero.json": { collection: "home", name: "hero", label: "Hero" },
  "home/industries.json": { collection: "home", name: "industries", label: "Industries" },
  "home/services.json": { collection: "home", name: "services", label: "Services" },
  "home/process.json": { collection: "home", name: "process", label: "Process" },
  "home/about.json": { collection: "home", name: "about", label: "About and team" },
  "home/contact.json": { collection: "home", name: "contact", label: "Contact" },
  "pages/book-demo.json": { collection: "pages", name: "book-demo", label: "Book a demo" },
  "pages/case-studies.json": { collection: "pages", name: "case-studies-page", label: "Case studies page" },
  "pages/privacy-policy.json": { collection: "pages", name: "privacy-policy", label: "Privacy policy" },
  "pages/terms-of-service.json": { collection: "pages", name: "terms-of-service", label: "Terms of service" },
  "case-studies": { collection: "case-studies", name: "case-studies", label: "Case studies" },
}

/** The place of a content location, or an error naming the file that has none. */
export function cmsPlaceOf(location: string): CmsPlace {
  const place = CMS_PLACES[location]
  if (!place) throw new Error(`cms/places.ts: no place in the CMS for content/${location}`)
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
