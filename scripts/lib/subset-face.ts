import subsetFont from "subset-font"
import path from "node:path"
import { FACE_RANGES, SUBSET_FEATURES, subsetText } from "../../src/styles/font-subset"

/** @fontsource's latin files the site's faces come from (paths under node_modules/). */
export const FONT_SOURCES = [
  "@fontsource/cormorant-garamond/files/cormorant-garamond-latin-400-normal.woff2",
  "@fontsource/inter/files/inter-latin-400-normal.woff2",
  "@fontsource/inter/files/inter-latin-600-normal.woff2",
] as const

/** The same bytes for the same input: harfbuzz's subsetter and woff2 compression are deterministic. */
export function subsetFace(source: (typeof FONT_SOURCES)[number], font: Buffer): Promise<Buffer> {
  const ranges = FACE_RANGES[path.basename(source)]
  if (!ranges) throw new Error(`${source}: no subset in src/styles/font-subset.ts`)
  return subsetFont(font, subsetText(ranges), { targetFormat: "woff2", keepFeatures: [...SUBSET_FEATURES] })
}
