/**
 * The build's steps after Gatsby has written the pages (gatsby-node.ts onPostBuild), in their order,
 * each on what changed since the last build (build-steps/post-build/file-memo.ts keeps what each step left):
 *
 * 1. the sharing images, one per page, from the content's titles (social-images.ts);
 * 2. the Apple touch icon, /.well-known/security.txt and the admin's answer of the translations to
 *    check (touch-icon.ts, security-txt.ts, translations-answer.ts);
 * 3. each page finished: its bundles deferred past the first paint, then its own
 *    Content-Security-Policy, hashing its inline code as it is served (finish-pages.ts);
 * 4. the hosting policy read from the finished pages, written for a CDN (hosting-files.ts);
 * 5. what the release will serve, page by page (changed-pages.ts): the next publish compares with it;
 * 6. once every file of public/ is final, the compressed copies nginx sends (compression.ts);
 * 7. last, the folders of pages that are gone, emptied by Gatsby and by the copies' cleanup
 *    (built-pages.ts).
 *
 * The steps live in build-steps/post-build/ and know nothing of Gatsby: this is where its arguments become
 * theirs.
 */
import type { BuildArgs } from "gatsby"
import type { BuildContext } from "../build-steps/context"
import { projectDirectory, publicDirectory } from "../build-steps/gatsby-internals"
import type { BuiltSite } from "../build-steps/post-build/built-site"
import { removeEmptyFolders } from "../build-steps/post-build/built-pages"
import { writeReleasePages } from "../build-steps/post-build/changed-pages"
import { writePrecompressedCopies } from "../build-steps/post-build/compression"
import { finishBuiltPages } from "../build-steps/post-build/finish-pages"
import { writeHostingFiles } from "../build-steps/post-build/hosting-files"
import { writeSecurityTxt } from "../build-steps/post-build/security-txt"
import { drawSocialImages } from "../build-steps/post-build/social-images"
import { writeTouchIcon } from "../build-steps/post-build/touch-icon"
import { writeTranslationsAnswer } from "../build-steps/post-build/translations-answer"
import { readSiteSettings } from "../lib/site-settings"
import { pageTitles } from "./sharing-titles"

export async function runPostBuild(args: BuildArgs, context: BuildContext): Promise<void> {
  const { store, cache, reporter } = args
  const site: BuiltSite = {
    projectDir: projectDirectory(store),
    publicDir: publicDirectory(store),
    cacheDir: cache.directory,
    log: { info: (text) => reporter.info(text), warn: (text) => reporter.warn(text) },
  }
  await drawSocialImages(site, await pageTitles(args), readSiteSettings(context.content.root).siteUrl)
  await writeTouchIcon(site)
  writeSecurityTxt(site, context)
  writeTranslationsAnswer(site, context)
  finishBuiltPages(site)
  writeHostingFiles(site, context)
  writeReleasePages(site.publicDir)
  await writePrecompressedCopies(site)
  removeEmptyFolders(site.publicDir)
}
