import type { GatsbyNode } from "gatsby"
import path from "node:path"
import { DEFAULT_LOCALE, LOCALES } from "../model/locales"
import { caseStudyPath, localePath } from "../model/routes"

const caseStudyTemplate = path.resolve(__dirname, "../src/templates/case-study.tsx")

interface CaseSlugsResult {
  allCaseStudy: { nodes: { slug: string }[] }
}

/**
 * One prerendered page per case study file and language; unknown slugs fall to
 * src/pages/case-studies/[...].tsx.
 */
export const createPages: GatsbyNode["createPages"] = async ({ graphql, actions, reporter }) => {
  const result = await graphql<CaseSlugsResult>(
    `
      query CaseStudySlugs($locale: String!) {
        allCaseStudy(filter: { locale: { eq: $locale } }) {
          nodes {
            slug
          }
        }
      }
    `,
    { locale: DEFAULT_LOCALE },
  )
  if (result.errors || !result.data) {
    reporter.panicOnBuild("Could not load the case study slugs", result.errors)
    return
  }
  for (const { slug } of result.data.allCaseStudy.nodes) {
    for (const locale of LOCALES) {
      actions.createPage({
        path: localePath(caseStudyPath(slug), locale),
        component: caseStudyTemplate,
        context: { slug, locale, route: caseStudyPath(slug) },
      })
    }
  }
}
