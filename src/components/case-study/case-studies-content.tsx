import styled from "styled-components"
import { Container } from "../ui/container"
import { PageHeader } from "../ui/page-header"
import { CaseList, type CaseListCopy } from "./case-list"
import { theme } from "../../styles/theme"
import { withCount } from "../../seo/count-words"

const Body = styled.div`
  padding: ${theme.space[10]} 0 ${theme.space[16]};
`

const Notice = styled.p`
  margin-bottom: ${theme.space[6]};
  padding: ${theme.space[2]} ${theme.space[3]};
  border-left: ${theme.border.rule} solid ${theme.color.bronze};
  background: ${theme.color.paper};
`

interface CaseStudiesContentProps {
  page: CaseListCopy & { title: string; intro: string; redirectNotice: string }
  studies: readonly Queries.CaseCardFragment[]
  /** The page URL's search string, which holds the query (?q=). */
  search: string
  /** The visitor was sent here from a case study that does not exist. */
  redirected: boolean
}

/** The case studies page's body: its heading, then the searchable list. */
export function CaseStudiesContent({ page, studies, search, redirected }: CaseStudiesContentProps) {
  return (
    <>
      <PageHeader title={page.title} lede={withCount(page.intro, studies.length)} />
      <Body>
        <Container>
          {redirected ? <Notice>{page.redirectNotice}</Notice> : null}
          <CaseList studies={studies} copy={page} search={search} />
        </Container>
      </Body>
    </>
  )
}
