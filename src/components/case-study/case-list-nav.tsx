import { Link } from "gatsby"
import styled from "styled-components"
import type { CaseListing } from "../../../model/case-listings"
import { labelType } from "../../styles/label-type"
import { theme } from "../../styles/theme"
import { usePaths } from "../../i18n/locale"

export interface BrowseCopy {
  industriesLabel: string
  allIndustries: string
  pagesLabel: string
  previous: string
  next: string
  pageOf: string
}

type Listing = Omit<CaseListing, "slugs" | "route">

interface NavProps {
  listing: Listing
  copy: BrowseCopy
  /** Put away (while a search is on) but kept in the page, so a keystroke only hides it. */
  hidden?: boolean
}

const Industries = styled.nav`
  margin-bottom: ${theme.space[6]};

  &[hidden] {
    display: none;
  }

  h2 {
    ${labelType}
    margin-bottom: ${theme.space[2]};
    color: ${theme.color.bronze};
  }

  ul {
    display: flex;
    flex-wrap: wrap;
    gap: ${theme.space[1]} ${theme.space[2]};
    list-style: none;
  }

  a {
    display: inline-flex;
    align-items: center;
    min-height: ${theme.layout.buttonHeight};
    padding: 0 ${theme.space[2]};
    border: ${theme.border.hairline} solid ${theme.color.hairlineOnLight};
    border-radius: ${theme.radius.small};
    color: ${theme.color.ink};
    font-size: ${theme.fontSize.small};
    text-decoration: none;
    transition: border-color ${theme.motion.base} ${theme.motion.easing};

    &:hover,
    &:focus-visible {
      border-color: ${theme.color.ink};
    }

    &[aria-current] {
      border-color: ${theme.color.ink};
      background: ${theme.color.ink};
      color: ${theme.color.ivory};
    }
  }

  span {
    margin-left: ${theme.space[1]};
    color: inherit;
    opacity: 0.72;
  }
`

/** Every industry with its number of studies, and all of them; the current one marked. */
export function IndustryLinks({ listing, copy, hidden }: NavProps) {
  const paths = usePaths()
  const current = listing.industry?.key ?? null
  // The link to this very page, or to the first page of the one it is a later page of.
  const currentMark = listing.page === 1 ? "page" : "true"
  const links = [
    { key: null, label: copy.allIndustries, count: null },
    ...listing.industries.map(({ key, label, count }) => ({ key, label, count })),
  ]
  return (
    <Industries aria-labelledby="case-industries" hidden={hidden}>
      <h2 id="case-industries">{copy.industriesLabel}</h2>
      <ul>
        {links.map(({ key, label, count }) => (
          <li key={key ?? ""}>
            <Link to={paths.caseList(key, 1)} aria-current={key === current ? currentMark : undefined}>
              {label}
              {count === null ? null : <span>{count}</span>}
            </Link>
          </li>
        ))}
      </ul>
    </Industries>
  )
}

const Pages = styled.nav`
  display: flex;
  flex-wrap: wrap;
  align-items: center;
  justify-content: space-between;
  gap: ${theme.space[2]};
  margin-top: ${theme.space[8]};
  padding-top: ${theme.space[3]};
  border-top: ${theme.border.hairline} solid ${theme.color.hairlineOnLight};
  font-size: ${theme.fontSize.small};

  &[hidden] {
    display: none;
  }

  a {
    display: inline-flex;
    align-items: center;
    min-height: ${theme.layout.buttonHeight};
    font-weight: ${theme.fontWeight.semibold};
    color: ${theme.color.ink};
  }

  p {
    color: ${theme.color.mutedOnLight};
  }
`

/** The previous and next pages of the list, and where this one sits. */
export function PageLinks({ listing, copy, hidden }: NavProps) {
  const paths = usePaths()
  const industry = listing.industry?.key ?? null
  const { page, pages } = listing
  return (
    <Pages aria-label={copy.pagesLabel} hidden={hidden}>
      {page > 1 ? (
        <Link to={paths.caseList(industry, page - 1)} rel="prev">
          {copy.previous}
        </Link>
      ) : (
        <span />
      )}
      <p>{copy.pageOf.replace("{page}", String(page)).replace("{pages}", String(pages))}</p>
      {page < pages ? (
        <Link to={paths.caseList(industry, page + 1)} rel="next">
          {copy.next}
        </Link>
      ) : (
        <span />
      )}
    </Pages>
  )
}
