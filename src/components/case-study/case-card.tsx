import { Link, graphql } from "gatsby"
import styled from "styled-components"
import { caseStudyPath } from "../../routes"
import { ArrowIcon, CaseIcon } from "../ui/icons"
import { labelType } from "../../styles/label-type"

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
  gap: ${({ theme }) => theme.space[2]};
  height: 100%;
  padding: ${({ theme }) => theme.space[4]};
  background: ${({ theme }) => theme.color.paper};
  border: ${({ theme }) => theme.border.hairline} solid ${({ theme }) => theme.color.hairlineOnLight};
  transition: border-color ${({ theme }) => theme.motion.base} ${({ theme }) => theme.motion.easing};

  &:hover,
  &:focus-within {
    border-color: ${({ theme }) => theme.color.ink};
  }

  > svg {
    width: ${({ theme }) => theme.layout.iconLarge};
    color: ${({ theme }) => theme.color.bronze};
  }

  h2 {
    font-size: ${({ theme }) => theme.fontSize.h3};
  }
`

const Industry = styled.p`
  ${labelType}
  color: ${({ theme }) => theme.color.bronze};
`

const Summary = styled.dl`
  display: grid;
  gap: ${({ theme }) => theme.space[2]};
  margin: 0;
  font-size: ${({ theme }) => theme.fontSize.small};

  dt {
    font-weight: ${({ theme }) => theme.fontWeight.semibold};
  }

  dd {
    margin: 0;
    color: ${({ theme }) => theme.color.mutedOnLight};
  }
`

const ReadMore = styled(Link)`
  display: inline-flex;
  align-items: center;
  gap: ${({ theme }) => theme.space[1]};
  margin-top: auto;
  padding-top: ${({ theme }) => theme.space[2]};
  font-size: ${({ theme }) => theme.fontSize.small};
  font-weight: ${({ theme }) => theme.fontWeight.semibold};
  color: ${({ theme }) => theme.color.ink};
  text-decoration: none;

  svg {
    width: ${({ theme }) => theme.layout.iconSize};
  }

  &::after {
    content: "";
    position: absolute;
    inset: 0;
  }
`

interface CaseCardProps {
  study: Queries.CaseCardFragment
  labels: { problem: string; solution: string; readMore: string }
}

export function CaseCard({ study, labels }: CaseCardProps) {
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
      <ReadMore to={caseStudyPath(study.slug)} aria-label={`${labels.readMore}: ${study.title}`}>
        {labels.readMore}
        <ArrowIcon />
      </ReadMore>
    </Card>
  )
}
