/**
 * The three self-hosted faces: @fontsource's latin files, subset (src/styles/font-subset.ts) into
 * src/fonts/ by `npm run fonts`. gatsby-ssr.tsx writes their @font-face rules into every page's head
 * and preloads the ones a page paints with above the fold.
 */
import display from "../fonts/cormorant-garamond-latin-400-normal.woff2"
import text from "../fonts/inter-latin-400-normal.woff2"
import textSemibold from "../fonts/inter-latin-600-normal.woff2"
import { TEXT_RANGES, unicodeRange } from "./font-subset"

export interface WebFace {
  family: "Cormorant Garamond" | "Inter"
  weight: 400 | 600
  /** URL of the woff2 file in the build. */
  file: string
  /** The characters it has (src/styles/font-subset.ts). */
  ranges: typeof TEXT_RANGES
}

export const WEB_FACES: readonly WebFace[] = [
  { family: "Cormorant Garamond", weight: 400, file: display, ranges: TEXT_RANGES },
  { family: "Inter", weight: 400, file: text, ranges: TEXT_RANGES },
  { family: "Inter", weight: 600, file: textSemibold, ranges: TEXT_RANGES },
]

/** Text shows at once in the metric-matched fallback (styles/fonts.ts) and swaps without moving. */
export const webFontFace = (face: WebFace): string => `@font-face {
    font-family: "${face.family}";
    font-style: normal;
    font-weight: ${face.weight};
    font-display: swap;
    src: url(${face.file}) format("woff2");
    unicode-range: ${unicodeRange(face.ranges)};
  }`

/**
 * Every page sets text in all three faces above the fold, so every page preloads them. The one
 * accent of the home headline, its rotating industry, is the display roman in gold: an italic would
 * be a fourth file before the first paint, which on a phone costs a round trip (LCP 1.06 -> 1.21 s).
 */
export const aboveTheFoldFonts = (): string[] => WEB_FACES.map((face) => face.file)
