/**
 * What led to the demo page, or to the scheduler, as the report counts it (visit-counts.ts): the
 * site's own pages by route, and the lines that are none (typed, other addresses, other sites); other
 * sites by name, bounded while counting and again once counted, so that what the count holds and what
 * it keeps grow with the site, never with the traffic.
 */

/** Adds `by` to a count. */
export const add = (counts: Record<string, number>, key: string, by = 1) => (counts[key] = (counts[key] ?? 0) + by)

/** Sources that are no page of the site. */
export const DIRECT = "(typed, a bookmark or an app)"
/** What was asked, or named as a source, that is no page of the site: counted, on one line. */
export const OTHER_ADDRESSES = "(other addresses)"
/** Other sites beyond the most frequent of a day, on one line. */
export const OTHER_SITES = "(other sites)"
/** Other sites a day's counts name one by one (by language, for the demo page and the scheduler each). */
export const SITES_KEPT = 20
/**
 * Other sites a day's demo page views, or its scheduler, hold one by one while the log is read: past
 * twice as many, the less frequent half goes on OTHER_SITES' line (SourceTally), so that memory holds
 * as much for a million other sites as for fifty.
 */
export const SITES_TALLIED = 1_000
/**
 * What led to the demo page, or to the scheduler, on one day, counted as the log is read: the site's
 * own routes and the fixed lines as they come (as many as the site has), other sites bounded by
 * SITES_TALLIED. Past twice that, the less frequent half is added to OTHER_SITES' line of its
 * language, so a site seen often stays named, and every visit stays counted on some line.
 */
export class SourceTally {
  private readonly counts = new Map<string, number>()
  private sites = 0

  add(key: string, isSite: boolean, by = 1): void {
    const count = this.counts.get(key)
    if (count === undefined && isSite && ++this.sites > 2 * SITES_TALLIED) {
      this.counts.set(key, by)
      return this.halve()
    }
    this.counts.set(key, (count ?? 0) + by)
  }

  /** Another tally of the same day (a day's lines in two files) added to this one. */
  merge(other: SourceTally): void {
    for (const [key, count] of other.counts) this.add(key, isSiteKey(key), count)
  }

  private halve(): void {
    const sites = [...this.counts].filter(([key]) => isSiteKey(key)).sort(byFrequency)
    for (const [key, count] of sites.slice(SITES_TALLIED)) {
      this.counts.delete(key)
      const language = key.slice(0, key.indexOf(" "))
      this.counts.set(`${language} ${OTHER_SITES}`, (this.counts.get(`${language} ${OTHER_SITES}`) ?? 0) + count)
    }
    this.sites = SITES_TALLIED
  }

  /** The counts as kept: of other sites, a day's SITES_KEPT most frequent of each language named, the rest on one line. */
  kept(): Record<string, number> {
    return boundSites(Object.fromEntries(this.counts))
  }
}

/** The most frequent first, then by name. */
const byFrequency = ([a, x]: [string, number], [b, y]: [string, number]) => y - x || a.localeCompare(b)

/** Whether a key of the demo page's or the scheduler's counts names another site: "en (www.linkedin.com)". */
const isSiteKey = (key: string) => {
  const source = key.slice(key.indexOf(" ") + 1)
  return source.startsWith("(") && ![DIRECT, OTHER_ADDRESSES, OTHER_SITES].includes(source)
}

/**
 * A day's other sites bounded: the SITES_KEPT most frequent of each language by name (the most
 * frequent first, then by name), the rest added to OTHER_SITES.
 */
function boundSites(counts: Record<string, number>): Record<string, number> {
  const bounded: Record<string, number> = {}
  const sites = Object.entries(counts)
    .filter(([key]) => isSiteKey(key))
    .sort(byFrequency)
  const kept = new Map<string, number>()
  for (const [key, value] of sites) {
    const language = key.slice(0, key.indexOf(" "))
    const count = kept.get(language) ?? 0
    kept.set(language, count + 1)
    const to = count < SITES_KEPT ? key : `${language} ${OTHER_SITES}`
    bounded[to] = (bounded[to] ?? 0) + value
  }
  for (const [key, value] of Object.entries(counts)) if (!isSiteKey(key)) add(bounded, key, value)
  return bounded
}
