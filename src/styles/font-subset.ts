/**
 * What the three self-hosted faces keep of @fontsource's latin files (`npm run fonts` writes them to
 * src/fonts/): the letters of the Western European languages, their punctuation and currency signs,
 * and the OpenType features that shape plain text. Stylistic sets, figure variants, fractions and
 * the other alternates the site never asks for are dropped: 40-55 % of every file, which brings each
 * face under 14 kB, what a new connection delivers in its first round trip (ten TCP segments).
 * A character outside these ranges still shows, in the metric-matched fallback face.
 */

type Ranges = ReadonlyArray<readonly [number, number]>

/** Inclusive code point ranges of every face, also their `unicode-range`. */
export const TEXT_RANGES: Ranges = [
  [0x0020, 0x007e], // ASCII
  [0x00a0, 0x00a0], // no-break space
  [0x00a9, 0x00a9], // ©
  [0x00ab, 0x00ab], // «
  [0x00b0, 0x00b0], // °
  [0x00b7, 0x00b7], // ·
  [0x00bb, 0x00bb], // »
  [0x00c0, 0x00ff], // À-ÿ, with × and ÷
  [0x0152, 0x0153], // Œ œ
  [0x2013, 0x2014], // – —
  [0x2018, 0x201a], // ‘ ’ ‚
  [0x201c, 0x201e], // “ ” „
  [0x2022, 0x2022], // •
  [0x2026, 0x2026], // …
  [0x202f, 0x202f], // narrow no-break space (French: « », before ; ! ? and %)
  [0x2039, 0x203a], // ‹ ›
  [0x20ac, 0x20ac], // €
  [0x2122, 0x2122], // ™
  [0x2212, 0x2212], // −
]

/** Which ranges each file keeps, by its @fontsource file name. */
export const FACE_RANGES: Readonly<Record<string, Ranges>> = {
  "cormorant-garamond-latin-400-normal.woff2": TEXT_RANGES,
  "inter-latin-400-normal.woff2": TEXT_RANGES,
  "inter-latin-600-normal.woff2": TEXT_RANGES,
}

/**
 * Layout features kept: kerning and the standard ligatures. Dropped: Inter's contextual alternates
 * (a fifth of its file, for arrows and case-aware punctuation the site does not set) and the mark and
 * locale features of scripts outside these ranges.
 */
export const SUBSET_FEATURES = ["kern", "liga"] as const

export const subsetText = (ranges: Ranges): string =>
  ranges
    .flatMap(([first, last]) =>
      Array.from({ length: last - first + 1 }, (_, index) => String.fromCodePoint(first + index)),
    )
    .join("")

const hex = (codePoint: number) => codePoint.toString(16).toUpperCase().padStart(4, "0")

export const unicodeRange = (ranges: Ranges): string =>
  ranges.map(([first, last]) => (first === last ? `U+${hex(first)}` : `U+${hex(first)}-${hex(last)}`)).join(", ")

export const inRanges = (ranges: Ranges, character: string): boolean => {
  const codePoint = character.codePointAt(0)!
  return ranges.some(([first, last]) => codePoint >= first && codePoint <= last)
}
