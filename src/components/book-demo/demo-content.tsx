import { graphql, withPrefix } from "gatsby"
import styled from "styled-components"
import { useSiteSettings } from "../../hooks/use-site-settings"
import { ButtonLink, ExternalButtonLink } from "../ui/button"
import { Container } from "../ui/container"
import { Eyebrow } from "../ui/eyebrow"
import { PageHeader } from "../ui/page-header"
import { onDark, theme } from "../../styles/theme"
import { labelType } from "../../styles/label-type"
import { printedOnPaper } from "../../styles/print"
import { usePaths } from "../../i18n/locale"

export const query = graphql`
  fragment DemoContent on DemoPage {
    title
    description
    intro
    schedule {
      badge
      title
      text
      expectationsTitle
      expectations
      buttonLabel
    }
    direct {
      title
      text
      replyPromise
    }
    commitment
    backLabel
  }
`

const Body = styled.div`
  padding: ${theme.space[10]} 0 ${theme.space[16]};
`

const Cards = styled.div`
  display: grid;
  gap: ${theme.space[4]};

  ${theme.media.lg} {
    grid-template-columns: 3fr 2fr;
    align-items: start;
  }
`

const Card = styled.section<{ $recommended?: boolean }>`
  display: flex;
  flex-direction: column;
  gap: ${theme.space[3]};
  padding: ${theme.space[5]} ${theme.space[4]};
  background: ${({ $recommended }) => ($recommended ? theme.color.ink : "transparent")};
  color: ${({ $recommended }) => ($recommended ? theme.color.ivory : theme.color.ink)};
  ${({ $recommended }) => ($recommended ? onDark : "")}
  border: ${theme.border.hairline} solid
    ${({ $recommended }) => ($recommended ? theme.color.gold : theme.color.hairlineOnLight)};

  ${theme.media.md} {
    padding: ${theme.space[8]};
  }

  h2 {
    font-size: ${theme.fontSize.h2};
  }

  h3 {
    font-family: ${theme.font.text};
    ${labelType}
  }

  ${printedOnPaper}
`

const Muted = styled.p<{ $onDark?: boolean }>`
  color: ${({ $onDark }) => ($onDark ? theme.color.mutedOnDark : theme.color.mutedOnLight)};

  ${theme.media.print} {
    color: ${theme.color.mutedOnLight};
  }
`

const Expectations = styled.ul`
  display: grid;
  gap: ${theme.space[1]};
  list-style: none;

  li {
    padding-left: ${theme.space[3]};
    border-left: ${theme.border.hairline} solid ${theme.color.gold};
  }
`

const Email = styled.a`
  font-family: ${theme.font.display};
  font-size: ${theme.fontSize.h4};
  overflow-wrap: anywhere;
`

const Commitment = styled.p`
  max-width: ${theme.layout.text};
  margin: ${theme.space[8]} 0 ${theme.space[4]};
  padding-left: ${theme.space[3]};
  border-left: ${theme.border.rule} solid ${theme.color.bronze};
  font-size: ${theme.fontSize.lead};
`

/** The demo page's body: the two ways to reach the team, the commitment and the way back. */
export function DemoContent({ page }: { page: Queries.DemoContentFragment }) {
  const settings = useSiteSettings()
  const paths = usePaths()
  return (
    <>
      <PageHeader title={page.title} lede={page.intro} />
      <Body>
        <Container>
          <Cards>
            <Card $recommended aria-labelledby="schedule-title">
              <Eyebrow $onDark>{page.schedule.badge}</Eyebrow>
              <h2 id="schedule-title">{page.schedule.title}</h2>
              <Muted $onDark>{page.schedule.text}</Muted>
              <h3>{page.schedule.expectationsTitle}</h3>
              <Expectations>
                {page.schedule.expectations.map((item) => (
                  <li key={item}>{item}</li>
                ))}
              </Expectations>
              <div>
                <ExternalButtonLink
                  href={withPrefix(paths.scheduler)}
                  leadsTo={settings.schedulingUrl}
                  newWindowLabel={settings.newWindowLabel}
                  $variant="onDark"
                >
                  {page.schedule.buttonLabel}
                </ExternalButtonLink>
              </div>
            </Card>
            <Card aria-labelledby="direct-title">
              <h2 id="direct-title">{page.direct.title}</h2>
              <Muted>{page.direct.text}</Muted>
              <Email href={`mailto:${settings.contactEmail}`}>{settings.contactEmail}</Email>
              <Muted>{page.direct.replyPromise}</Muted>
            </Card>
          </Cards>
          <Commitment>{page.commitment}</Commitment>
          <ButtonLink to={paths.home} $variant="secondary">
            {page.backLabel}
          </ButtonLink>
        </Container>
      </Body>
    </>
  )
}
