import type { CaseListing } from "../../model/case-listings"
import { withCount } from "./count-words"

/** The case studies page's texts a page of the list is named with (content/pages/case-studies.json). */
export interface CaseListCopy {
  title: string
  description: string
  browse: { industryTitle: string; industryDescription: string; pageOf: string }
}

/**
 * How a page of the case list is named: its heading (the list's title, or its industry's), its
 * document and sharing title (the heading, with its page number on the pages after the first), and its
 * description, counting its studies.
 */
export function caseListNames(copy: CaseListCopy, listing: Pick<CaseListing, "industry" | "page" | "pages" | "total">) {
  const { industry } = listing
  const heading = industry ? copy.browse.industryTitle.replace("{industry}", industry.label) : copy.title
  const pageOf =
    listing.page > 1
      ? copy.browse.pageOf.replace("{page}", String(listing.page)).replace("{pages}", String(listing.pages))
      : ""
  const description = industry
    ? withCount(copy.browse.industryDescription.replace("{industry}", industry.label), listing.total)
    : withCount(copy.description, listing.total)
  return { heading, title: pageOf ? `${heading} · ${pageOf}` : heading, description }
}
