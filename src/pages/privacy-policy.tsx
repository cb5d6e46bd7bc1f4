import { type PageProps, graphql } from "gatsby"
import { PRIVACY_PATH } from "../../model/routes"
import { Layout } from "../components/layout/layout"
import { Seo } from "../components/layout/seo"
import { LegalDocument } from "../components/legal/legal-document-island"

export default function PrivacyPolicyPage({ data }: PageProps<Queries.PrivacyPolicyPageQuery>) {
  const page = data.legalPage
  if (!page) throw new Error("content/pages/privacy-policy.json is missing")
  return (
    <Layout>
      <Seo title={page.title} description={page.description} path={PRIVACY_PATH} />
      <LegalDocument page={page} />
    </Layout>
  )
}

export const query = graphql`
  query PrivacyPolicyPage($locale: String!) {
    legalPage(fileName: { eq: "privacy-policy" }, locale: { eq: $locale }) {
      ...LegalDocument
    }
  }
`
