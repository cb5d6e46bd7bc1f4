import { type PageProps, graphql } from "gatsby"
import { useState } from "react"
import type { CaseRedirectState } from "../components/case-study/case-not-found"
import { Layout } from "../components/layout/layout"
import { Seo } from "../components/layout/seo"
import { caseListNames } from "../seo/case-list-title"
import { island } from "../components/ui/island"
import { isHydratingFirstPage } from "../navigation/first-page"
import type { CaseListing } from "../../model/case-listings"

const CaseStudiesContent = island(
  () => import(/* webpackChunkName: "case-list" */ "../components/case-study/case-studies-content"),
  (m) => m.CaseStudiesContent,
)

/** A page of the case list (gatsby/create-pages.ts, model/case-listings.ts): its studies, and where it sits. */
export interface CaseListContext {
  listing: Omit<CaseListing, "slugs">
}

export default function CaseListPage({
  data,
  location,
  pageContext: { listing },
}: PageProps<Queries.CaseListPageQuery, CaseListContext>) {
  const page = data.caseStudiesPage
  if (!page) throw new Error("content/pages/case-studies.json is missing")
  // The notice follows a redirect made in the browser (case-not-found.tsx). A page the browser loads
  // with that state (a reload keeps it) hydrates as it was prerendered, without the notice.
  const [hydrating] = useState(isHydratingFirstPage)
  const redirected = !hydrating && (location.state as CaseRedirectState | null)?.missingCase === true
  const names = caseListNames(page, listing)
  return (
    <Layout>
      <Seo title={names.title} description={names.description} path={listing.route} />
      <CaseStudiesContent
        page={page}
        title={names.heading}
        studies={data.allCaseStudy.nodes}
        listing={listing}
        search={location.search}
        redirected={redirected}
      />
    </Layout>
  )
}

export const query = graphql`
  query CaseListPage($locale: String!, $slugs: [String!]!) {
    caseStudiesPage(locale: { eq: $locale }) {
      title
      description
      intro
      problemLabel
      solutionLabel
      readMoreLabel
      redirectNotice
      search {
        label
        button
        noResults
        reset
        results
        moreResults
      }
      browse {
        industriesLabel
        allIndustries
        industryTitle
        industryDescription
        pagesLabel
        previous
        next
        pageOf
      }
    }
    allCaseStudy(filter: { locale: { eq: $locale }, slug: { in: $slugs } }, sort: { order: ASC }) {
      nodes {
        ...CaseCard
      }
    }
  }
`
