import { graphql } from "gatsby"
import styled from "styled-components"
import { useFormat } from "../../i18n/format"
import { usePaths } from "../../i18n/locale"
import { useSiteSettings } from "../../hooks/use-site-settings"
import { ButtonLink, DemoButtonLink } from "../ui/button"
import { Container } from "../ui/container"
import { CaseIcon } from "../ui/icons"
import { PageHeader } from "../ui/page-header"
import { theme } from "../../styles/theme"
import { figureList } from "../../styles/figures"
import { screenOnly } from "../../styles/print"

export const query = graphql`
  fragment CaseStudyDetail on CaseStudy {
    slug
    published
    title
    industry
    icon
    client
    summary {
      description
    }
    situation
    task
    action
    result
    metrics {
      timeframe
      dataPoints
      competitors
    }
  }
  fragment CaseStudyLabels on CaseStudiesPageDetail {
    clientLabel
    situationLabel
    taskLabel
    actionLabel
    resultLabel
    metricsLabel
    timeframeLabel
    dataPointsLabel
    competitorsLabel
    backLabel
    ctaTitle
    ctaText
  }
`

const HeaderIcon = styled(CaseIcon)`
  width: ${theme.layout.iconLarge};
  margin-bottom: ${theme.space[3]};
  color: ${theme.color.goldLight};

  ${theme.media.print} {
    color: ${theme.color.bronze};
  }
`

const Client = styled.p`
  margin-top: ${theme.space[3]};
  color: ${theme.color.mutedOnDark};

  strong {
    color: ${theme.color.goldLight};
    font-weight: ${theme.fontWeight.semibold};
  }

  ${theme.media.print} {
    color: ${theme.color.mutedOnLight};

    strong {
      color: ${theme.color.ink};
    }
  }
`

const Metrics = styled.dl`
  display: grid;
  grid-template-columns: repeat(auto-fit, minmax(${theme.layout.metricMin}, 1fr));
  gap: ${theme.space[4]};
  margin: ${theme.space[8]} 0 0;
  padding-top: ${theme.space[4]};
  border-top: ${theme.border.hairline} solid ${theme.color.hairlineOnDark};

  ${figureList}

  ${theme.media.print} {
    margin-top: ${theme.space[4]};
    border-top-color: ${theme.color.hairlineOnLight};
  }
`

const Story = styled.div`
  display: grid;
  gap: ${theme.space[8]};
  padding: ${theme.space[10]} 0;

  /* On paper the chapters flow from page to page: a grid would carry a whole chapter over. */
  ${theme.media.print} {
    display: block;
    padding-top: ${theme.space[6]};

    & > * + * {
      margin-top: ${theme.space[6]};
    }
  }
`

const Chapter = styled.section`
  display: grid;
  gap: ${theme.space[2]};

  ${theme.media.lg} {
    grid-template-columns: 1fr 3fr;
    gap: ${theme.space[6]};
  }

  h2 {
    font-size: ${theme.fontSize.h3};
  }

  p,
  ul {
    max-width: ${theme.layout.text};
    font-size: ${theme.fontSize.lead};
  }

  ul {
    display: grid;
    gap: ${theme.space[2]};
    list-style: none;
  }

  li {
    padding-left: ${theme.space[3]};
    border-left: ${theme.border.hairline} solid ${theme.color.bronze};
  }

  /* An action or a result is never split between two printed pages, nor a heading left behind. */
  ${theme.media.print} {
    li {
      break-inside: avoid;
    }

    h2 {
      break-after: avoid;
    }
  }
`

const Closing = styled.aside`
  display: grid;
  gap: ${theme.space[3]};
  margin-bottom: ${theme.space[12]};
  padding: ${theme.space[6]} ${theme.space[4]};
  background: ${theme.color.paper};
  border-top: ${theme.border.rule} solid ${theme.color.bronze};

  h2 {
    font-size: ${theme.fontSize.h3};
  }

  p {
    max-width: ${theme.layout.text};
    color: ${theme.color.mutedOnLight};
  }

  ${screenOnly}
`

const Actions = styled.div`
  display: flex;
  flex-wrap: wrap;
  gap: ${theme.space[2]};
`

interface CaseStudyArticleProps {
  study: Queries.CaseStudyDetailFragment
  labels: Queries.CaseStudyLabelsFragment
}

/** A case told as a story: situation, task, action, result, with the metrics pulled out. */
export function CaseStudyArticle({ study, labels }: CaseStudyArticleProps) {
  const settings = useSiteSettings()
  const paths = usePaths()
  const format = useFormat()
  const metrics = [
    { label: labels.timeframeLabel, value: format.duration(study.metrics.timeframe) },
    { label: labels.dataPointsLabel, value: format.figure(study.metrics.dataPoints) },
    { label: labels.competitorsLabel, value: format.figure(study.metrics.competitors) },
  ]
  return (
    <>
      <PageHeader mark={<HeaderIcon name={study.icon} />} eyebrow={study.industry} title={study.title}>
        <Client>
          <strong>{format.withColon(labels.clientLabel)}</strong> {study.client}
        </Client>
        <Metrics aria-label={labels.metricsLabel}>
          {metrics.map((metric) => (
            <div key={metric.label}>
              <dt>{metric.label}</dt>
              <dd>{metric.value}</dd>
            </div>
          ))}
        </Metrics>
      </PageHeader>
      <Container>
        <Story>
          <Chapter aria-labelledby="situation">
            <h2 id="situation">{labels.situationLabel}</h2>
            <p>{study.situation}</p>
          </Chapter>
          <Chapter aria-labelledby="task">
            <h2 id="task">{labels.taskLabel}</h2>
            <p>{study.task}</p>
          </Chapter>
          <Chapter aria-labelledby="action">
            <h2 id="action">{labels.actionLabel}</h2>
            <ul>
              {study.action.map((step) => (
                <li key={step}>{step}</li>
              ))}
            </ul>
          </Chapter>
          <Chapter aria-labelledby="result">
            <h2 id="result">{labels.resultLabel}</h2>
            <ul>
              {study.result.map((outcome) => (
                <li key={outcome}>{outcome}</li>
              ))}
            </ul>
          </Chapter>
        </Story>
        <Closing aria-labelledby="closing-title">
          <h2 id="closing-title">{labels.ctaTitle}</h2>
          <p>{labels.ctaText}</p>
          <Actions>
            <DemoButtonLink>{settings.bookDemoLabel}</DemoButtonLink>
            <ButtonLink to={paths.caseStudies} $variant="secondary">
              {labels.backLabel}
            </ButtonLink>
          </Actions>
        </Closing>
      </Container>
    </>
  )
}
