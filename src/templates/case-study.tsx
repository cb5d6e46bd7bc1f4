import { type PageProps, graphql } from "gatsby"
import { CaseNotFound } from "../components/case-study/case-not-found"
import { CaseStudyDetail } from "../components/case-study/case-study-detail"

export default function CaseStudyTemplate({ data, location }: PageProps<Queries.CaseStudyBySlugQuery>) {
  const page = data.caseStudiesPage
  if (!page) throw new Error("content/pages/case-studies.json is missing")
  if (!data.caseStudy) return <CaseNotFound location={location} copy={page.notFound} />
  return <CaseStudyDetail study={data.caseStudy} labels={page.detail} listTitle={page.title} />
}

export const query = graphql`
  query CaseStudyBySlug($slug: String!) {
    caseStudy(slug: { eq: $slug }) {
      ...CaseStudyDetail
    }
    caseStudiesPage {
      title
      detail {
        ...CaseStudyLabels
      }
      notFound {
        title
        text
        backLabel
      }
    }
  }
`
