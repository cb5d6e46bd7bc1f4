import { type PageProps, graphql } from "gatsby"
import styled from "styled-components"
import type { CaseRedirectState } from "../../components/case-study/case-not-found"
import { CaseList } from "../../components/case-study/case-list"
import { Layout } from "../../components/layout/layout"
import { Seo } from "../../components/layout/seo"
import { Container } from "../../components/ui/container"
import { PageHeader } from "../../components/ui/page-header"
import { CASE_STUDIES_PATH } from "../../routes"
import { theme } from "../../styles/theme"

const Body = styled.div`
  padding: ${theme.space[10]} 0 ${theme.space[16]};
`

const Notice = styled.p`
  margin-bottom: ${theme.space[6]};
  padding: ${theme.space[2]} ${theme.space[3]};
  border-left: ${theme.border.rule} solid ${theme.color.bronze};
  background: ${theme.color.paper};
`

export default function CaseStudiesPage({ data, location }: PageProps<Queries.CaseStudiesPageQuery>) {
  const page = data.caseStudiesPage
  if (!page) throw new Error("content/pages/case-studies.json is missing")
  const redirected = (location.state as CaseRedirectState | null)?.missingCase === true
  return (
    <Layout>
      <Seo title={page.title} description={page.description} path={CASE_STUDIES_PATH} />
      <PageHeader title={page.title} lede={page.intro} />
      <Body>
        <Container>
          {redirected ? <Notice>{page.redirectNotice}</Notice> : null}
          <CaseList studies={data.allCaseStudy.nodes} copy={page} search={location.search} />
        </Container>
      </Body>
    </Layout>
  )
}

export const query = graphql`
  query CaseStudiesPage {
    caseStudiesPage {
      title
      description
      intro
      problemLabel
      solutionLabel
      readMoreLabel
      redirectNotice
      search {
        label
        button
        noResults
        reset
        results
      }
    }
    allCaseStudy(sort: { order: ASC }) {
      nodes {
        ...CaseCard
      }
    }
  }
`
