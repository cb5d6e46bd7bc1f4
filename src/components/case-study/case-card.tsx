import { Link, graphql } from "gatsby"
import { memo } from "react"
import styled from "styled-components"
import { ArrowIcon, CaseIcon } from "../ui/icons"
import { labelType } from "../../styles/label-type"
import { theme } from "../../styles/theme"
import { stretchedLink } from "../../styles/stretched-link"
import { useFormat } from "../../i18n/format"
import { usePaths } from "../../i18n/locale"

export const query = graphql`
  fragment CaseCard on CaseStudy {
    slug
    title
    industry
    icon
    summary {
      description
      problem
      solution
    }
  }
`

const Card = styled.article`
  position: relative;
  display: flex;
  flex-direction: column;
  gap: ${theme.space[2]};
  height: 100%;
  padding: ${theme.space[4]};
  background: ${theme.color.paper};
  border: ${theme.border.hairline} solid ${theme.color.hairlineOnLight};
  transition: border-color ${theme.motion.base} ${theme.motion.easing};

  &:hover,
  &:focus-within {
    border-color: ${theme.color.ink};
  }

  > svg {
    width: ${theme.layout.iconLarge};
    color: ${theme.color.bronze};
  }

  h2 {
    font-size: ${theme.fontSize.h3};
  }
`

const Industry = styled.p`
  ${labelType}
  color: ${theme.color.bronze};
`

const Summary = styled.dl`
  display: grid;
  gap: ${theme.space[2]};
  margin: 0;
  font-size: ${theme.fontSize.small};

  dt {
    font-weight: ${theme.fontWeight.semibold};
  }

  dd {
    margin: 0;
    color: ${theme.color.mutedOnLight};
  }
`

const ReadMore = styled(Link)`
  display: inline-flex;
  align-items: center;
  gap: ${theme.space[1]};
  margin-top: auto;
  padding-top: ${theme.space[2]};
  font-size: ${theme.fontSize.small};
  font-weight: ${theme.fontWeight.semibold};
  color: ${theme.color.ink};
  text-decoration: none;

  ${stretchedLink}
`

interface CaseCardProps {
  study: Queries.CaseCardFragment
  labels: { problem: string; solution: string; readMore: string }
}

const sameCard = (a: Queries.CaseCardFragment, b: Queries.CaseCardFragment) =>
  a === b ||
  (a.slug === b.slug &&
    a.title === b.title &&
    a.industry === b.industry &&
    a.icon === b.icon &&
    a.summary.description === b.summary.description &&
    a.summary.problem === b.summary.problem &&
    a.summary.solution === b.summary.solution)

/**
 * A study's card, drawn again only when what it shows changes: the list's search hands the same
 * study from the page's data or from the search index, two equal objects.
 */
export const CaseCard = memo(
  CaseCardContent,
  (before, after) => before.labels === after.labels && sameCard(before.study, after.study),
)

function CaseCardContent({ study, labels }: CaseCardProps) {
  const format = useFormat()
  const paths = usePaths()
  return (
    <Card aria-labelledby={`case-${study.slug}`}>
      <CaseIcon name={study.icon} />
      <Industry>{study.industry}</Industry>
      <h2 id={`case-${study.slug}`}>{study.title}</h2>
      <p>{study.summary.description}</p>
      <Summary>
        <div>
          <dt>{labels.problem}</dt>
          <dd>{study.summary.problem}</dd>
        </div>
        <div>
          <dt>{labels.solution}</dt>
          <dd>{study.summary.solution}</dd>
        </div>
      </Summary>
      <ReadMore to={paths.caseStudy(study.slug)} aria-label={format.labelled(labels.readMore, study.title)}>
        {labels.readMore}
        <ArrowIcon />
      </ReadMore>
    </Card>
  )
}
