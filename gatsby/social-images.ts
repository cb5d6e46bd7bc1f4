import type { BuildArgs } from "gatsby"
import fs from "node:fs"
import path from "node:path"
import { SOCIAL_IMAGE_DIR, socialImagePath } from "../src/seo/social-image"
import { socialImage } from "./brand-art"

interface PageNode {
  path: string
  matchPath?: string
}

const decodeEntities = (text: string) =>
  text
    .replace(/&amp;/g, "&")
    .replace(/&#x27;|&#39;/g, "'")
    .replace(/&quot;/g, '"')
    .replace(/&lt;/g, "<")
    .replace(/&gt;/g, ">")

/** The page's own title, read back from its built HTML, without the brand suffix. */
function pageTitle(html: string, brand: string): string {
  const title = decodeEntities(/<title[^>]*>([^<]*)<\/title>/.exec(html)?.[1] ?? brand)
  const parts = title.split(" | ")
  return parts[0] === brand ? parts.slice(1).join(" | ") || brand : parts[0]
}

/** Draws a 1200 x 630 sharing image for every prerendered page, named by socialImagePath. */
export async function drawSocialImages({ getNodesByType, store, reporter }: BuildArgs): Promise<void> {
  const { program, config } = store.getState() as {
    program: { directory: string }
    config: { siteMetadata: { title: string; siteUrl: string } }
  }
  const publicDir = path.join(program.directory, "public")
  const pages = (getNodesByType("SitePage") as unknown as PageNode[]).filter(
    (page) => !page.matchPath && !page.path.startsWith("/404") && !page.path.startsWith("/dev-404"),
  )
  fs.mkdirSync(path.join(publicDir, SOCIAL_IMAGE_DIR), { recursive: true })
  for (const page of pages) {
    const html = fs.readFileSync(path.join(publicDir, page.path, "index.html"), "utf8")
    const image = await socialImage(pageTitle(html, config.siteMetadata.title), config.siteMetadata.siteUrl)
    fs.writeFileSync(path.join(publicDir, socialImagePath(page.path)), image)
  }
  reporter.info(`Drew ${pages.length} sharing images into public/${SOCIAL_IMAGE_DIR}/`)
}
