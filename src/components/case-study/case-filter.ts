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

/** What a study is found by, normalised once: its title, industry, challenge and approach. */
export const searchText = (study: SearchableCase): string =>
  normalize([study.title, study.industry, study.summary.problem, study.summary.solution].join(" "))

/** A study as the search index holds it (gatsby/create-pages.ts): with its search text made by the build. */
export type IndexedCase<T extends SearchableCase> = T & { readonly searchText: string }

/** A query's words, normalised. */
export const queryWords = (query: string): string[] => normalize(query).split(/\s+/).filter(Boolean)

/** Whether a study's search text (searchText) holds every word. */
export const matchesWords = (text: string, words: readonly string[]): boolean =>
  words.every((word) => text.includes(word))

export function matchesQuery(study: SearchableCase, query: string): boolean {
  return matchesWords(searchText(study), queryWords(query))
}
