/**
 * What the four self-hosted faces keep of @fontsource's latin files (`npm run fonts` writes them to
 * src/fonts/): the characters of the Western European languages and their typography, and the
 * OpenType features that shape plain text. Stylistic sets, tabular and old-style figures, fractions
 * and the other alternates the site never asks for are dropped: a third of every file.
 * A character outside these ranges still shows, in the metric-matched fallback face.
 */

/** Inclusive code point ranges, also the `unicode-range` of each @font-face. */
export const SUBSET_RANGES: ReadonlyArray<readonly [number, number]> = [
  [0x0020, 0x007e], // ASCII
  [0x00a0, 0x00ff], // Latin-1: accented letters, guillemets, ·, ©, °
  [0x0131, 0x0131], // ı
  [0x0152, 0x0153], // Œ œ
  [0x02c6, 0x02c6], // ˆ
  [0x02da, 0x02da], // ˚
  [0x02dc, 0x02dc], // ˜
  [0x2013, 0x2014], // – —
  [0x2018, 0x201a], // ‘ ’ ‚
  [0x201c, 0x201e], // “ ” „
  [0x2020, 0x2022], // † ‡ •
  [0x2026, 0x2026], // …
  [0x2030, 0x2030], // ‰
  [0x2032, 0x2033], // ′ ″
  [0x2039, 0x203a], // ‹ ›
  [0x2044, 0x2044], // ⁄
  [0x20ac, 0x20ac], // €
  [0x2122, 0x2122], // ™
  [0x2212, 0x2212], // −
]

/** Layout features kept: kerning, ligatures, contextual forms, marks and locale forms. */
export const SUBSET_FEATURES = ["kern", "liga", "clig", "calt", "ccmp", "locl", "mark", "mkmk", "rlig"] as const

export const subsetText = (): string =>
  SUBSET_RANGES.flatMap(([first, last]) =>
    Array.from({ length: last - first + 1 }, (_, index) => String.fromCodePoint(first + index)),
  ).join("")

const hex = (codePoint: number) => codePoint.toString(16).toUpperCase().padStart(4, "0")

export const unicodeRange = (): string =>
  SUBSET_RANGES.map(([first, last]) => (first === last ? `U+${hex(first)}` : `U+${hex(first)}-${hex(last)}`)).join(", ")

export const inSubset = (character: string): boolean => {
  const codePoint = character.codePointAt(0)!
  return SUBSET_RANGES.some(([first, last]) => codePoint >= first && codePoint <= last)
}
