import { type PageProps, graphql } from "gatsby"
import { CaseNotFound } from "../../components/case-study/case-not-found"

/** Client-only fallback for /case-studies/* slugs that have no content file. */
export default function UnknownCaseStudyPage({ data, location }: PageProps<Queries.UnknownCaseStudyPageQuery>) {
  if (!data.caseStudiesPage) throw new Error("content/pages/case-studies.json is missing")
  return <CaseNotFound location={location} copy={data.caseStudiesPage.notFound} />
}

export const query = graphql`
  query UnknownCaseStudyPage($locale: String!) {
    caseStudiesPage(locale: { eq: $locale }) {
      notFound {
        title
        text
        backLabel
      }
    }
  }
`
