/**
 * Metric-matched fallbacks of the self-hosted faces (subset woff2, font-display: swap; their
 * @font-face rules come from styles/font-files.ts), so the swap from fallback to web font moves nothing.
 * The overrides follow the usual recipe:
 *   size-adjust = (font avg width / font UPM) / (fallback avg width / fallback UPM)
 *   ascent/descent-override = font ascent|descent / (font UPM * size-adjust)
 * from the metrics of @capsizecss/metrics; test/styles/fonts.test.ts recomputes them.
 */

export interface FallbackFace {
  family: string
  weight?: number
  /** Installed fonts to stand in, all sharing the metrics the overrides were computed against. */
  locals: readonly string[]
  sizeAdjust: string
  ascentOverride: string
  descentOverride: string
  lineGapOverride: string
}

export const DISPLAY_FALLBACK: FallbackFace = {
  family: "Cormorant Garamond Fallback",
  locals: ["Times New Roman", "TimesNewRomanPSMT", "Liberation Serif", "Tinos"],
  sizeAdjust: "96.98%",
  ascentOverride: "95.27%",
  descentOverride: "29.59%",
  lineGapOverride: "0%",
}

export const TEXT_FALLBACK: FallbackFace = {
  family: "Inter Fallback",
  locals: ["Arial", "ArialMT", "Liberation Sans", "Arimo"],
  sizeAdjust: "107.12%",
  ascentOverride: "90.44%",
  descentOverride: "22.52%",
  lineGapOverride: "0%",
}

/**
 * The bold fallback has no published average width, so its size-adjust comes from measuring the
 * same mixed-case sample (labels, buttons, prose) in both faces in Chromium: Inter 600 is
 * 1.0047 x Arial Bold.
 */
export const TEXT_SEMIBOLD_FALLBACK: FallbackFace = {
  family: "Inter Fallback",
  weight: 600,
  locals: ["Arial Bold", "Arial-BoldMT", "Liberation Sans Bold", "Arimo Bold"],
  sizeAdjust: "100.47%",
  ascentOverride: "96.42%",
  descentOverride: "24.01%",
  lineGapOverride: "0%",
}

export const FALLBACK_FACES = [DISPLAY_FALLBACK, TEXT_FALLBACK, TEXT_SEMIBOLD_FALLBACK]

export function fallbackFontFace(face: FallbackFace): string {
  return `@font-face {
    font-family: "${face.family}";
    font-weight: ${face.weight ?? 400};
    font-style: normal;
    src: ${face.locals.map((name) => `local("${name}")`).join(", ")};
    size-adjust: ${face.sizeAdjust};
    ascent-override: ${face.ascentOverride};
    descent-override: ${face.descentOverride};
    line-gap-override: ${face.lineGapOverride};
  }`
}
