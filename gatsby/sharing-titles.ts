/**
 * The title each prerendered page's sharing image shows (build-steps/post-build/social-images.ts draws
 * them), read from the nodes and pages Gatsby holds: the one part of that step Gatsby's API answers.
 */
import type { BuildArgs } from "gatsby"
import type { Locale } from "../model/locales"
import { BOOK_DEMO_PATH, HOME_PATH, caseStudyPath, legalPagePath, localePath } from "../model/routes"
import { type CaseListCopy, caseListNames } from "../src/seo/case-list-title"
import type { CaseListContext } from "../src/templates/case-list"
import type { NotFoundContext } from "../src/i18n/locale"

interface PageNode {
  path: string
  matchPath?: string
  context?: Partial<CaseListContext> & NotFoundContext & { locale?: Locale }
}

interface TitlesQuery {
  allSiteSettings: { nodes: Array<{ locale: Locale; tagline: string }> }
  allCaseStudiesPage: { nodes: Array<CaseListCopy & { locale: Locale }> }
  allDemoPage: { nodes: Array<{ locale: Locale; title: string }> }
  allLegalPage: { nodes: Array<{ locale: Locale; fileName: string; title: string }> }
  allCaseStudy: { nodes: Array<{ locale: Locale; slug: string; title: string }> }
}

/**
 * The title each prerendered page's sharing image shows, in the page's language, from the content the
 * page is built from: home shows the tagline beside the brand, every other page its own title (a page
 * of the case list, the title its head has: src/seo/case-list-title.ts).
 */
async function sharingTitles(graphql: BuildArgs["graphql"], pages: readonly PageNode[]): Promise<Map<string, string>> {
  const { data, errors } = await graphql<TitlesQuery>(`
    {
      allSiteSettings {
        nodes {
          locale
          tagline
        }
      }
      allCaseStudiesPage {
        nodes {
          locale
          title
          description
          browse {
            industryTitle
            industryDescription
            pageOf
          }
        }
      }
      allDemoPage {
        nodes {
          locale
          title
        }
      }
      allLegalPage {
        nodes {
          locale
          fileName
          title
        }
      }
      allCaseStudy {
        nodes {
          locale
          slug
          title
        }
      }
    }
  `)
  if (!data || errors) throw new Error(`Sharing images: the page titles could not be read: ${JSON.stringify(errors)}`)
  const at = (route: string, { locale }: { locale: Locale }) => localePath(route, locale)
  return new Map([
    ...data.allSiteSettings.nodes.map((node): [string, string] => [at(HOME_PATH, node), node.tagline]),
    ...pages.flatMap(({ path: pagePath, context }): Array<[string, string]> => {
      const copy = data.allCaseStudiesPage.nodes.find((node) => node.locale === context?.locale)
      return context?.listing && copy ? [[pagePath, caseListNames(copy, context.listing).title]] : []
    }),
    ...data.allDemoPage.nodes.map((node): [string, string] => [at(BOOK_DEMO_PATH, node), node.title]),
    ...data.allLegalPage.nodes.map((node): [string, string] => [at(legalPagePath(node.fileName), node), node.title]),
    ...data.allCaseStudy.nodes.map((node): [string, string] => [at(caseStudyPath(node.slug), node), node.title]),
  ])
}

/** Each prerendered page's path, to its sharing image's title; stops the build for a page without one. */
export async function pageTitles({ getNodesByType, graphql, reporter }: BuildArgs): Promise<Map<string, string>> {
  const pages = (getNodesByType("SitePage") as unknown as PageNode[]).filter(
    (page) => !page.matchPath && !page.context?.notFound && !page.path.startsWith("/dev-404"),
  )
  const titles = await sharingTitles(graphql, pages)
  return new Map(
    pages.map((page) => {
      const title = titles.get(page.path)
      // A page added without a title here would share the home page's image: stop instead.
      if (!title) reporter.panic(`gatsby/sharing-titles.ts: no sharing title for ${page.path}; add where it comes from`)
      return [page.path, title!]
    }),
  )
}
