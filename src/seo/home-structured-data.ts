/**
 * The home page's own schema.org nodes: its services and its team (see page-graph.ts).
 */
import type { Locale } from "../../model/locales"
import { HOME_PATH } from "../../model/routes"
import { type JsonLdNode, type Settings, organizationId, pageUrl } from "./structured-data"

export interface ServiceInput {
  readonly title: string
  readonly description: string
}

/** One Service per offer on the home page. */
export function serviceNodes(settings: Settings, locale: Locale, services: readonly ServiceInput[]): JsonLdNode[] {
  return services.map((service, index) => ({
    "@type": "Service",
    "@id": `${pageUrl(settings.siteUrl, HOME_PATH, locale)}#service-${index + 1}`,
    name: service.title,
    serviceType: service.title,
    description: service.description,
    provider: { "@id": organizationId(settings.siteUrl) },
    areaServed: settings.areaServed.map((name) => ({ "@type": "Place", name })),
  }))
}

export interface MemberInput {
  readonly slug: string
  readonly name: string
  readonly role: string
  readonly profile?: string | null
}

/** One Person per team member on the home page, working for the organisation, with their profile. */
export function teamNodes(
  settings: Pick<Settings, "siteUrl">,
  locale: Locale,
  members: readonly MemberInput[],
): JsonLdNode[] {
  return members.map((member) => ({
    "@type": "Person",
    "@id": `${pageUrl(settings.siteUrl, HOME_PATH, locale)}#team-${member.slug}`,
    name: member.name,
    jobTitle: member.role,
    worksFor: { "@id": organizationId(settings.siteUrl) },
    ...(member.profile ? { sameAs: [member.profile] } : {}),
  }))
}
