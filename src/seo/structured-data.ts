/** schema.org JSON-LD built from content, linked by @id. */
import { CASE_STUDIES_PATH, SEARCH_PARAM, caseStudyPath } from "../../model/routes"

export type Settings = Pick<
  Queries.SiteSettings,
  "name" | "description" | "siteUrl" | "contactEmail" | "foundingYear" | "areaServed"
> & {
  readonly address: Pick<Queries.SiteSettingsAddress, "locality" | "country" | "countryCode">
}

export type JsonLdNode = Record<string, unknown>

export const LOGO_PATH = "/icons/icon-512x512.png"

export const organizationId = (siteUrl: string) => `${siteUrl}/#organization`
export const websiteId = (siteUrl: string) => `${siteUrl}/#website`

/** The organisation and the website, on every page. */
export function siteGraph(settings: Settings): JsonLdNode[] {
  const { siteUrl } = settings
  return [
    {
      "@type": "Organization",
      "@id": organizationId(siteUrl),
      name: settings.name,
      url: `${siteUrl}/`,
      logo: `${siteUrl}${LOGO_PATH}`,
      description: settings.description,
      email: settings.contactEmail,
      foundingDate: String(settings.foundingYear),
      address: {
        "@type": "PostalAddress",
        addressLocality: settings.address.locality,
        addressCountry: settings.address.countryCode,
      },
    },
    {
      "@type": "WebSite",
      "@id": websiteId(siteUrl),
      url: `${siteUrl}/`,
      name: settings.name,
      inLanguage: "en",
      publisher: { "@id": organizationId(siteUrl) },
      potentialAction: {
        "@type": "SearchAction",
        target: {
          "@type": "EntryPoint",
          urlTemplate: `${siteUrl}${CASE_STUDIES_PATH}?${SEARCH_PARAM}={search_term_string}`,
        },
        "query-input": "required name=search_term_string",
      },
    },
  ]
}

export interface CaseInput {
  readonly slug: string
  readonly published: string
  readonly title: string
  readonly industry: string
  readonly description: string
}

/** The breadcrumb trail and the article of a case study page. */
export function caseStudyNodes(
  settings: Settings,
  study: CaseInput,
  labels: { home: string; list: string },
  image: string,
): JsonLdNode[] {
  const { siteUrl } = settings
  const url = `${siteUrl}${caseStudyPath(study.slug)}`
  return [
    {
      "@type": "BreadcrumbList",
      "@id": `${url}#breadcrumb`,
      itemListElement: [
        { "@type": "ListItem", position: 1, name: labels.home, item: `${siteUrl}/` },
        { "@type": "ListItem", position: 2, name: labels.list, item: `${siteUrl}${CASE_STUDIES_PATH}` },
        { "@type": "ListItem", position: 3, name: study.title, item: url },
      ],
    },
    {
      "@type": "Article",
      "@id": `${url}#article`,
      headline: study.title,
      datePublished: study.published,
      description: study.description,
      about: study.industry,
      image: [image],
      url,
      mainEntityOfPage: url,
      inLanguage: "en",
      author: { "@id": organizationId(siteUrl) },
      publisher: { "@id": organizationId(siteUrl) },
      isPartOf: { "@id": websiteId(siteUrl) },
    },
  ]
}
