import { type PageProps, graphql } from "gatsby"
import { HomePage } from "../components/home/home-page"

export default function Home({ data }: PageProps<Queries.HomePageQuery>) {
  return <HomePage data={data} />
}

export const query = graphql`
  query HomePage($locale: String!) {
    ...HomeContent
  }
`
