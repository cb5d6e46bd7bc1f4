import { BOOK_DEMO_PATH } from "../../../model/routes"
import { Layout } from "../layout/layout"
import { Seo } from "../layout/seo"
import { DemoContent } from "./demo-content"

/** The demo page: its body with the site's header, footer and head tags. */
export function DemoScreen({ page }: { page: Queries.DemoContentFragment }) {
  return (
    <Layout>
      <Seo title={page.title} description={page.description} path={BOOK_DEMO_PATH} />
      <DemoContent page={page} />
    </Layout>
  )
}
