import { graphql, useStaticQuery } from "gatsby"
import { useLocale } from "../i18n/locale"

/**
 * The site's one static query: what every page shows whatever its own content, the settings (header,
 * footer, head tags, labels) and the case list (the footer's links), in every language; each page
 * reads its own. One query, so one request, fetched once for the whole visit.
 */
function useSiteWideContent() {
  const data = useStaticQuery<Queries.SiteSettingsQuery>(graphql`
    query SiteSettings {
      allSiteSettings {
        nodes {
          locale
          name
          shortName
          tagline
          description
          siteUrl
          contactEmail
          schedulingUrl
          caseStudiesSiteUrl
          foundingYear
          copyrightYear
          address {
            locality
            country
            countryCode
          }
          areaServed
          socialImageAlt
          navigation {
            section
            label
          }
          bookDemoLabel
          newWindowLabel
          skipLinkLabel
          labels {
            homeLink
            mainNavigation
            openMenu
            closeMenu
            pauseMotion
            playMotion
            profileLink
            noPhoto
            lastUpdated
          }
          footer {
            summary
            quickLinksTitle
            caseStudiesTitle
            legalTitle
            privacyLabel
            termsLabel
            rights
          }
        }
      }
      allCaseStudy(sort: { order: ASC }) {
        nodes {
          locale
          slug
          title
          industry
        }
      }
    }
  `)
  const locale = useLocale()
  const settings = data.allSiteSettings.nodes.find((node) => node.locale === locale)
  if (!settings) throw new Error(`content/site/settings.json has no "${locale}" document`)
  return { settings, caseStudies: data.allCaseStudy.nodes.filter((study) => study.locale === locale) }
}

/** The site settings (content/site/settings.json): names, links, labels, footer texts. */
export const useSiteSettings = () => useSiteWideContent().settings

/** Every case study's slug, title and industry, in the site's order. */
export const useCaseStudyLinks = () => useSiteWideContent().caseStudies
