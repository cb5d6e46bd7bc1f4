import { graphql } from "gatsby"
import styled from "styled-components"
import { useSiteSettings } from "../../hooks/use-site-settings"
import { DemoButtonLink } from "../ui/button"
import { Section } from "../ui/section"
import { labelType } from "../../styles/label-type"
import { theme } from "../../styles/theme"

export const query = graphql`
  fragment ContactSection on HomeContact {
    eyebrow
    title
    intro
    emailLabel
    locationLabel
    replyPromise
  }
`

const Details = styled.dl`
  display: grid;
  gap: ${theme.space[4]};
  margin: 0 0 ${theme.space[6]};

  ${theme.media.md} {
    grid-template-columns: repeat(2, minmax(0, 1fr));
  }

  dt {
    margin-bottom: ${theme.space[1]};
    ${labelType}
    color: ${theme.color.goldLight};
  }

  dd {
    margin: 0;
    font-family: ${theme.font.display};
    font-size: ${theme.fontSize.h3};
    overflow-wrap: anywhere;
  }

  small {
    display: block;
    margin-top: ${theme.space[1]};
    font-family: ${theme.font.text};
    font-size: ${theme.fontSize.small};
    color: ${theme.color.mutedOnDark};
  }
`

export function Contact({ contact }: { contact: Queries.ContactSectionFragment }) {
  const settings = useSiteSettings()
  return (
    <Section id="contact" tone="dark" eyebrow={contact.eyebrow} title={contact.title} intro={contact.intro}>
      <Details>
        <div>
          <dt>{contact.emailLabel}</dt>
          <dd>
            <a href={`mailto:${settings.contactEmail}`}>{settings.contactEmail}</a>
            <small>{contact.replyPromise}</small>
          </dd>
        </div>
        <div>
          <dt>{contact.locationLabel}</dt>
          <dd>
            {settings.address.locality}, {settings.address.country}
          </dd>
        </div>
      </Details>
      <DemoButtonLink $variant="onDark">{settings.bookDemoLabel}</DemoButtonLink>
    </Section>
  )
}
