import { Layout } from "../layout/layout"
import { Seo } from "../layout/seo"
import { LegalDocument } from "./legal-document"

/** A legal page: the document with the site's header, footer and head tags. */
export function LegalDocumentPage({ page, path }: { page: Queries.LegalDocumentFragment; path: string }) {
  return (
    <Layout>
      <Seo title={page.title} description={page.description} path={path} />
      <LegalDocument page={page} />
    </Layout>
  )
}
