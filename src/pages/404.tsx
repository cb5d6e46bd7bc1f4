import { type PageProps, graphql } from "gatsby"
import { HomeSections } from "../components/home/home-sections"
import { Layout } from "../components/layout/layout"
import { Seo } from "../components/layout/seo"
import { useSiteSettings } from "../hooks/use-site-settings"

/** Unknown paths show the home content, as the spec asks, but stay out of search results (no path). */
export default function NotFoundPage({ data }: PageProps<Queries.NotFoundPageQuery>) {
  const settings = useSiteSettings()
  return (
    <Layout>
      <Seo description={settings.description} />
      <HomeSections data={data} />
    </Layout>
  )
}

export const query = graphql`
  query NotFoundPage {
    ...HomeContent
  }
`
