/**
 * The build's last word on each page (gatsby-node onPostBuild): its bundles deferred past the first
 * paint (hydrate-after-paint.ts), then its own Content-Security-Policy written in
 * (build-steps/post-build/page-policy.ts), for the pages not finished yet. A page Gatsby kept from the last
 * build, and did not render again, still holds what this step left in it: its bytes are those the
 * step recorded (file-memo.ts), and it is skipped. The record is of the inline code Gatsby's slices
 * carry (the policies allow it) and of the steps' code: when either changes, every page is finished again.
 */
import fs from "node:fs"
import path from "node:path"
import { builtPages } from "./built-pages"
import { contentHash, filesUnder } from "../../lib/files"
import { FileMemo, memoFile, stepVersion } from "./file-memo"
import { deferPages } from "./hydrate-after-paint"
import { writePagePolicies } from "./page-policy"
import { SLICES_DIR } from "../gatsby-internals"
import type { BuiltSite } from "./built-site"

/** Finishes the pages of `publicDir` whose bytes are not what `memo` recorded; returns them (relative paths). */
export function finishPages(publicDir: string, memo: FileMemo): string[] {
  const pages = builtPages(publicDir).map((file) => path.relative(publicDir, file))
  const unfinished = pages.filter(
    (page) => memo.unchanged(page, fs.readFileSync(path.join(publicDir, page))) === undefined,
  )
  deferPages(publicDir, unfinished)
  writePagePolicies(publicDir, unfinished)
  for (const page of unfinished) memo.record(page, fs.readFileSync(path.join(publicDir, page)))
  memo.save()
  return unfinished
}

/** The version of the finished pages: the slices' code and the steps' own. */
function pagesVersion(publicDir: string): string {
  const slices = path.join(publicDir, SLICES_DIR)
  // The slices' HTML, as Gatsby wrote it (its compressed copies come later, and go with it).
  const files = fs.existsSync(slices)
    ? filesUnder(slices)
        .filter((file) => file.endsWith(".html"))
        .sort()
    : []
  return stepVersion(...files.map((file) => `${path.relative(publicDir, file)} ${contentHash(fs.readFileSync(file))}`))
}

export function finishBuiltPages({ publicDir, cacheDir, log }: BuiltSite): void {
  const started = performance.now()
  const memo = new FileMemo(memoFile(cacheDir, "pages"), pagesVersion(publicDir))
  const finished = finishPages(publicDir, memo)
  log.info(
    `Finished ${finished.length} pages (bundles deferred past the first paint, each its own Content-Security-Policy); ${memo.counts.unchanged} unchanged since the last build; ${((performance.now() - started) / 1000).toFixed(1)} s`,
  )
}
