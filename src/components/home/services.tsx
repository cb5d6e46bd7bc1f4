import { graphql } from "gatsby"
import styled from "styled-components"
import { Section } from "../ui/section"
import { TagList } from "../ui/tag-list"
import { CardGrid } from "../ui/card-grid"
import { labelType } from "../../styles/label-type"
import { theme } from "../../styles/theme"
import { useFormat } from "../../i18n/format"

export const query = graphql`
  fragment ServicesSection on HomeServices {
    eyebrow
    title
    intro
    highlightLabel
    featuresLabel
    services {
      title
      description
      features
      highlighted
    }
  }
`

const Card = styled.li<{ $highlighted: boolean }>`
  display: flex;
  flex-direction: column;
  gap: ${theme.space[2]};
  padding: ${theme.space[4]};
  background: ${({ $highlighted }) => ($highlighted ? theme.color.inkRaised : "transparent")};
  border: ${theme.border.hairline} solid
    ${({ $highlighted }) => ($highlighted ? theme.color.gold : theme.color.hairlineOnDark)};
  border-top-width: ${({ $highlighted }) => ($highlighted ? theme.border.rule : theme.border.hairline)};

  h3 {
    font-size: ${theme.fontSize.h3};
  }

  p {
    color: ${theme.color.mutedOnDark};
  }

  ul {
    margin-top: auto;
  }
`

const Highlight = styled.strong`
  align-self: flex-start;
  ${labelType}
  color: ${theme.color.goldLight};
`

export function Services({ services }: { services: Queries.ServicesSectionFragment }) {
  const format = useFormat()
  return (
    <Section id="services" tone="dark" eyebrow={services.eyebrow} title={services.title} intro={services.intro}>
      <CardGrid>
        {services.services.map((service) => (
          <Card key={service.title} $highlighted={service.highlighted} data-highlighted={service.highlighted}>
            {service.highlighted ? <Highlight>{services.highlightLabel}</Highlight> : null}
            <h3>{service.title}</h3>
            <p>{service.description}</p>
            <TagList
              tags={service.features}
              tone="dark"
              label={format.labelled(services.featuresLabel, service.title)}
            />
          </Card>
        ))}
      </CardGrid>
    </Section>
  )
}
