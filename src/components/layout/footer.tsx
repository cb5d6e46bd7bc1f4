import { Link, withPrefix } from "gatsby"
import styled from "styled-components"
import { useCaseStudyLinks, useSiteSettings } from "../../hooks/use-site-settings"
import { Container } from "../ui/container"
import { onDark, theme } from "../../styles/theme"
import { screenOnly } from "../../styles/print"
import { labelType } from "../../styles/label-type"
import { usePaths } from "../../i18n/locale"

const Band = styled.footer`
  border-top: ${theme.border.hairline} solid ${theme.color.hairlineOnDark};
  padding: ${theme.space[12]} 0 ${theme.space[6]};
  background: ${theme.color.ink};
  color: ${theme.color.mutedOnDark};
  font-size: ${theme.fontSize.small};
  ${onDark}
  ${screenOnly}
`

const Grid = styled.div`
  display: grid;
  gap: ${theme.space[6]};

  ${theme.media.md} {
    grid-template-columns: 2fr 1fr 1.4fr 1fr;
  }
`

const BrandName = styled.p`
  margin-bottom: ${theme.space[2]};
  font-family: ${theme.font.display};
  font-size: ${theme.fontSize.h3};
  color: ${theme.color.ivory};
`

const Summary = styled.p`
  max-width: ${theme.layout.summary};
`

const ColumnTitle = styled.h2`
  margin-bottom: ${theme.space[2]};
  font-family: ${theme.font.text};
  ${labelType}
  color: ${theme.color.goldLight};
`

const LinkList = styled.ul`
  display: grid;
  gap: ${theme.space[1]};
  list-style: none;

  a {
    text-decoration: none;
    &:hover {
      color: ${theme.color.ivory};
      text-decoration: underline;
    }
  }
`

const Legal = styled.p`
  margin-top: ${theme.space[10]};
  padding-top: ${theme.space[3]};
  border-top: ${theme.border.hairline} solid ${theme.color.hairlineOnDark};
`

export function Footer() {
  const settings = useSiteSettings()
  const caseStudies = useCaseStudyLinks()
  const paths = usePaths()
  const { footer } = settings
  return (
    <Band>
      <Container>
        <Grid>
          <div>
            <BrandName>{settings.name}</BrandName>
            <Summary>{footer.summary}</Summary>
          </div>
          <nav aria-labelledby="footer-quick-links">
            <ColumnTitle id="footer-quick-links">{footer.quickLinksTitle}</ColumnTitle>
            <LinkList>
              {settings.navigation.map(({ section, label }) => (
                <li key={section}>
                  <Link to={paths.section(section)}>{label}</Link>
                </li>
              ))}
            </LinkList>
          </nav>
          <nav aria-labelledby="footer-case-studies">
            <ColumnTitle id="footer-case-studies">{footer.caseStudiesTitle}</ColumnTitle>
            <LinkList>
              {caseStudies.map(({ caseSlug, title }) => (
                <li key={caseSlug}>
                  {/* A plain anchor on purpose: the spec has these links perform a full page load. */}
                  <a href={withPrefix(paths.caseStudy(caseSlug))}>{title}</a>
                </li>
              ))}
            </LinkList>
          </nav>
          <nav aria-labelledby="footer-legal">
            <ColumnTitle id="footer-legal">{footer.legalTitle}</ColumnTitle>
            <LinkList>
              <li>
                <Link to={paths.privacy}>{footer.privacyLabel}</Link>
              </li>
              <li>
                <Link to={paths.terms}>{footer.termsLabel}</Link>
              </li>
            </LinkList>
          </nav>
        </Grid>
        <Legal>
          © {settings.copyrightYear} {settings.name}. {footer.rights}
        </Legal>
      </Container>
    </Band>
  )
}
