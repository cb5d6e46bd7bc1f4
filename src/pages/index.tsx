import { type PageProps, graphql } from "gatsby"
import { HOME_PATH } from "../../model/routes"
import { HomeSections } from "../components/home/home-sections"
import { Layout } from "../components/layout/layout"
import { Seo } from "../components/layout/seo"
import { useSiteSettings } from "../hooks/use-site-settings"
import { serviceNodes } from "../seo/structured-data"

export default function HomePage({ data }: PageProps<Queries.HomePageQuery>) {
  const settings = useSiteSettings()
  return (
    <Layout>
      <Seo
        description={settings.description}
        path={HOME_PATH}
        jsonLd={serviceNodes(settings, data.homeServices?.services ?? [])}
      />
      <HomeSections data={data} />
    </Layout>
  )
}

export const query = graphql`
  query HomePage {
    ...HomeContent
  }
`
