import { withPrefix } from "gatsby"
import { startTransition, useCallback, useEffect, useMemo, useRef, useState } from "react"
import styled from "styled-components"
import { useUrlQuery } from "../../hooks/use-url-query"
import { useValueAfterPaint } from "../../hooks/use-value-after-paint"
import { CaseCard } from "./case-card"
import { type IndexedCase, matchesWords, queryWords, searchText } from "./case-filter"
import { type BrowseCopy, IndustryLinks, PageLinks } from "./case-list-nav"
import { CASE_LIST_PAGE_SIZE, type CaseListing } from "../../../model/case-listings"
import { CaseSearch } from "./case-search"
import { CardGrid } from "../ui/card-grid"
import { labelType } from "../../styles/label-type"
import { theme } from "../../styles/theme"
import { usePaths } from "../../i18n/locale"

const Count = styled.p`
  margin-bottom: ${theme.space[3]};
  font-size: ${theme.fontSize.small};
  color: ${theme.color.mutedOnLight};
`

const Empty = styled.div`
  display: grid;
  justify-items: start;
  gap: ${theme.space[2]};
  padding: ${theme.space[6]} 0;
  font-family: ${theme.font.display};
  font-size: ${theme.fontSize.h3};

  button {
    padding: 0;
    border: 0;
    background: none;
    color: ${theme.color.bronze};
    font-family: ${theme.font.text};
    font-size: ${theme.fontSize.small};
    font-weight: ${theme.fontWeight.semibold};
    text-decoration: underline;
    cursor: pointer;
  }
`

const More = styled.button`
  display: block;
  min-height: ${theme.layout.buttonHeight};
  margin: ${theme.space[6]} auto 0;
  padding: 0 ${theme.space[4]};
  border: ${theme.border.hairline} solid ${theme.color.ink};
  border-radius: ${theme.radius.small};
  background: none;
  color: ${theme.color.ink};
  ${labelType}
  cursor: pointer;

  &[hidden] {
    display: none;
  }
`

export interface CaseListCopy {
  problemLabel: string
  solutionLabel: string
  readMoreLabel: string
  search: { label: string; button: string; noResults: string; reset: string; results: string; moreResults: string }
  browse: BrowseCopy
}

/** Where a page of the list sits: the one page of a short list, or one of several (model/case-listings.ts). */
export type CaseListPlace = Omit<CaseListing, "slugs" | "route">

/** The one page of a list that fits it: all the studies there are. */
export const singlePage = (total: number): CaseListPlace => ({
  page: 1,
  pages: 1,
  total,
  industry: null,
  industries: [],
})

interface CaseListProps {
  /** The studies on this page. */
  studies: readonly Queries.CaseCardFragment[]
  copy: CaseListCopy
  /** The page URL's search string, which holds the query (?q=). */
  search: string
  listing: CaseListPlace
}

type IndexedCard = IndexedCase<Queries.CaseCardFragment>

/**
 * Every study's card with its search text, null until fetched (or if it cannot be had: the page's own
 * studies are searched then). `fetchIndex` starts the one fetch, and changes nothing on screen: called
 * as the visitor reaches the field, it costs that interaction nothing, and its arrival is rendered as
 * a transition, which a keystroke goes ahead of.
 */
function useSearchIndex(): { index: readonly IndexedCard[] | null; fetchIndex: () => void } {
  const url = usePaths().caseSearchIndex
  const [index, setIndex] = useState<readonly IndexedCard[] | null>(null)
  const started = useRef(false)
  const fetchIndex = useCallback(() => {
    if (started.current) return
    started.current = true
    fetch(withPrefix(url))
      .then((response) => (response.ok ? (response.json() as Promise<IndexedCard[]>) : null))
      .then((cards) => {
        if (cards) startTransition(() => setIndex(cards))
      })
      .catch(() => undefined)
  }, [url])
  return { index, fetchIndex }
}

/**
 * The searchable list of case studies. The first page of all of them searches as the visitor types,
 * across every study (the page's own when they all fit it, else the search index); the results show a
 * page at a time. Elsewhere (an industry, a later page) the search leads to that first page.
 */
export function CaseList({ studies, copy, search, listing }: CaseListProps) {
  const input = useRef<HTMLInputElement>(null)
  const firstOfAll = listing.industry === null && listing.page === 1
  const query = useUrlQuery(usePaths().caseStudies, firstOfAll ? search : "", input)
  // The field shows each keystroke at once; the results follow once it is painted, so typing stays
  // instant however many studies are searched.
  const typed = useValueAfterPaint(query.value)
  const searching = typed.trim() !== ""
  // Fetched as the visitor reaches the field, so the first keystroke already searches every study.
  const { index, fetchIndex } = useSearchIndex()
  const paged = listing.pages > 1
  useEffect(() => {
    if (query.value.trim() !== "" && paged) fetchIndex()
  }, [query.value, paged, fetchIndex])
  // The page's own studies' search texts are made once; the index arrives with its own.
  const studyTexts = useMemo(() => studies.map(searchText), [studies])
  const indexTexts = useMemo(() => index?.map((card) => card.searchText) ?? [], [index])
  const [searched, texts] = searching && index ? [index, indexTexts] : [studies, studyTexts]
  const matches = useMemo(() => {
    const words = queryWords(typed)
    return searched.filter((_study, position) => matchesWords(texts[position], words))
  }, [searched, texts, typed])
  const [limit, setLimit] = useState(CASE_LIST_PAGE_SIZE)
  const [limitFor, setLimitFor] = useState(typed)
  if (limitFor !== typed) {
    // A new query shows its first page of results again.
    setLimitFor(typed)
    setLimit(CASE_LIST_PAGE_SIZE)
  }
  const shown = matches.slice(0, limit)
  const labels = useMemo(
    () => ({ problem: copy.problemLabel, solution: copy.solutionLabel, readMore: copy.readMoreLabel }),
    [copy.problemLabel, copy.solutionLabel, copy.readMoreLabel],
  )
  return (
    <>
      {/* While a query is on, its results are the list: browsing (industries, pages) waits for it to end.
          Hidden, not removed, and the button for more results is there from the start, hidden: the
          first keystroke over a paged list then changes what shows, not what the page is made of. */}
      {listing.industries.length > 0 ? <IndustryLinks listing={listing} copy={copy.browse} hidden={searching} /> : null}
      <CaseSearch
        value={query.value}
        label={copy.search.label}
        button={copy.search.button}
        onChange={query.change}
        onSubmit={query.commit}
        onFocus={paged ? fetchIndex : undefined}
        inputRef={input}
      />
      <Count role="status">
        {copy.search.results
          .replace("{count}", String(searching ? matches.length : shown.length))
          .replace("{total}", String(listing.total))}
      </Count>
      {shown.length > 0 ? (
        <CardGrid>
          {shown.map((study) => (
            <li key={study.slug}>
              <CaseCard study={study} labels={labels} />
            </li>
          ))}
        </CardGrid>
      ) : (
        <Empty>
          <p>{copy.search.noResults.replace("{query}", typed.trim())}</p>
          <button
            type="button"
            onClick={() => {
              query.reset()
              input.current?.focus()
            }}
          >
            {copy.search.reset}
          </button>
        </Empty>
      )}
      {paged ? (
        <More
          type="button"
          hidden={matches.length <= shown.length}
          onClick={() => setLimit(limit + CASE_LIST_PAGE_SIZE)}
        >
          {copy.search.moreResults}
        </More>
      ) : null}
      {paged ? <PageLinks listing={listing} copy={copy.browse} hidden={searching} /> : null}
    </>
  )
}
