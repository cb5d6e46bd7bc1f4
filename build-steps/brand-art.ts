/**
 * Brand artwork drawn at build time without a network or system fonts: text is set in the site's
 * own faces (read from @fontsource's woff files) as SVG paths, then rasterised with sharp.
 */
import fs from "node:fs"
import path from "node:path"
import opentype from "opentype.js"
import sharp from "sharp"
import { theme } from "../src/styles/theme"
import { SOCIAL_IMAGE_SIZE } from "../src/seo/social-image"

const FONT_FILES = {
  display: "@fontsource/cormorant-garamond/files/cormorant-garamond-latin-400-normal.woff",
  label: "@fontsource/inter/files/inter-latin-600-normal.woff",
} as const

const fonts = new Map<keyof typeof FONT_FILES, opentype.Font>()

function font(name: keyof typeof FONT_FILES): opentype.Font {
  let loaded = fonts.get(name)
  if (!loaded) {
    // Resolved from the project root: gatsby-node runs bundled, where require.resolve cannot see packages.
    const bytes = fs.readFileSync(path.resolve(process.cwd(), "node_modules", FONT_FILES[name]))
    loaded = opentype.parse(bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.byteLength))
    fonts.set(name, loaded)
  }
  return loaded
}

/** SVG path data of one line of text, its left edge at x and baseline at y; tracking spaces the letters. */
function textPath(face: opentype.Font, text: string, x: number, y: number, size: number, tracking = 0): string {
  if (tracking === 0) return face.getPath(text, x, y, size).toPathData(2)
  let cursor = x
  return Array.from(text)
    .map((character) => {
      const data = face.getPath(character, cursor, y, size).toPathData(2)
      cursor += face.getAdvanceWidth(character, size) + tracking
      return data
    })
    .join(" ")
}

/** A word wider than the line, in pieces that each fit. */
function breakWord(face: opentype.Font, word: string, size: number, maxWidth: number): string[] {
  const pieces = [""]
  for (const character of word) {
    const last = pieces[pieces.length - 1]
    if (last && face.getAdvanceWidth(last + character, size) > maxWidth) pieces.push(character)
    else pieces[pieces.length - 1] = last + character
  }
  return pieces
}

/** Greedy line breaking by measured width. */
function wrap(face: opentype.Font, text: string, size: number, maxWidth: number): string[] {
  const words = text.split(/\s+/).flatMap((word) => breakWord(face, word, size, maxWidth))
  return words.reduce<string[]>((lines, word) => {
    const last = lines[lines.length - 1]
    if (last !== undefined && face.getAdvanceWidth(`${last} ${word}`, size) <= maxWidth) {
      lines[lines.length - 1] = `${last} ${word}`
    } else {
      lines.push(word)
    }
    return lines
  }, [])
}

const ELLIPSIS = "…"

/** The last line of a cut title: as many of its words as fit with an ellipsis after them. */
function endWithEllipsis(face: opentype.Font, line: string, size: number, maxWidth: number): string {
  const words = line.split(" ")
  while (words.length > 1 && face.getAdvanceWidth(`${words.join(" ")}${ELLIPSIS}`, size) > maxWidth) words.pop()
  let last = words.join(" ").replace(/[\s,;:.–—-]+$/, "")
  // One word too long for the line on its own: cut it by letters.
  while (last.length > 1 && face.getAdvanceWidth(`${last}${ELLIPSIS}`, size) > maxWidth) last = last.slice(0, -1)
  return `${last}${ELLIPSIS}`
}

/**
 * The largest size, from `sizes`, at which the title fits in `maxLines` lines; a title too long even
 * at the smallest size keeps its first lines and ends with an ellipsis, so a cut is never silent.
 */
export function fitTitle(title: string, maxWidth: number, sizes: readonly number[], maxLines: number) {
  const face = font("display")
  for (const size of sizes) {
    const lines = wrap(face, title, size, maxWidth)
    if (lines.length <= maxLines) return { size, lines }
  }
  const size = sizes[sizes.length - 1]
  const lines = wrap(face, title, size, maxWidth).slice(0, maxLines)
  lines[maxLines - 1] = endWithEllipsis(face, lines[maxLines - 1], size, maxWidth)
  return { size, lines }
}

