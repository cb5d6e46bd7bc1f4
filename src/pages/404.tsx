import { type PageProps, graphql } from "gatsby"
import { HomePage } from "../components/home/home-page"

/** Unknown paths show the home content, as the spec asks, but stay out of search results. */
export default function NotFoundPage({ data }: PageProps<Queries.NotFoundPageQuery>) {
  return <HomePage data={data} noindex />
}

export const query = graphql`
  query NotFoundPage($locale: String!) {
    ...HomeContent
  }
`
