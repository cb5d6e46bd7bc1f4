import { createHash } from "node:crypto"
import fs from "node:fs"
import os from "node:os"
import path from "node:path"
import { SOCIAL_IMAGE_DIR, socialImagePath } from "../../src/seo/social-image"
import { socialImagePng, socialImageSvg } from "../brand-art"
import type { BuiltSite } from "./built-site"
import { FileMemo, memoFile, stepVersion } from "./file-memo"

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

/**
 * Draws a 1200 x 630 sharing image for every prerendered page, named by socialImagePath: `titles`
 * holds each page's path and the title its image shows (gatsby/sharing-titles.ts).
 */
export async function drawSocialImages(
  { publicDir, cacheDir, log }: BuiltSite,
  titles: ReadonlyMap<string, string>,
  siteUrl: string,
): Promise<void> {
  const images = new Map([...titles].map(([page, title]) => [path.join(publicDir, socialImagePath(page)), title]))
  const memo = new FileMemo(memoFile(cacheDir, SOCIAL_IMAGE_DIR), stepVersion(siteUrl))
  const draw = (title: string) => socialImageSvg(title, siteUrl)
  const started = performance.now()
  const drawn = await writeSocialImages(images, draw, path.join(cacheDir, SOCIAL_IMAGE_DIR), memo)
  // public/ is kept from the last build: an image of a page that is gone (a study taken down) goes too.
  const outDir = path.join(publicDir, SOCIAL_IMAGE_DIR)
  const stale = fs.readdirSync(outDir).filter((name) => !images.has(path.join(outDir, name)))
  for (const name of stale) fs.rmSync(path.join(outDir, name))
  log.info(
    `Sharing images: ${titles.size} in public/${SOCIAL_IMAGE_DIR}/, ${drawn} drawn, ${titles.size - drawn} unchanged since the last build, ${stale.length} of pages gone removed; ${((performance.now() - started) / 1000).toFixed(1)} s`,
  )
}
