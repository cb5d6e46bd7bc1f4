import { type PageProps, graphql } from "gatsby"
import { BOOK_DEMO_PATH } from "../../model/routes"
import { Layout } from "../components/layout/layout"
import { Seo } from "../components/layout/seo"
import { island } from "../components/ui/island"

const DemoContent = island(
  () => import(/* webpackChunkName: "book-demo" */ "../components/book-demo/demo-content"),
  (m) => m.DemoContent,
)

export default function BookDemoPage({ data }: PageProps<Queries.BookDemoPageQuery>) {
  const page = data.demoPage
  if (!page) throw new Error("content/pages/book-demo.json is missing")
  return (
    <Layout>
      <Seo title={page.title} description={page.description} path={BOOK_DEMO_PATH} />
      <DemoContent page={page} />
    </Layout>
  )
}

export const query = graphql`
  query BookDemoPage($locale: String!) {
    demoPage(locale: { eq: $locale }) {
      ...DemoContent
    }
  }
`
