import type { GatsbyNode } from "gatsby"
import fs from "node:fs"
import path from "node:path"
import { DEFAULT_LOCALE, LOCALES, type Locale } from "../model/locales"
import {
  CASE_SEARCH_INDEX,
  UNKNOWN_CASE_FILE,
  UNKNOWN_CASE_ROUTE,
  caseStudyPath,
  legalPagePath,
  localePath,
} from "../model/routes"
import type { NotFoundContext, PageLanguages } from "../src/i18n/locale"
import { type ListedStudy, caseListings, industryKey } from "../model/case-listings"
import { type IndexedCase, searchText } from "../src/components/case-study/case-filter"
import { publicDirectory } from "../build-steps/gatsby-internals"

const caseStudyTemplate = path.resolve(__dirname, "../src/templates/case-study.tsx")
const caseListTemplate = path.resolve(__dirname, "../src/templates/case-list.tsx")
const legalPageTemplate = path.resolve(__dirname, "../src/templates/legal-page.tsx")
const notFoundPage = path.resolve(__dirname, "../src/pages/404.tsx")

/**
 * A study's card, as the list shows it and its search index holds it: the CaseCard fragment of
 * src/components/case-study/case-card.tsx (a page query's fragment, which this query cannot spread).
 */
type StudyCard = Queries.CaseCardFragment

interface CaseStudiesResult {
  allCaseStudy: { nodes: Array<StudyCard & { locale: Locale; order: number }> }
  allLegalPage: { nodes: Array<{ locale: Locale; fileName: string }> }
}

/**
 * A language's search index (model/case-listings.ts, CASE_SEARCH_INDEX): every study's card in the
 * site's order, each with the text it is found by, normalised here once (searchText), so the list's
 * search covers every study while each page of the list carries only its own, and the browser has
 * nothing to prepare before it searches. Fetched only when a visitor searches a list that does not
 * fit one page.
 */
export function writeSearchIndex(publicDir: string, locale: Locale, cards: readonly StudyCard[]): void {
  const file = path.join(publicDir, localePath(CASE_SEARCH_INDEX, locale))
  fs.mkdirSync(path.dirname(file), { recursive: true })
  const index: Array<IndexedCase<StudyCard>> = cards.map((card) => ({ ...card, searchText: searchText(card) }))
  const text = JSON.stringify(index)
  if (!fs.existsSync(file) || fs.readFileSync(file, "utf8") !== text) fs.writeFileSync(file, text)
}

/**
 * One prerendered page per case study file and language; the file hosts answer unknown slugs with in
 * each language (the not-found page, which shows the unknown-case screen there); the case list's
 * pages in each language: one while every study fits it, else the list's pages and each industry's
 * (model/case-listings.ts), with their search index; and each legal page in each language, at its
 * file's name (model/routes.ts, legalPagePath).
 */
export const createPages: GatsbyNode["createPages"] = async ({ graphql, actions, reporter, store }) => {
  const result = await graphql<CaseStudiesResult>(`
    query CaseStudiesToPage {
      allCaseStudy(sort: { order: ASC }) {
        nodes {
          locale
          order
          slug
          title
          industry
          icon
          summary {
            description
            problem
            solution
          }
        }
      }
      allLegalPage(sort: { fileName: ASC }) {
        nodes {
          locale
          fileName
        }
      }
    }
  `)
  if (result.errors || !result.data) {
    reporter.panicOnBuild("Could not load the case studies", result.errors)
    return
  }
  const studies = result.data.allCaseStudy.nodes
  // An industry's address is its English name's, the same in every language.
  const keys = new Map(
    studies
      .filter((study) => study.locale === DEFAULT_LOCALE)
      .map((study) => [study.slug, industryKey(study.industry)]),
  )
  // Every page in each language, by its route, to tell a page that is not in every language.
  const pages: Array<{ locale: Locale; route: string; component: string; context: Record<string, unknown> }> = []
  for (const locale of LOCALES) {
    const here = studies.filter((study) => study.locale === locale)
    const notFound: NotFoundContext = { notFound: true }
    actions.createPage({
      path: localePath(UNKNOWN_CASE_FILE, locale),
      component: notFoundPage,
      context: { locale, route: UNKNOWN_CASE_ROUTE, ...notFound },
    })
    for (const { slug } of here) {
      const route = caseStudyPath(slug)
      pages.push({ locale, route, component: caseStudyTemplate, context: { slug, locale, route } })
    }
    const listed: ListedStudy[] = here.map(({ slug, order, industry }) => ({
      slug,
      order,
      industry,
      industryKey: keys.get(slug)!,
    }))
    for (const { slugs, ...listing } of caseListings(listed)) {
      const { route } = listing
      pages.push({ locale, route, component: caseListTemplate, context: { locale, route, slugs, listing } })
    }
    for (const { fileName } of result.data.allLegalPage.nodes.filter((page) => page.locale === locale)) {
      const route = legalPagePath(fileName)
      pages.push({ locale, route, component: legalPageTemplate, context: { fileName } })
    }
    writeSearchIndex(
      publicDirectory(store),
      locale,
      here.map(({ slug, title, industry, icon, summary }) => ({ slug, title, industry, icon, summary })),
    )
  }
  // A study published in English first, or a page of the list one language has more of: its context
  // names the languages it is in, for its language switch, hreflang and the sitemap (src/i18n/locale.tsx).
  const languagesOf = new Map<string, Locale[]>()
  for (const { route, locale } of pages) languagesOf.set(route, [...(languagesOf.get(route) ?? []), locale])
  for (const { locale, route, component, context } of pages) {
    const languages = languagesOf.get(route)!
    const inSome: PageLanguages = languages.length < LOCALES.length ? { languages } : {}
    actions.createPage({
      path: localePath(route, locale),
      component,
      context: { ...context, locale, route, ...inSome },
    })
  }
}
