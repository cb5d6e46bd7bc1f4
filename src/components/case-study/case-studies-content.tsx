import styled from "styled-components"
import { Container } from "../ui/container"
import { PageHeader } from "../ui/page-header"
import { CaseList, type CaseListCopy, type CaseListPlace } from "./case-list"
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
  page: CaseListCopy & { intro: string; redirectNotice: string }
  /** The page's heading: the list's title, or its industry's (src/seo/case-list-title.ts). */
  title: string
  /** The studies on this page of the list. */
  studies: readonly Queries.CaseCardFragment[]
  listing: CaseListPlace
  /** The page URL's search string, which holds the query (?q=). */
  search: string
  /** The visitor was sent here from a case study that does not exist. */
  redirected: boolean
}

/** A page of the case list: its heading, then the searchable list. */
export function CaseStudiesContent({ page, title, studies, listing, search, redirected }: CaseStudiesContentProps) {
  return (
    <>
      <PageHeader title={title} lede={withCount(page.intro, listing.total)} />
      <Body>
        <Container>
          {redirected ? <Notice>{page.redirectNotice}</Notice> : null}
          <CaseList studies={studies} copy={page} search={search} listing={listing} />
        </Container>
      </Body>
    </>
  )
}
