import type { BuildArgs } from "gatsby"
import fs from "node:fs"
import path from "node:path"
import { BOOK_DEMO_PATH, CASE_STUDIES_PATH, HOME_PATH, caseStudyPath } from "../model/routes"
import { SOCIAL_IMAGE_DIR, socialImagePath } from "../src/seo/social-image"
import { socialImage } from "./brand-art"

interface PageNode {
  path: string
  matchPath?: string
}

interface TitlesQuery {
  siteSettings: { tagline: string }
  caseStudiesPage: { title: string }
  demoPage: { title: string }
  allLegalPage: { nodes: Array<{ fileName: string; title: string }> }
  allCaseStudy: { nodes: Array<{ slug: string; title: string }> }
}

/**
 * The title each prerendered page's sharing image shows, from the content the page is built from:
 * home shows the tagline beside the brand, every other page its own title.
 */
async function sharingTitles(graphql: BuildArgs["graphql"]): Promise<Map<string, string>> {
  const { data, errors } = await graphql<TitlesQuery>(`
    {
      siteSettings {
        tagline
      }
      caseStudiesPage {
        title
      }
      demoPage {
        title
      }
      allLegalPage {
        nodes {
          fileName
          title
        }
      }
      allCaseStudy {
        nodes {
          slug
          title
        }
      }
    }
  `)
  if (!data || errors) throw new Error(`Sharing images: the page titles could not be read: ${JSON.stringify(errors)}`)
  return new Map([
    [HOME_PATH, data.siteSettings.tagline],
    [CASE_STUDIES_PATH, data.caseStudiesPage.title],
    [BOOK_DEMO_PATH, data.demoPage.title],
    ...data.allLegalPage.nodes.map((page): [string, string] => [`/${page.fileName}/`, page.title]),
    ...data.allCaseStudy.nodes.map((study): [string, string] => [caseStudyPath(study.slug), study.title]),
  ])
}

/** Draws a 1200 x 630 sharing image for every prerendered page, named by socialImagePath. */
export async function drawSocialImages({ getNodesByType, graphql, store, reporter }: BuildArgs): Promise<void> {
  const { program, config } = store.getState() as {
    program: { directory: string }
    config: { siteMetadata: { siteUrl: string } }
  }
  const publicDir = path.join(program.directory, "public")
  const pages = (getNodesByType("SitePage") as unknown as PageNode[]).filter(
    (page) => !page.matchPath && !page.path.startsWith("/404") && !page.path.startsWith("/dev-404"),
  )
  const titles = await sharingTitles(graphql)
  fs.mkdirSync(path.join(publicDir, SOCIAL_IMAGE_DIR), { recursive: true })
  for (const page of pages) {
    const title = titles.get(page.path)
    // A page added without a title here would share the home page's image: stop instead.
    if (!title) reporter.panic(`gatsby/social-images.ts: no sharing title for ${page.path}; add where it comes from`)
    const image = await socialImage(title!, config.siteMetadata.siteUrl)
    fs.writeFileSync(path.join(publicDir, socialImagePath(page.path)), image)
  }
  reporter.info(`Drew ${pages.length} sharing images into public/${SOCIAL_IMAGE_DIR}/`)
}
