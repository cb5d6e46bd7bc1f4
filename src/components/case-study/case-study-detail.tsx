import { caseStudyPath } from "../../../model/routes"
import { socialImagePath } from "../../seo/social-image"
import { caseStudyNodes } from "../../seo/structured-data"
import { useSiteSettings } from "../../hooks/use-site-settings"
import { Layout } from "../layout/layout"
import { Seo } from "../layout/seo"
import { CaseStudyArticle } from "./case-study-article"

interface CaseStudyDetailProps {
  study: Queries.CaseStudyDetailFragment
  labels: Queries.CaseStudyLabelsFragment
  /** The case list's title, the middle step of the breadcrumb trail. */
  listTitle: string
}

/** A case study's page: the article with the site's header, footer and head tags. */
export function CaseStudyDetail({ study, labels, listTitle }: CaseStudyDetailProps) {
  const { settings } = useSiteSettings()
  const homeLabel = settings.navigation.find((item) => item.section === "home")?.label ?? settings.name
  return (
    <Layout>
      <Seo
        title={study.title}
        description={study.summary.description}
        path={caseStudyPath(study.slug)}
        type="article"
        jsonLd={caseStudyNodes(
          settings,
          { ...study, description: study.summary.description },
          { home: homeLabel, list: listTitle },
          `${settings.siteUrl}${socialImagePath(caseStudyPath(study.slug))}`,
        )}
      />
      <CaseStudyArticle study={study} labels={labels} />
    </Layout>
  )
}
