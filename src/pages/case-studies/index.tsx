import { type PageProps, graphql } from "gatsby"
import type { CaseRedirectState } from "../../components/case-study/case-not-found"
import { Layout } from "../../components/layout/layout"
import { Seo } from "../../components/layout/seo"
import { withCount } from "../../seo/count-words"
import { CASE_STUDIES_PATH } from "../../../model/routes"
import { island } from "../../components/ui/island"

const CaseStudiesContent = island(
  () => import(/* webpackChunkName: "case-list" */ "../../components/case-study/case-studies-content"),
  (m) => m.CaseStudiesContent,
)

export default function CaseStudiesPage({ data, location }: PageProps<Queries.CaseStudiesPageQuery>) {
  const page = data.caseStudiesPage
  if (!page) throw new Error("content/pages/case-studies.json is missing")
  const redirected = (location.state as CaseRedirectState | null)?.missingCase === true
  return (
    <Layout>
      <Seo
        title={page.title}
        description={withCount(page.description, data.allCaseStudy.nodes.length)}
        path={CASE_STUDIES_PATH}
      />
      <CaseStudiesContent
        page={page}
        studies={data.allCaseStudy.nodes}
        search={location.search}
        redirected={redirected}
      />
    </Layout>
  )
}

export const query = graphql`
  query CaseStudiesPage($locale: String!) {
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
      }
    }
    allCaseStudy(filter: { locale: { eq: $locale } }, sort: { order: ASC }) {
      nodes {
        ...CaseCard
      }
    }
  }
`
