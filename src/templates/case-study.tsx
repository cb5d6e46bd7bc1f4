import { type PageProps, graphql } from "gatsby"
import { caseStudyPath } from "../../model/routes"
import { Layout } from "../components/layout/layout"
import { Seo } from "../components/layout/seo"
import { useSiteSettings } from "../hooks/use-site-settings"
import { island } from "../components/ui/island"

const CaseStudyArticle = island(
  () => import(/* webpackChunkName: "case-study" */ "../components/case-study/case-study-article"),
  (m) => m.CaseStudyArticle,
)

/** A case study's page: one per content file (gatsby/create-pages.ts); unknown slugs are the not-found page's (src/pages/404.tsx). */
export default function CaseStudyTemplate({
  data,
  pageContext,
}: PageProps<Queries.CaseStudyBySlugQuery, { slug: string }>) {
  const settings = useSiteSettings()
  const page = data.caseStudiesPage
  if (!page) throw new Error("content/pages/case-studies.json is missing")
  const study = data.caseStudy
  if (!study) throw new Error(`No case study has the slug "${pageContext.slug}" (content/case-studies/)`)
  const path = caseStudyPath(study.slug)
  const homeLabel = settings.navigation.find((item) => item.section === "home")?.label ?? settings.name
  return (
    <Layout>
      <Seo
        title={study.title}
        description={study.summary.description}
        path={path}
        type="article"
        graph={{
          kind: "caseStudy",
          study: { ...study, description: study.summary.description },
          labels: { home: homeLabel, list: page.title },
        }}
      />
      <CaseStudyArticle study={study} labels={page.detail} />
    </Layout>
  )
}

export const query = graphql`
  query CaseStudyBySlug($slug: String!, $locale: String!) {
    caseStudy(slug: { eq: $slug }, locale: { eq: $locale }) {
      ...CaseStudyDetail
    }
    caseStudiesPage(locale: { eq: $locale }) {
      title
      detail {
        ...CaseStudyLabels
      }
    }
  }
`
