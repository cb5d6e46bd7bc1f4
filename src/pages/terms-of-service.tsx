import { type PageProps, graphql } from "gatsby"
import { LegalDocumentPage } from "../components/pages/legal-document"

export default function TermsOfServicePage({ data }: PageProps<Queries.TermsOfServicePageQuery>) {
  if (!data.legalPage) throw new Error("content/pages/terms-of-service.json is missing")
  return <LegalDocumentPage page={data.legalPage} />
}

export const query = graphql`
  query TermsOfServicePage {
    legalPage(fileName: { eq: "terms-of-service" }) {
      ...LegalDocument
    }
  }
`
