/** English number words for the counts the site's copy spells out ("Six engagements"). */
const WORDS = [
  "zero",
  "one",
  "two",
  "three",
  "four",
  "five",
  "six",
  "seven",
  "eight",
  "nine",
  "ten",
  "eleven",
  "twelve",
  "thirteen",
  "fourteen",
  "fifteen",
  "sixteen",
  "seventeen",
  "eighteen",
  "nineteen",
  "twenty",
]

/** The placeholder an editor writes where a text counts something the content holds. */
export const COUNT_PLACEHOLDER = "{count}"

/**
 * `text` with its {count} spelled out ("{count} engagements" with 6 studies: "Six engagements"),
 * capitalised where it opens a sentence; a count past twenty is written in figures.
 */
export function withCount(text: string, count: number): string {
  const word = WORDS[count] ?? String(count)
  const opensSentence = (offset: number) => offset === 0 || /[.!?]\s+$/.test(text.slice(0, offset))
  return text.replaceAll(COUNT_PLACEHOLDER, (_match, offset: number) =>
    opensSentence(offset) ? `${word.charAt(0).toUpperCase()}${word.slice(1)}` : word,
  )
}
