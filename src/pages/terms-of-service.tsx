import { type PageProps, graphql } from "gatsby"
import { TERMS_PATH } from "../../model/routes"
import { Layout } from "../components/layout/layout"
import { Seo } from "../components/layout/seo"
import { LegalDocument } from "../components/legal/legal-document-island"

export default function TermsOfServicePage({ data }: PageProps<Queries.TermsOfServicePageQuery>) {
  const page = data.legalPage
  if (!page) throw new Error("content/pages/terms-of-service.json is missing")
  return (
    <Layout>
      <Seo title={page.title} description={page.description} path={TERMS_PATH} />
      <LegalDocument page={page} />
    </Layout>
  )
}

export const query = graphql`
  query TermsOfServicePage($locale: String!) {
    legalPage(fileName: { eq: "terms-of-service" }, locale: { eq: $locale }) {
      ...LegalDocument
    }
  }
`
