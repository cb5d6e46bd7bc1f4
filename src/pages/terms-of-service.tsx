import { type PageProps, graphql } from "gatsby"
import { LegalDocumentPage } from "../components/pages/legal-document-page"
import { TERMS_PATH } from "../../model/routes"

export default function TermsOfServicePage({ data }: PageProps<Queries.TermsOfServicePageQuery>) {
  if (!data.legalPage) throw new Error("content/pages/terms-of-service.json is missing")
  return <LegalDocumentPage page={data.legalPage} path={TERMS_PATH} />
}

export const query = graphql`
  query TermsOfServicePage {
    legalPage(fileName: { eq: "terms-of-service" }) {
      ...LegalDocument
    }
  }
`
