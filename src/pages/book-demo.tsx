import { type PageProps, graphql } from "gatsby"
import { DemoScreen } from "../components/pages/demo-screen"

export default function BookDemoPage({ data }: PageProps<Queries.BookDemoPageQuery>) {
  if (!data.demoPage) throw new Error("content/pages/book-demo.json is missing")
  return <DemoScreen page={data.demoPage} />
}

export const query = graphql`
  query BookDemoPage {
    demoPage {
      ...DemoContent
    }
  }
`
