import { graphql, useStaticQuery } from "gatsby"
import { useLocale } from "../i18n/locale"

/**
 * The site's one static query: what every page shows whatever its own content, the settings (header,
 * footer, head tags, labels) and the footer's case-study links, in every language; each page reads its
 * own. One query, so one request, fetched once for the whole visit. Its size does not grow with the
 * number of case studies: the footer links the studies the home page's industry cards lead to, one per
 * card (content/home/industries.json), whatever else has been published. Its result as fetched, every
 * language's, is also part of each page's version (src/navigation/page-version.tsx).
 */
export function useSiteWideData() {
  return useStaticQuery<Queries.SiteSettingsQuery>(graphql`
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
      allHomeIndustries {
        nodes {
          locale
          cards {
            title
            caseSlug
          }
        }
      }
    }
  `)
}

function useSiteWideContent() {
  const data = useSiteWideData()
  const locale = useLocale()
  const settings = data.allSiteSettings.nodes.find((node) => node.locale === locale)
  if (!settings) throw new Error(`content/site/settings.json has no "${locale}" document`)
  const industries = data.allHomeIndustries.nodes.find((node) => node.locale === locale)
  // A card whose study the editors' calendar withholds from this build has no caseSlug: no link to it.
  const caseStudies = (industries?.cards ?? []).flatMap(({ title, caseSlug }) =>
    caseSlug ? [{ title, caseSlug }] : [],
  )
  return { settings, caseStudies }
}

/** The site settings (content/site/settings.json): names, links, labels, footer texts. */
export const useSiteSettings = () => useSiteWideContent().settings

/**
 * The case studies the home page's industry cards lead to: each card's title and its study's slug, in
 * the cards' order; a card whose study is not on the site (before its go-live time, after it comes
 * down) is left out.
 */
export const useCaseStudyLinks = () => useSiteWideContent().caseStudies
