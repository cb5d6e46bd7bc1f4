/**
 * What a page says about itself in structured data, as plain content. Pages pass it to `Seo`; the
 * head's own chunk (src/components/layout/seo-head.tsx) turns it into schema.org nodes, so no page's
 * first load carries the code that builds them.
 */
import { caseStudyPath } from "../../model/routes"
import { type MemberInput, type ServiceInput, serviceNodes, teamNodes } from "./home-structured-data"
import { socialImagePath } from "./social-image"
import { type CaseInput, type JsonLdNode, type Settings, caseStudyNodes } from "./structured-data"

export type PageGraph =
  | { kind: "home"; services: readonly ServiceInput[]; members: readonly MemberInput[] }
  | { kind: "caseStudy"; study: CaseInput; labels: { home: string; list: string } }

/** The page's own nodes, added to the organisation and website nodes every page has. */
export function pageGraphNodes(settings: Settings, graph: PageGraph | undefined): JsonLdNode[] {
  switch (graph?.kind) {
    case "home":
      return [...serviceNodes(settings, graph.services), ...teamNodes(settings, graph.members)]
    case "caseStudy": {
      const image = `${settings.siteUrl}${socialImagePath(caseStudyPath(graph.study.slug))}`
      return caseStudyNodes(settings, graph.study, graph.labels, image)
    }
    default:
      return []
  }
}
