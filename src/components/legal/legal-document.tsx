import { graphql } from "gatsby"
import styled from "styled-components"
import { useSiteSettings } from "../../hooks/use-site-settings"
import { Container } from "../ui/container"
import { PageHeader } from "../ui/page-header"
import { theme } from "../../styles/theme"
import { useFormat } from "../../i18n/format"

export const query = graphql`
  fragment LegalDocument on LegalPage {
    title
    description
    lastUpdated
    intro
    sections {
      heading
      paragraphs
      items
    }
  }
`

const Body = styled.div`
  padding: ${theme.space[10]} 0 ${theme.space[16]};
  background: ${theme.color.paper};

  ${theme.media.print} {
    padding: ${theme.space[4]} 0 0;
  }
`

const Text = styled.div`
  display: grid;
  gap: ${theme.space[6]};
  font-size: ${theme.fontSize.lead};

  h2 {
    margin-bottom: ${theme.space[2]};
    font-size: ${theme.fontSize.h3};
  }

  p + p,
  p + ul,
  ul + p {
    margin-top: ${theme.space[2]};
  }

  ul {
    display: grid;
    gap: ${theme.space[1]};
    padding-left: ${theme.space[3]};
  }

  li::marker {
    color: ${theme.color.bronze};
  }

  ${theme.media.print} {
    h2 {
      break-after: avoid;
    }

    li {
      break-inside: avoid;
    }
  }
`

const Intro = styled.p`
  color: ${theme.color.mutedOnLight};
`

/**
 * A legal document set for long reading: narrow measure, paper background, generous rhythm. The
 * article holds the whole document, its title band included, so it is one piece headed by its title.
 */
export function LegalDocument({ page }: { page: Queries.LegalDocumentFragment }) {
  const settings = useSiteSettings()
  const format = useFormat()
  return (
    <article>
      <PageHeader
        title={page.title}
        lede={format.labelled(settings.labels.lastUpdated, format.monthYear(page.lastUpdated))}
      />
      <Body>
        <Container $narrow>
          <Text>
            <Intro>{page.intro}</Intro>
            {page.sections.map((section) => (
              <section key={section.heading}>
                <h2>{section.heading}</h2>
                {section.paragraphs.map((paragraph) => (
                  <p key={paragraph}>{paragraph}</p>
                ))}
                {section.items?.length ? (
                  <ul>
                    {section.items.map((item) => (
                      <li key={item}>{item}</li>
                    ))}
                  </ul>
                ) : null}
              </section>
            ))}
          </Text>
        </Container>
      </Body>
    </article>
  )
}
