import { graphql, useStaticQuery } from "gatsby"

/**
 * The site's one static query: what every page shows whatever its own content, the settings (header,
 * footer, head tags, labels) and the case list (the footer's links). One query, so one request.
 */
function useSiteWideContent() {
  const data = useStaticQuery<Queries.SiteSettingsQuery>(graphql`
    query SiteSettings {
      siteSettings {
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
      allCaseStudy(sort: { order: ASC }) {
        nodes {
          slug
          title
          industry
        }
      }
    }
  `)
  if (!data.siteSettings) throw new Error("content/site/settings.json is missing")
  return { settings: data.siteSettings, caseStudies: data.allCaseStudy.nodes }
}

/** The site settings (content/site/settings.json): names, links, labels, footer texts. */
export const useSiteSettings = () => useSiteWideContent().settings

/** Every case study's slug, title and industry, in the site's order. */
export const useCaseStudyLinks = () => useSiteWideContent().caseStudies
