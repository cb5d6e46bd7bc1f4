import { type PageProps, graphql } from "gatsby"
import { HomePage } from "../components/home/home-page"
import { CaseNotFound } from "../components/case-study/case-not-found"
import { useLocale } from "../i18n/locale"
import { UNKNOWN_CASE_ROUTE, notFoundRouteOf } from "../../model/routes"

/**
 * Every address that is no page, in every language: an unknown case study shows the case studies'
 * not-found screen, any other address the home content (as the spec asks), out of search results.
 * The screen and language come from the address, not from the page: hosts serve each language's
 * not-found file (build-steps/post-build/hosting-policy.ts), and in the browser Gatsby draws any unknown address with
 * this one page (/404.html), so its data holds every language's. No client-only route (matchPath)
 * is needed, and so Gatsby lists no page in the bundle every page loads (its match-paths).
 */
export default function NotFoundPage({ data, location }: PageProps<Queries.NotFoundPageQuery>) {
  const locale = useLocale()
  const inLanguage = <T extends { locale: string }>(nodes: readonly T[], what: string): T => {
    const node = nodes.find((candidate) => candidate.locale === locale)
    if (!node) throw new Error(`${what} has no "${locale}" document`)
    return node
  }
  if (notFoundRouteOf(location.pathname) === UNKNOWN_CASE_ROUTE) {
    const page = inLanguage(data.allCaseStudiesPage.nodes, "content/pages/case-studies.json")
    return <CaseNotFound location={location} copy={page.notFound} />
  }
  return (
    <HomePage
      data={{
        homeHero: inLanguage(data.allHomeHero.nodes, "content/home/hero.json"),
        homeIndustries: inLanguage(data.allHomeIndustries.nodes, "content/home/industries.json"),
        homeServices: inLanguage(data.allHomeServices.nodes, "content/home/services.json"),
        homeProcess: inLanguage(data.allHomeProcess.nodes, "content/home/process.json"),
        homeAbout: inLanguage(data.allHomeAbout.nodes, "content/home/about.json"),
        homeContact: inLanguage(data.allHomeContact.nodes, "content/home/contact.json"),
      }}
      noindex
    />
  )
}

export const query = graphql`
  query NotFoundPage {
    allHomeHero {
      nodes {
        locale
        ...HeroSection
      }
    }
    allHomeIndustries {
      nodes {
        locale
        ...IndustriesSection
      }
    }
    allHomeServices {
      nodes {
        locale
        ...ServicesSection
      }
    }
    allHomeProcess {
      nodes {
        locale
        ...ProcessSection
      }
    }
    allHomeAbout {
      nodes {
        locale
        ...AboutSection
      }
    }
    allHomeContact {
      nodes {
        locale
        ...ContactSection
      }
    }
    allCaseStudiesPage {
      nodes {
        locale
        notFound {
          title
          text
          backLabel
        }
      }
    }
  }
`
