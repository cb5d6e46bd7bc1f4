import { useRef } from "react"
import styled from "styled-components"
import { useUrlQuery } from "../../hooks/use-url-query"
import { CaseCard } from "./case-card"
import { matchesQuery } from "./case-filter"
import { CaseSearch } from "./case-search"
import { CardGrid } from "../ui/card-grid"
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

export interface CaseListCopy {
  problemLabel: string
  solutionLabel: string
  readMoreLabel: string
  search: { label: string; button: string; noResults: string; reset: string; results: string }
}

interface CaseListProps {
  studies: readonly Queries.CaseCardFragment[]
  copy: CaseListCopy
  /** The page URL's search string, which holds the query (?q=). */
  search: string
}

/** The searchable list of case studies. */
export function CaseList({ studies, copy, search }: CaseListProps) {
  const input = useRef<HTMLInputElement>(null)
  const query = useUrlQuery(usePaths().caseStudies, search, input)
  const shown = studies.filter((study) => matchesQuery(study, query.value))
  const labels = { problem: copy.problemLabel, solution: copy.solutionLabel, readMore: copy.readMoreLabel }
  return (
    <>
      <CaseSearch
        value={query.value}
        label={copy.search.label}
        button={copy.search.button}
        onChange={query.change}
        onSubmit={query.commit}
        inputRef={input}
      />
      <Count role="status">
        {copy.search.results.replace("{count}", String(shown.length)).replace("{total}", String(studies.length))}
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
          <p>{copy.search.noResults.replace("{query}", query.value.trim())}</p>
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
    </>
  )
}
