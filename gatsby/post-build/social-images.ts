import type { BuildArgs } from "gatsby"
import { createHash } from "node:crypto"
import fs from "node:fs"
import os from "node:os"
import path from "node:path"
import type { Locale } from "../../model/locales"
import { BOOK_DEMO_PATH, HOME_PATH, caseStudyPath, localePath } from "../../model/routes"
import { type CaseListCopy, caseListNames } from "../../src/seo/case-list-title"
import type { CaseListContext } from "../../src/templates/case-list"
import type { NotFoundContext } from "../../src/i18n/locale"
import { SOCIAL_IMAGE_DIR, socialImagePath } from "../../src/seo/social-image"
import { socialImagePng, socialImageSvg } from "../brand-art"
import { FileMemo, memoFile, stepVersion } from "./file-memo"
import { publicDirectory } from "../internals"
import { readSiteSettings } from "../../lib/site-settings"
import { CONTENT_DIR } from "../paths"

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
    ...data.allLegalPage.nodes.map((node): [string, string] => [at(`/${node.fileName}/`, node), node.title]),
    ...data.allCaseStudy.nodes.map((node): [string, string] => [at(caseStudyPath(node.slug), node), node.title]),
  ])
}

/**
 * The sharing images of `titles` (file in public/ -> the title it shows), each drawn by `draw` (its
 * SVG) and made once: an image is kept in `cacheDir` under its drawing's hash and copied from there
 * while the drawing is the same, so a build redraws only the pages whose image changed (rendering
 * the PNG is what takes time, 30-45 ms each here). With `memo`, a page whose image is in place for
 * the same title is left as it is, not even drawn as SVG again (6-12 ms each: 1,176 at 500 studies).
 * Images no page uses any more are removed from the cache. Returns how many were drawn.
 */
export async function writeSocialImages(
  titles: ReadonlyMap<string, string>,
  draw: (title: string) => string,
  cacheDir: string,
  memo?: FileMemo,
): Promise<number> {
  fs.mkdirSync(cacheDir, { recursive: true })
  const used = new Set<string>()
  const queue = [...titles]
  let drawn = 0
  // Twice as many at once as the machine has cores: sharp renders each on a thread of its own, while
  // this thread sets the next titles.
  const worker = async () => {
    for (let next = queue.shift(); next; next = queue.shift()) {
      const [file, title] = next
      // The memo knows each image by its title, and the cached image it was copied from.
      const kept = fs.existsSync(file) ? memo?.unchanged(file, title) : undefined
      if (kept && fs.existsSync(path.join(cacheDir, kept))) {
        used.add(kept)
        continue
      }
      const svg = draw(title)
      const name = `${createHash("sha256").update(svg).digest("hex")}.png`
      const cached = path.join(cacheDir, name)
      used.add(name)
      if (!fs.existsSync(cached)) {
        // Written whole, then renamed: a build stopped half-way leaves no broken image to reuse.
        fs.writeFileSync(`${cached}.part`, await socialImagePng(svg))
        fs.renameSync(`${cached}.part`, cached)
        drawn += 1
      }
      fs.mkdirSync(path.dirname(file), { recursive: true })
      fs.copyFileSync(cached, file)
      memo?.record(file, title, name)
    }
  }
  await Promise.all(Array.from({ length: 2 * os.availableParallelism() }, worker))
  memo?.save()
  for (const name of fs.readdirSync(cacheDir)) {
    if (!used.has(name)) fs.rmSync(path.join(cacheDir, name))
  }
  return drawn
}

/** Draws a 1200 x 630 sharing image for every prerendered page, named by socialImagePath. */
export async function drawSocialImages({ getNodesByType, graphql, store, reporter, cache }: BuildArgs): Promise<void> {
  const publicDir = publicDirectory(store)
  const pages = (getNodesByType("SitePage") as unknown as PageNode[]).filter(
    (page) => !page.matchPath && !page.context?.notFound && !page.path.startsWith("/dev-404"),
  )
  const titles = await sharingTitles(graphql, pages)
  const images = new Map<string, string>()
  for (const page of pages) {
    const title = titles.get(page.path)
    // A page added without a title here would share the home page's image: stop instead.
    if (!title)
      reporter.panic(`gatsby/post-build/social-images.ts: no sharing title for ${page.path}; add where it comes from`)
    images.set(path.join(publicDir, socialImagePath(page.path)), title!)
  }
  const { siteUrl } = readSiteSettings(CONTENT_DIR)
  const memo = new FileMemo(memoFile(cache.directory, SOCIAL_IMAGE_DIR), stepVersion(siteUrl))
  const draw = (title: string) => socialImageSvg(title, siteUrl)
  const started = performance.now()
  const drawn = await writeSocialImages(images, draw, path.join(cache.directory, SOCIAL_IMAGE_DIR), memo)
  // public/ is kept from the last build: an image of a page that is gone (a study taken down) goes too.
  const outDir = path.join(publicDir, SOCIAL_IMAGE_DIR)
  const stale = fs.readdirSync(outDir).filter((name) => !images.has(path.join(outDir, name)))
  for (const name of stale) fs.rmSync(path.join(outDir, name))
  reporter.info(
    `Sharing images: ${pages.length} in public/${SOCIAL_IMAGE_DIR}/, ${drawn} drawn, ${pages.length - drawn} unchanged since the last build, ${stale.length} of pages gone removed; ${((performance.now() - started) / 1000).toFixed(1)} s`,
  )
}
