import { type PageProps, graphql } from "gatsby"
import { HomeScreen } from "../components/home/home-screen"

export default function HomePage({ data }: PageProps<Queries.HomePageQuery>) {
  return <HomeScreen data={data} />
}

export const query = graphql`
  query HomePage {
    ...HomeContent
  }
`
