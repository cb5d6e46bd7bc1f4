/**
 * The build's steps after Gatsby has written the pages (gatsby-node.ts onPostBuild), in their order,
 * each on what changed since the last build (file-memo.ts keeps what each step left):
 *
 * 1. the sharing images, one per page, from the content's titles (social-images.ts);
 * 2. the Apple touch icon and /.well-known/security.txt (touch-icon.ts, security-txt.ts);
 * 3. each page finished: its bundles deferred past the first paint (hydrate-after-paint.ts), then its
 *    own Content-Security-Policy, hashing its inline code as it is served (page-policy.ts);
 * 4. the hosting policy read from the finished pages, written for a CDN (hosting-files.ts);
 * 5. what the release will serve, page by page (changed-pages.ts): the next publish compares with it;
 * 6. once every file of public/ is final, the compressed copies nginx sends (compression.ts);
 * 7. last, the folders of pages that are gone, emptied by Gatsby and by the copies' cleanup
 *    (built-pages.ts).
 *
 * What Gatsby does not promise about its output is read through ../internals.ts.
 */
import type { BuildArgs } from "gatsby"
import { publicDirectory } from "../internals"
import { removeEmptyFolders } from "./built-pages"
import { writeReleasePages } from "./changed-pages"
import { writePrecompressedCopies } from "./compression"
import { finishBuiltPages } from "./finish-pages"
import { writeHostingFiles } from "./hosting-files"
import { writeSecurityTxt } from "./security-txt"
import { drawSocialImages } from "./social-images"
import { writeTouchIcon } from "./touch-icon"

export async function runPostBuild(args: BuildArgs): Promise<void> {
  await drawSocialImages(args)
  await writeTouchIcon(args)
  writeSecurityTxt(args)
  finishBuiltPages(args)
  writeHostingFiles(args)
  writeReleasePages(publicDirectory(args.store))
  await writePrecompressedCopies(args)
  removeEmptyFolders(publicDirectory(args.store))
}
