/** Case search: accent- and case-insensitive, every word of the query must appear somewhere. */

export interface SearchableCase {
  readonly title: string
  readonly industry: string
  readonly summary: { readonly problem: string; readonly solution: string }
}

export const normalize = (text: string) =>
  text
    .normalize("NFD")
    .replace(/\p{Diacritic}/gu, "")
    .toLowerCase()

export function matchesQuery(study: SearchableCase, query: string): boolean {
  const words = normalize(query).split(/\s+/).filter(Boolean)
  if (words.length === 0) return true
  const haystack = normalize([study.title, study.industry, study.summary.problem, study.summary.solution].join(" "))
  return words.every((word) => haystack.includes(word))
}
