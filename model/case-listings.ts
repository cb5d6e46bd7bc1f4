/**
 * The case list's pages. While every study fits one page, the list is the one page the spec
 * describes, /case-studies/. Beyond that it is paged, PAGE_SIZE studies a page in the site's order
 * (/case-studies/page/2/, …), and each industry has its pages too (/case-studies/industry/watches/,
 * …/industry/watches/page/2/), so every study is a few links from the list and every page is light.
 * Plain values and functions: the build makes the pages from them, the browser links with them.
 */
import { inCaseOrder } from "./case-order"
import { caseListRoute } from "./routes"

/** Studies on one page of the list. */
export const CASE_LIST_PAGE_SIZE = 12

/** What a listing needs of a study, in one language. */
export interface ListedStudy {
  slug: string
  order: number
  /** The industry as the language names it. */
  industry: string
  /** The industry's key in addresses (industryKey of its English name), the same in every language. */
  industryKey: string
}

export interface IndustryLink {
  key: string
  label: string
  count: number
}

/** One page of the list, as its template receives it. */
export interface CaseListing {
  /** Its route (no language prefix). */
  route: string
  /** 1-based. */
  page: number
  pages: number
  /** Studies in this listing (all of them, or an industry's). */
  total: number
  /** The studies on this page, in the site's order. */
  slugs: string[]
  /** The industry this listing shows, or null for all of them. */
  industry: IndustryLink | null
  /** Every industry, in the order of its first study; empty while the list fits one page. */
  industries: IndustryLink[]
}

/** An industry's name as an address: "Wine & Spirits" -> "wine-spirits", "Hôtellerie" -> "hotellerie". */
export const industryKey = (name: string): string =>
  name
    .normalize("NFD")
    .replace(/\p{Diacritic}/gu, "")
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-|-$/g, "")

/** Every page of the list in one language. */
export function caseListings(studies: readonly ListedStudy[], pageSize = CASE_LIST_PAGE_SIZE): CaseListing[] {
  const ordered = inCaseOrder(studies)
  if (ordered.length <= pageSize) {
    return [
      {
        route: caseListRoute(null, 1),
        page: 1,
        pages: 1,
        total: ordered.length,
        slugs: ordered.map(({ slug }) => slug),
        industry: null,
        industries: [],
      },
    ]
  }
  const industries = new Map<string, IndustryLink>()
  for (const study of ordered) {
    const known = industries.get(study.industryKey)
    if (known) known.count += 1
    else industries.set(study.industryKey, { key: study.industryKey, label: study.industry, count: 1 })
  }
  const links = [...industries.values()]
  const paged = (industry: IndustryLink | null, members: readonly ListedStudy[]): CaseListing[] => {
    const pages = Math.ceil(members.length / pageSize)
    return Array.from({ length: pages }, (_, index) => ({
      route: caseListRoute(industry?.key ?? null, index + 1),
      page: index + 1,
      pages,
      total: members.length,
      slugs: members.slice(index * pageSize, (index + 1) * pageSize).map(({ slug }) => slug),
      industry,
      industries: links,
    }))
  }
  return [
    ...paged(null, ordered),
    ...links.flatMap((industry) =>
      paged(
        industry,
        ordered.filter((study) => study.industryKey === industry.key),
      ),
    ),
  ]
}
