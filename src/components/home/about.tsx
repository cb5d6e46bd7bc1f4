import { graphql } from "gatsby"
import styled from "styled-components"
import { Section } from "../ui/section"
import { TeamCard } from "./team-card"
import { theme } from "../../styles/theme"

export const query = graphql`
  fragment AboutSection on HomeAbout {
    eyebrow
    title
    intro
    story
    facts {
      label
      value
    }
    teamTitle
    badgesLabel
    expertiseLabel
    members {
      ...TeamMember
    }
  }
`

const Story = styled.div`
  display: grid;
  gap: ${theme.space[6]};
  margin-bottom: ${theme.space[12]};

  ${theme.media.lg} {
    grid-template-columns: 3fr 2fr;
  }
`

const Paragraphs = styled.div`
  display: grid;
  align-content: start;
  gap: ${theme.space[2]};
  max-width: ${theme.layout.text};
  color: ${theme.color.mutedOnLight};
`

const Facts = styled.dl`
  display: grid;
  grid-template-columns: repeat(2, minmax(0, 1fr));
  gap: ${theme.space[3]};
  margin: 0;

  div {
    display: flex;
    flex-direction: column-reverse;
    padding-top: ${theme.space[2]};
    border-top: ${theme.border.hairline} solid ${theme.color.hairlineOnLight};
  }

  dt {
    font-size: ${theme.fontSize.small};
    color: ${theme.color.mutedOnLight};
  }

  dd {
    margin: 0;
    font-family: ${theme.font.display};
    font-size: ${theme.fontSize.h4};
  }
`

const TeamTitle = styled.h3`
  margin-bottom: ${theme.space[6]};
  font-size: ${theme.fontSize.h3};
`

const Team = styled.div`
  display: grid;
  gap: ${theme.space[6]} ${theme.space[4]};

  ${theme.media.sm} {
    grid-template-columns: repeat(2, 1fr);
  }

  ${theme.media.lg} {
    grid-template-columns: repeat(4, 1fr);
  }
`

export function About({ about }: { about: Queries.AboutSectionFragment }) {
  return (
    <Section id="about" eyebrow={about.eyebrow} title={about.title} intro={about.intro}>
      <Story>
        <Paragraphs>
          {about.story.map((paragraph) => (
            <p key={paragraph}>{paragraph}</p>
          ))}
        </Paragraphs>
        <Facts>
          {about.facts.map((fact) => (
            <div key={fact.label}>
              <dt>{fact.label}</dt>
              <dd>{fact.value}</dd>
            </div>
          ))}
        </Facts>
      </Story>
      <TeamTitle>{about.teamTitle}</TeamTitle>
      <Team>
        {about.members.map((member) => (
          <TeamCard
            key={member.slug}
            member={member}
            labels={{ badges: about.badgesLabel, expertise: about.expertiseLabel }}
          />
        ))}
      </Team>
    </Section>
  )
}
