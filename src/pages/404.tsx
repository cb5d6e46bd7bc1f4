import { type PageProps, graphql } from "gatsby"
import { HomeScreen } from "../components/home/home-screen"

/** Unknown paths show the home content, as the spec asks, but stay out of search results. */
export default function NotFoundPage({ data }: PageProps<Queries.NotFoundPageQuery>) {
  return <HomeScreen data={data} noindex />
}

export const query = graphql`
  query NotFoundPage {
    ...HomeContent
  }
`
