import { Link, graphql } from "gatsby"
import styled from "styled-components"
import { useSiteSettings } from "../../hooks/use-site-settings"
import { ExternalLink } from "../ui/external-link"
import { ArrowIcon } from "../ui/icons"
import { Section } from "../ui/section"
import { TagList } from "../ui/tag-list"
import { IndustryStrip } from "./industry-strip"
import { CardGrid } from "../ui/card-grid"
import { theme } from "../../styles/theme"
import { stretchedLink } from "../../styles/stretched-link"
import { useFormat } from "../../i18n/format"
import { usePaths } from "../../i18n/locale"

export const query = graphql`
  fragment IndustriesSection on HomeIndustries {
    eyebrow
    title
    intro
    chips
    chipsLabel
    applicationsLabel
    cards {
      id
      title
      description
      applications
      caseSlug
    }
    prompt {
      title
      text
      linkLabel
    }
    cardLinkLabel
  }
`

const Card = styled.li`
  position: relative;
  display: flex;
  flex-direction: column;
  gap: ${theme.space[2]};
  padding: ${theme.space[4]};
  border: ${theme.border.hairline} solid ${theme.color.hairlineOnLight};
  transition: border-color ${theme.motion.base} ${theme.motion.easing};

  &:hover,
  &:focus-within {
    border-color: ${theme.color.ink};
  }

  h3 {
    font-size: ${theme.fontSize.h3};
  }

  p {
    color: ${theme.color.mutedOnLight};
  }
`

/** The whole card is clickable through the link's stretched hit area. */
const CardLink = styled(Link)`
  display: inline-flex;
  align-items: center;
  gap: ${theme.space[1]};
  margin-top: auto;
  font-size: ${theme.fontSize.small};
  font-weight: ${theme.fontWeight.semibold};
  color: ${theme.color.bronze};
  text-decoration: none;

  ${stretchedLink}
`

const Prompt = styled.div`
  display: grid;
  gap: ${theme.space[1]};
  margin-top: ${theme.space[8]};
  padding-top: ${theme.space[4]};
  border-top: ${theme.border.hairline} solid ${theme.color.hairlineOnLight};

  h3 {
    font-size: ${theme.fontSize.h3};
  }

  p {
    max-width: ${theme.layout.text};
    color: ${theme.color.mutedOnLight};
  }

  a {
    justify-self: start;
    color: ${theme.color.bronze};
    font-weight: ${theme.fontWeight.semibold};
  }
`

export function Industries({ industries }: { industries: Queries.IndustriesSectionFragment }) {
  const settings = useSiteSettings()
  const format = useFormat()
  const paths = usePaths()
  return (
    <Section id="industries" eyebrow={industries.eyebrow} title={industries.title} intro={industries.intro}>
      <IndustryStrip chips={industries.chips} label={industries.chipsLabel} motionLabels={settings.labels} />
      <CardGrid>
        {industries.cards.map((card) => (
          <Card key={card.id} data-industry={card.id}>
            <h3>{card.title}</h3>
            <p>{card.description}</p>
            <TagList tags={card.applications} label={format.labelled(industries.applicationsLabel, card.title)} />
            <CardLink
              // A study not on the site yet (or no more): the card leads to the list of those that are.
              to={card.caseSlug ? paths.caseStudy(card.caseSlug) : paths.caseStudies}
              aria-label={format.labelled(industries.cardLinkLabel, card.title)}
            >
              {industries.cardLinkLabel}
              <ArrowIcon />
            </CardLink>
          </Card>
        ))}
      </CardGrid>
      <Prompt>
        <h3>{industries.prompt.title}</h3>
        <p>{industries.prompt.text}</p>
        <ExternalLink href={settings.caseStudiesSiteUrl} newWindowLabel={settings.newWindowLabel}>
          {industries.prompt.linkLabel}
        </ExternalLink>
      </Prompt>
    </Section>
  )
}
