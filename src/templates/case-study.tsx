import { type PageProps, graphql } from "gatsby"
import { caseStudyPath } from "../../model/routes"
import { CaseNotFound } from "../components/case-study/case-not-found"
import { CaseStudyArticle } from "../components/case-study/case-study-article"
import { Layout } from "../components/layout/layout"
import { Seo } from "../components/layout/seo"
import { useSiteSettings } from "../hooks/use-site-settings"
import { socialImagePath } from "../seo/social-image"
import { caseStudyNodes } from "../seo/structured-data"

/** A case study's page; a slug without a study (only reachable inside the site) shows "not found". */
export default function CaseStudyTemplate({ data, location }: PageProps<Queries.CaseStudyBySlugQuery>) {
  const settings = useSiteSettings()
  const page = data.caseStudiesPage
  if (!page) throw new Error("content/pages/case-studies.json is missing")
  const study = data.caseStudy
  if (!study) return <CaseNotFound location={location} copy={page.notFound} />
  const path = caseStudyPath(study.slug)
  const homeLabel = settings.navigation.find((item) => item.section === "home")?.label ?? settings.name
  return (
    <Layout>
      <Seo
        title={study.title}
        description={study.summary.description}
        path={path}
        type="article"
        jsonLd={caseStudyNodes(
          settings,
          { ...study, description: study.summary.description },
          { home: homeLabel, list: page.title },
          `${settings.siteUrl}${socialImagePath(path)}`,
        )}
      />
      <CaseStudyArticle study={study} labels={page.detail} />
    </Layout>
  )
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
