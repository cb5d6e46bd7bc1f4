import { type PageProps, graphql } from "gatsby"
import { LegalDocumentPage } from "../components/pages/legal-document-page"
import { PRIVACY_PATH } from "../../model/routes"

export default function PrivacyPolicyPage({ data }: PageProps<Queries.PrivacyPolicyPageQuery>) {
  if (!data.legalPage) throw new Error("content/pages/privacy-policy.json is missing")
  return <LegalDocumentPage page={data.legalPage} path={PRIVACY_PATH} />
}

export const query = graphql`
  query PrivacyPolicyPage {
    legalPage(fileName: { eq: "privacy-policy" }) {
      ...LegalDocument
    }
  }
`
