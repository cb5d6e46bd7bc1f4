import { graphql, useStaticQuery } from "gatsby"

/** Site-wide settings and the case list, for the header, footer and head tags on every page. */
export function useSiteSettings() {
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
          portraitAlt
          noPhoto
          lastUpdated
        }
        profiles {
          member
          url
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