/** Sizes and lines of the sharing image's title. */
export const SOCIAL_TITLE = { sizes: [84, 72, 64, 56], maxLines: 3, margin: 96 } as const
export const socialTitleWidth = (): number => SOCIAL_IMAGE_SIZE.width - 2 * SOCIAL_TITLE.margin
export const lineWidth = (line: string, size: number): number => font("display").getAdvanceWidth(line, size)

const { color } = theme

/** The brand line and the site's address, the same on every image: set once a build, not once an image. */
const labelPaths = new Map<string, string>()
const labelPath = (text: string, x: number, y: number, size: number, tracking: number) => {
  const key = JSON.stringify([text, x, y, size, tracking])
  if (!labelPaths.has(key)) labelPaths.set(key, textPath(font("label"), text, x, y, size, tracking))
  return labelPaths.get(key)!
}

/**
 * A 1200 x 630 sharing image, as the SVG drawing it is made from: brand line, page title (set as
 * paths in the display face), site address, on ink with a gold rule. Everything the image shows is in
 * this text, so equal drawings make equal images.
 */
export function socialImageSvg(title: string, siteUrl: string): string {
  const { width, height } = SOCIAL_IMAGE_SIZE
  const { margin } = SOCIAL_TITLE
  const { size, lines } = fitTitle(title, socialTitleWidth(), SOCIAL_TITLE.sizes, SOCIAL_TITLE.maxLines)
  const lineHeight = size * 1.12
  const titleTop = height / 2 - ((lines.length - 1) * lineHeight) / 2 + size * 0.3
  const titlePaths = lines.map((line, index) =>
    textPath(font("display"), line, margin, titleTop + index * lineHeight, size),
  )
  const host = new URL(siteUrl).host
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}">
    <defs>
      <radialGradient id="glow" cx="0.85" cy="0.1" r="0.8">
        <stop offset="0" stop-color="${color.gold}" stop-opacity="0.22"/>
        <stop offset="1" stop-color="${color.gold}" stop-opacity="0"/>
      </radialGradient>
    </defs>
    <rect width="100%" height="100%" fill="${color.ink}"/>
    <rect width="100%" height="100%" fill="url(#glow)"/>
    <rect x="32" y="32" width="${width - 64}" height="${height - 64}" fill="none" stroke="${color.gold}" stroke-opacity="0.35"/>
    <path d="${labelPath("AURELLE INTELLIGENCE", margin, 132, 22, 4.5)}" fill="${color.goldLight}"/>
    <path d="${titlePaths.join(" ")}" fill="${color.ivory}"/>
    <line x1="${margin}" y1="${height - 150}" x2="${margin + 96}" y2="${height - 150}" stroke="${color.gold}" stroke-width="2"/>
    <path d="${labelPath(host.toUpperCase(), margin, height - 104, 18, 3.5)}" fill="${color.mutedOnDark}"/>
  </svg>`
  return svg
}

/** A drawing (socialImageSvg) as the PNG the page shares: the costly part, done once per drawing. */
export const socialImagePng = (svg: string): Promise<Buffer> =>
  // zlib's level 6, not 9: 40 % less time a drawing (1,176 of them when a cold build draws them all at
  // 500 studies), for 15 % more bytes in an image only the sharing services' crawlers fetch.
  sharp(Buffer.from(svg)).png({ compressionLevel: 6 }).toBuffer()

/** The square brand mark: a serif A within a gold ring on ink. */
export async function brandIcon(pixels = 512): Promise<Buffer> {
  const face = font("display")
  const size = 300
  const letterWidth = face.getAdvanceWidth("A", size)
  const letter = textPath(face, "A", (512 - letterWidth) / 2, 352, size)
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="512" height="512" viewBox="0 0 512 512">
    <rect width="512" height="512" fill="${color.ink}"/>
    <circle cx="256" cy="256" r="196" fill="none" stroke="${color.gold}" stroke-width="6"/>
    <path d="${letter}" fill="${color.goldLight}"/>
  </svg>`
  return sharp(Buffer.from(svg)).resize(pixels, pixels).png({ compressionLevel: 9 }).toBuffer()
}
