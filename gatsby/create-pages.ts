import type { GatsbyNode } from "gatsby"
import path from "node:path"
import { caseStudyPath } from "../model/routes"

const caseStudyTemplate = path.resolve(__dirname, "../src/templates/case-study.tsx")

interface CaseSlugsResult {
  allCaseStudy: { nodes: { slug: string }[] }
}

/** One prerendered page per case study file; unknown slugs fall to src/pages/case-studies/[...].tsx. */
export const createPages: GatsbyNode["createPages"] = async ({ graphql, actions, reporter }) => {
  const result = await graphql<CaseSlugsResult>(`
    query CaseStudySlugs {
      allCaseStudy {
        nodes {
          slug
        }
      }
    }
  `)
  if (result.errors || !result.data) {
    reporter.panicOnBuild("Could not load the case study slugs", result.errors)
    return
  }
  for (const { slug } of result.data.allCaseStudy.nodes) {
    actions.createPage({ path: caseStudyPath(slug), component: caseStudyTemplate, context: { slug } })
  }
}
