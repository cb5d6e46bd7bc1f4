/**
 * Which of the pages a change made different the publish path's browser pass visits (axe, the
 * screen's width, the console at two widths: deploy/publish/browser/pages.spec.ts). Every changed
 * page still goes through the gates without a browser (its HTML, its text, its links, its weight).
 *
 * A page whose own data changed, or whose change cannot be told apart, is visited. A page that
 * changed only through data every page shares (a static query: the footer's address, the list of
 * industries) renders that data as every other page of its template in its language does: one page
 * of each template and language stands for the others with the same shared change. Telling the two
 * apart needs the page as it is live: that is the last build's page (Gatsby's cache) when its
 * fingerprint is the live one's, and otherwise the page is visited.
 */
import type { PageParts } from "../../build-steps/post-build/changed-pages"

export interface BeforeTheBuild {
  /** The last build's fingerprints (Gatsby's cache), as pageFingerprints reads them. */
  fingerprints: Map<string, string>
  /** The last build's pages, part by part. */
  parts: Map<string, PageParts>
}

export interface BrowserPages {
  /** The pages to visit (HTML files under public/, sorted). */
  pages: string[]
  /** Changed pages left to a page of their template with the same shared change. */
  stoodFor: number
}

/** The static queries of `after` whose results differ from `before`'s, sorted; null if the page uses others. */
function changedQueries(before: PageParts, after: PageParts): string[] | null {
  const used = Object.keys(after.queries).sort()
  if (used.join() !== Object.keys(before.queries).sort().join()) return null
  return used.filter((query) => before.queries[query] !== after.queries[query])
}

/**
 * The pages of `changed` to visit, given what is live (the live release's fingerprints, or null when
 * the change was found against the last build itself), the last build and this one's parts.
 */
export function pagesForTheBrowser(
  changed: string[],
  live: Map<string, string> | null,
  before: BeforeTheBuild,
  after: Map<string, PageParts>,
): BrowserPages {
  const visited = new Set<string>()
  /** By template, language and the shared data that changed: the pages showing that change. */
  const sharedChanges = new Map<string, string[]>()
  for (const page of changed) {
    const was = before.parts.get(page)
    const is = after.get(page)
    const liveWas = !live || (before.fingerprints.has(page) && live.get(page) === before.fingerprints.get(page))
    const comparable = was && is && liveWas && was.template === is.template ? changedQueries(was, is) : null
    // Its own data changed, or what changed cannot be told: visited.
    if (!comparable || was!.data !== is!.data || comparable.length === 0) visited.add(page)
    if (comparable && comparable.length > 0) {
      const key = `${is!.template} ${comparable.join(",")}`
      sharedChanges.set(key, [...(sharedChanges.get(key) ?? []), page])
    }
  }
  let stoodFor = 0
  for (const pages of sharedChanges.values()) {
    // A page visited for a change of its own shows its template's shared change too.
    if (!pages.some((page) => visited.has(page))) visited.add([...pages].sort()[0])
    stoodFor += pages.filter((page) => !visited.has(page)).length
  }
  return { pages: [...visited].sort(), stoodFor }
}
