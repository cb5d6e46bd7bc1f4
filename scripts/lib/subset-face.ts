import subsetFont from "subset-font"
import { SUBSET_FEATURES, subsetText } from "../../src/styles/font-subset"

/** @fontsource's latin files the site's faces come from (paths under node_modules/). */
export const FONT_SOURCES = [
  "@fontsource/cormorant-garamond/files/cormorant-garamond-latin-400-normal.woff2",
  "@fontsource/cormorant-garamond/files/cormorant-garamond-latin-400-italic.woff2",
  "@fontsource/inter/files/inter-latin-400-normal.woff2",
  "@fontsource/inter/files/inter-latin-600-normal.woff2",
] as const

/** The same bytes for the same input: harfbuzz's subsetter and woff2 compression are deterministic. */
export const subsetFace = (font: Buffer): Promise<Buffer> =>
  subsetFont(font, subsetText(), { targetFormat: "woff2", keepFeatures: [...SUBSET_FEATURES] })
