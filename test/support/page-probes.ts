/**
 * Questions a test asks inside a page of the site, each a function the browser runs on its own (no
 * closure, nothing imported): the engines' tests (test/engines/scenario.ts) and the browser sweep
 * (e2e/sweep.spec.ts) ask the same.
 */

/**
 * Whether `url` is the data of another page than the one at `pathname` (a link's, as Gatsby prefetches
 * it): for a test that watches the page's requests from outside, where the page's own clock is the
 * test's (Playwright's, which stands in for the page's performance entries too).
 */
export const isAnotherPagesData = (url: string, pathname: string): boolean => {
  const own = `/page-data${pathname.replace(/\/$/, "") || "/index"}/page-data.json`
  return url.includes("/page-data/") && url.includes("/page-data.json") && !url.endsWith(own)
}

/** Whether the page has fetched the data of another page (a link's, prefetched), as the page itself says. */
export const prefetchedAnotherPage = () => {
  const own = `/page-data${location.pathname.replace(/\/$/, "") || "/index"}/page-data.json`
  return performance
    .getEntriesByType("resource")
    .some(
      (entry) =>
        entry.name.includes("/page-data/") && entry.name.includes("/page-data.json") && !entry.name.endsWith(own),
    )
}

/** Scrolls the first link of the page's body to another page of the site into view (a scroll, too). */
export const inViewALinkToAnotherPage = () => {
  const links = [...document.querySelectorAll("main a[href^='/']")]
  const link = links.find((element) => !/[?#]/.test(element.getAttribute("href") ?? "?"))
  link?.scrollIntoView({ block: "center", behavior: "instant" })
}

/**
 * What the page keeps in the browser: cookies, local storage, IndexedDB, and session storage other
 * than Gatsby's router's scroll positions (a number a page, `@@scroll|<path>|<key>`, for the tab
 * alone; gatsby-react-router-scroll writes them on every scroll and offers no way not to).
 */
export const keptInBrowser = async () => ({
  cookies: document.cookie,
  local: Object.keys(localStorage),
  session: Object.entries(sessionStorage)
    .filter(([key, value]) => !(key.startsWith("@@scroll|") && /^\d+(?:\.\d+)?$/.test(value)))
    .map(([key]) => key),
  databases: "databases" in indexedDB ? (await indexedDB.databases()).map((database) => database.name) : [],
})
