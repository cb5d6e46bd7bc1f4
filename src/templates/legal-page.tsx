import { type PageProps, graphql } from "gatsby"
import { Layout } from "../components/layout/layout"
import { Seo } from "../components/layout/seo"
import { LegalDocument } from "../components/legal/legal-document-island"

/**
 * A legal page (the privacy policy, the terms of service): one per legal content file and language,
 * at its file's name (gatsby/create-pages.ts). One template for all of them: a visitor going from one
 * to another loads no code of another page.
 */
export default function LegalPageTemplate({
  data,
  pageContext,
}: PageProps<Queries.LegalPageByFileQuery, { fileName: string; route: string }>) {
  const page = data.legalPage
  if (!page) throw new Error(`content/pages/${pageContext.fileName}.json is missing`)
  return (
    <Layout>
      <Seo title={page.title} description={page.description} path={pageContext.route} />
      <LegalDocument page={page} />
    </Layout>
  )
}

export const query = graphql`
  query LegalPageByFile($fileName: String!, $locale: String!) {
    legalPage(fileName: { eq: $fileName }, locale: { eq: $locale }) {
      ...LegalDocument
    }
  }
`
