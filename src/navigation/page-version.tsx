/**
 * A page and the data it hydrates with come from one release. Gatsby compares one build with another
 * in the browser only by the webpack compilation (`app-data.json`), which an editor's publish leaves
 * as it is: the code is the same, only the content changed, and so every page the change does not
 * concern stays byte for byte what it was (docs/architecture.md, "Releases"). But a visitor whose page
 * arrived just before a release may fetch its data just after: the HTML would be hydrated with the
 * next release's text. So each page carries its version, a hash of everything it is rendered from
 * (its data, its context and the site-wide static query), written on `<html data-page-version>` when
 * prerendered (the page leaves it where gatsby-ssr.tsx's `replaceRenderer`, which renders it, reads
 * it: `PrerenderedVersion`, a receiver per page rendered, never a module's state); the browser computes the same from what it fetched before hydrating, and on a
 * difference reloads the page once, which then comes whole from the new release. After that first
 * page, a move inside the site renders the next page from whatever data is live: with the same code,
 * that is the visitor moving to the new release.
 */
import { type ReactNode, createContext, useContext } from "react"
import { useSiteWideData } from "../hooks/use-site-settings"
import type { NotFoundContext } from "../i18n/locale"

/** The attribute of `<html>` the version is written on, as the DOM's dataset names it. */
export const PAGE_VERSION_ATTRIBUTE = "data-page-version"
/** The session's note that this address was reloaded once for its version: a second difference hydrates anyway. */
export const RELOADED_KEY = "aurelle:reloaded-for-version"

/** A 53-bit hash (cyrb53) of the value's JSON, in base 36: a few lines, no library in the page's bundle. */
export function versionOf(value: unknown): string {
  const text = JSON.stringify(value) ?? ""
  let h1 = 0xdeadbeef
  let h2 = 0x41c6ce57
  for (let index = 0; index < text.length; index++) {
    const code = text.charCodeAt(index)
    h1 = Math.imul(h1 ^ code, 2654435761)
    h2 = Math.imul(h2 ^ code, 1597334677)
  }
  h1 = Math.imul(h1 ^ (h1 >>> 16), 2246822507) ^ Math.imul(h2 ^ (h2 >>> 13), 3266489909)
  h2 = Math.imul(h2 ^ (h2 >>> 16), 2246822507) ^ Math.imul(h1 ^ (h1 >>> 13), 3266489909)
  return (4294967296 * (2097151 & h2) + (h1 >>> 0)).toString(36)
}

/** What Gatsby hands a page: its query's data and its context. */
export interface PageVersionProps {
  data?: unknown
  pageContext?: unknown
}

/** How a page being prerendered hands its version over: a receiver per page, given by gatsby-ssr.tsx. */
export const PrerenderedVersion = createContext<((version: string) => void) | null>(null)

/** The browser's first page: checked once, on its first render (its hydration). */
const arrival = {
  pending: typeof document !== "undefined",
  /** Set once a reload is under way: it never settles, and nothing may hydrate meanwhile. */
  reload: undefined as Promise<never> | undefined,
}

/**
 * Whether the page is being reloaded for its version: when it differs, unless this address was just
 * reloaded for it (the release may be broken: no loop, as Gatsby's own check does).
 */
function reloadFor(differs: boolean): boolean {
  try {
    const reloaded = sessionStorage.getItem(RELOADED_KEY) === location.href
    if (!differs || reloaded) {
      sessionStorage.removeItem(RELOADED_KEY)
      return false
    }
    sessionStorage.setItem(RELOADED_KEY, location.href)
  } catch {
    // No session storage (blocked): no way to tell a second reload from the first, so none.
    return false
  }
  location.reload()
  return true
}

/**
 * Where the page stands with its version, arriving in the browser: compared with the one the HTML
 * carries, once; a reload under way is returned, to suspend on.
 */
function checkVersion(version: () => string): Promise<never> | undefined {
  if (arrival.pending) {
    arrival.pending = false
    const served = document.documentElement.getAttribute(PAGE_VERSION_ATTRIBUTE)
    // Never settles: React leaves the prerendered page as it is until the reload replaces it.
    if (served && reloadFor(version() !== served)) arrival.reload = new Promise<never>(() => {})
  }
  return arrival.reload
}

/**
 * What a page is rendered from, in its context. A not-found page takes its language and screen from
 * the address it answers, not from its context (src/i18n/locale.tsx): each language's not-found file
 * is prerendered with its own context, while in the browser Gatsby draws every unknown address with
 * the one /404.html page and its context. Only the flag counts, or every unknown French address and
 * every unknown study's address would differ from what the browser computes, and load twice.
 */
function contextRenderedFrom(pageContext: unknown): unknown {
  return (pageContext as NotFoundContext | undefined)?.notFound ? { notFound: true } : (pageContext ?? null)
}

function PageVersion({ props, children }: { props: PageVersionProps; children: ReactNode }) {
  const siteWide = useSiteWideData()
  const handOver = useContext(PrerenderedVersion)
  const version = () => versionOf([props.data ?? null, contextRenderedFrom(props.pageContext), siteWide])
  // Prerendering, the version is left for gatsby-ssr.tsx, which writes it on <html>.
  if (typeof document === "undefined") {
    handOver?.(version())
    return <>{children}</>
  }
  const reloading = checkVersion(version)
  if (reloading) throw reloading
  return <>{children}</>
}

/** Gatsby's `wrapPageElement` for the version: the page element, checked on arrival (see above). */
export const withPageVersion = (element: ReactNode, props: PageVersionProps) => (
  <PageVersion props={props}>{element}</PageVersion>
)
