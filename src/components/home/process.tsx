import { graphql } from "gatsby"
import styled from "styled-components"
import { Section } from "../ui/section"
import { theme } from "../../styles/theme"

export const query = graphql`
  fragment ProcessSection on HomeProcess {
    eyebrow
    title
    intro
    steps {
      number
      title
      description
    }
  }
`

const Steps = styled.ol`
  display: grid;
  gap: ${theme.space[6]};
  list-style: none;

  ${theme.media.md} {
    grid-template-columns: repeat(2, 1fr);
  }

  ${theme.media.lg} {
    grid-template-columns: repeat(4, 1fr);
  }
`

const Step = styled.li`
  padding-top: ${theme.space[3]};
  border-top: ${theme.border.hairline} solid ${theme.color.ink};

  h3 {
    display: flex;
    flex-direction: column;
    gap: ${theme.space[1]};
    margin-bottom: ${theme.space[2]};
    font-size: ${theme.fontSize.h3};
  }

  span {
    font-family: ${theme.font.text};
    font-size: ${theme.fontSize.label};
    font-weight: ${theme.fontWeight.semibold};
    letter-spacing: ${theme.letterSpacing.label};
    color: ${theme.color.bronze};
  }

  p {
    color: ${theme.color.mutedOnLight};
  }
`

export function Process({ process }: { process: Queries.ProcessSectionFragment }) {
  return (
    <Section id="process" eyebrow={process.eyebrow} title={process.title} intro={process.intro}>
      <Steps>
        {process.steps.map((step) => (
          <Step key={step.number}>
            <h3>
              <span>{step.number}</span> {step.title}
            </h3>
            <p>{step.description}</p>
          </Step>
        ))}
      </Steps>
    </Section>
  )
}
