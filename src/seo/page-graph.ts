/**
 * What a page says about itself in structured data, as plain content. Pages pass it to `Seo`; the
 * head's own chunk (src/components/layout/seo-head.tsx) turns it into schema.org nodes, so no page's
 * first load carries the code that builds them.
 */
import type { Locale } from "../../model/locales"
import { caseStudyPath, localePath } from "../../model/routes"
import { type MemberInput, type ServiceInput, serviceNodes, teamNodes } from "./home-structured-data"
import { socialImagePath } from "./social-image"
import { type CaseInput, type JsonLdNode, type Settings, caseStudyNodes } from "./structured-data"

export type PageGraph =
  | { kind: "home"; services: readonly ServiceInput[]; members: readonly MemberInput[] }
  | { kind: "caseStudy"; study: CaseInput; labels: { home: string; list: string } }

/** The page's own nodes, added to the organisation and website nodes every page has. */
export function pageGraphNodes(settings: Settings, locale: Locale, graph: PageGraph | undefined): JsonLdNode[] {
  switch (graph?.kind) {
    case "home":
      return [...serviceNodes(settings, locale, graph.services), ...teamNodes(settings, locale, graph.members)]
    case "caseStudy": {
      const image = `${settings.siteUrl}${socialImagePath(localePath(caseStudyPath(graph.study.slug), locale))}`
      return caseStudyNodes(settings, locale, graph.study, graph.labels, image)
    }
    default:
      return []
  }
}
