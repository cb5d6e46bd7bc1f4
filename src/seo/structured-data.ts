/** schema.org JSON-LD built from content, linked by @id. */
import type { Locale } from "../../model/locales"
import { CASE_STUDIES_PATH, HOME_PATH, SEARCH_PARAM, caseStudyPath, localePath } from "../../model/routes"

export type Settings = Pick<
  Queries.SiteSettings,
  "name" | "description" | "siteUrl" | "contactEmail" | "foundingYear" | "areaServed"
> & {
  readonly address: Pick<Queries.SiteSettingsAddress, "locality" | "country" | "countryCode">
}

export type JsonLdNode = Record<string, unknown>

export const LOGO_PATH = "/icons/icon-512x512.png"

/** The house is one organisation, whatever the language of the page describing it. */
export const organizationId = (siteUrl: string) => `${siteUrl}/#organization`
/** The website in a language: the English one at the root, the French one under /fr/. */
export const websiteId = (siteUrl: string, locale: Locale) => `${siteUrl}${localePath(HOME_PATH, locale)}#website`
/** The address of a page of the site in a language. */
export const pageUrl = (siteUrl: string, route: string, locale: Locale) => `${siteUrl}${localePath(route, locale)}`

/** The organisation and the website in the page's language, on every page. */
export function siteGraph(settings: Settings, locale: Locale): JsonLdNode[] {
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
      "@id": websiteId(siteUrl, locale),
      url: pageUrl(siteUrl, HOME_PATH, locale),
      name: settings.name,
      inLanguage: locale,
      publisher: { "@id": organizationId(siteUrl) },
      potentialAction: {
        "@type": "SearchAction",
        target: {
          "@type": "EntryPoint",
          urlTemplate: `${pageUrl(siteUrl, CASE_STUDIES_PATH, locale)}?${SEARCH_PARAM}={search_term_string}`,
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
  locale: Locale,
  study: CaseInput,
  labels: { home: string; list: string },
  image: string,
): JsonLdNode[] {
  const { siteUrl } = settings
  const url = pageUrl(siteUrl, caseStudyPath(study.slug), locale)
  return [
    {
      "@type": "BreadcrumbList",
      "@id": `${url}#breadcrumb`,
      itemListElement: [
        { "@type": "ListItem", position: 1, name: labels.home, item: pageUrl(siteUrl, HOME_PATH, locale) },
        { "@type": "ListItem", position: 2, name: labels.list, item: pageUrl(siteUrl, CASE_STUDIES_PATH, locale) },
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
      inLanguage: locale,
      author: { "@id": organizationId(siteUrl) },
      publisher: { "@id": organizationId(siteUrl) },
      isPartOf: { "@id": websiteId(siteUrl, locale) },
    },
  ]
}
