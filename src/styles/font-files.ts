/**
 * The four self-hosted faces: @fontsource's latin files, subset (src/styles/font-subset.ts) into
 * src/fonts/ by `npm run fonts`. gatsby-ssr.tsx writes their @font-face rules into every page's head
 * and preloads the ones a page paints with above the fold.
 */
import displayItalic from "../fonts/cormorant-garamond-latin-400-italic.woff2"
import display from "../fonts/cormorant-garamond-latin-400-normal.woff2"
import text from "../fonts/inter-latin-400-normal.woff2"
import textSemibold from "../fonts/inter-latin-600-normal.woff2"
import { HEADLINE_ITALIC_RANGES, TEXT_RANGES, unicodeRange } from "./font-subset"

export interface WebFace {
  family: "Cormorant Garamond" | "Inter"
  weight: 400 | 600
  style: "normal" | "italic"
  /** URL of the woff2 file in the build. */
  file: string
  /** The characters it has (src/styles/font-subset.ts). */
  ranges: typeof TEXT_RANGES
}

export const WEB_FACES: readonly WebFace[] = [
  { family: "Cormorant Garamond", weight: 400, style: "normal", file: display, ranges: TEXT_RANGES },
  { family: "Cormorant Garamond", weight: 400, style: "italic", file: displayItalic, ranges: HEADLINE_ITALIC_RANGES },
  { family: "Inter", weight: 400, style: "normal", file: text, ranges: TEXT_RANGES },
  { family: "Inter", weight: 600, style: "normal", file: textSemibold, ranges: TEXT_RANGES },
]

/** Text shows at once in the metric-matched fallback (styles/fonts.ts) and swaps without moving. */
export const webFontFace = (face: WebFace): string => `@font-face {
    font-family: "${face.family}";
    font-style: ${face.style};
    font-weight: ${face.weight};
    font-display: swap;
    src: url(${face.file}) format("woff2");
    unicode-range: ${unicodeRange(face.ranges)};
  }`

/** Pages that render the home screen, whose hero sets the rotating industry in the italic. */
const HOME_SCREEN_PATHS = ["/", "/404/", "/404.html"]

/**
 * Every page uses the display roman and both text weights; only the home screen uses the italic, so
 * only it preloads that file (a preload nothing renders with is a wasted download).
 */
export function aboveTheFoldFonts(pathname: string): string[] {
  const italicShown = HOME_SCREEN_PATHS.includes(pathname)
  return WEB_FACES.filter((face) => face.style === "normal" || italicShown).map((face) => face.file)
}
