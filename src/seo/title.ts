import { TITLE_MAX_LENGTH } from "../../model/behaviour"

interface TitleNames {
  name: string
  shortName: string
  tagline: string
}

/**
 * The document title: the page's own title followed by the brand, or the brand and its tagline on
 * the home page. When the full brand would push it past what search results show, the short
 * brand signs it instead, and a title too long even for that stands alone.
 */
export function documentTitle(title: string | undefined, names: TitleNames): string {
  if (!title) return `${names.name} | ${names.tagline}`
  const candidates = [`${title} | ${names.name}`, `${title} | ${names.shortName}`]
  return candidates.find((candidate) => candidate.length <= TITLE_MAX_LENGTH) ?? title
}
