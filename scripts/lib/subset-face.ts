import subsetFont from "subset-font"
import path from "node:path"
import { FACE_RANGES, SUBSET_FEATURES, subsetText } from "../../src/styles/font-subset"
import { withCodePointAlias } from "./code-point-alias"

/** @fontsource's latin files the site's faces come from (paths under node_modules/). */
export const FONT_SOURCES = [
  "@fontsource/cormorant-garamond/files/cormorant-garamond-latin-400-normal.woff2",
  "@fontsource/inter/files/inter-latin-400-normal.woff2",
  "@fontsource/inter/files/inter-latin-600-normal.woff2",
] as const

/** U+202F, set by French typography, drawn with the face's thin space (code-point-alias.ts). */
const NARROW_NO_BREAK_SPACE = 0x202f
const THIN_SPACE = 0x2009

/**
 * The face's subset: first as TrueType, given the narrow no-break space its thin space's glyph, then
 * subset again into woff2. The same bytes for the same input: harfbuzz's subsetter and woff2
 * compression are deterministic.
 */
export async function subsetFace(source: (typeof FONT_SOURCES)[number], font: Buffer): Promise<Buffer> {
  const ranges = FACE_RANGES[path.basename(source)]
  if (!ranges) throw new Error(`${source}: no subset in src/styles/font-subset.ts`)
  const options = { keepFeatures: [...SUBSET_FEATURES] }
  const text = subsetText(ranges)
  const truetype = await subsetFont(font, `${text}${String.fromCodePoint(THIN_SPACE)}`, {
    ...options,
    targetFormat: "truetype",
  })
  const complete = withCodePointAlias(truetype, NARROW_NO_BREAK_SPACE, THIN_SPACE)
  return subsetFont(Buffer.from(complete), text, { ...options, targetFormat: "woff2" })
}
