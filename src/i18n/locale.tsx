import { type ReactNode, createContext, useContext } from "react"
import { DEFAULT_LOCALE, LOCALES, type Locale, isLocale } from "../../model/locales"
import {
  HOME_PATH,
  alternateRoute,
  localeOfPath,
  localePath,
  nearestSharedRoute,
  notFoundRouteOf,
  sitePaths,
} from "../../model/routes"

interface PageLanguage {
  locale: Locale
  /** The page's route, the same in every language (gatsby/localize-pages.ts). */
  route: string
  /** The languages the page is in, when not every one (`PageLanguages`); undefined: every language. */
  languages?: readonly Locale[]
}

/**
 * What a page not in every language has in its context (gatsby/create-pages.ts): the languages it is
 * in. A study published in English first, a page of the list one language has more of.
 */
export interface PageLanguages {
  languages?: Locale[]
}

const PageLanguageContext = createContext<PageLanguage>({ locale: DEFAULT_LOCALE, route: HOME_PATH })

/**
 * The language of the page being shown and its route: Gatsby's page context names both
 * (gatsby/localize-pages.ts, gatsby/create-pages.ts), `wrapPageElement` provides them
 * (gatsby-browser.tsx, gatsby-ssr.tsx), the CMS preview sets the language the editor has open.
 */
export function PageLanguageProvider({ locale, route, languages, children }: PageLanguage & { children: ReactNode }) {
  return <PageLanguageContext.Provider value={{ locale, route, languages }}>{children}</PageLanguageContext.Provider>
}

export const useLocale = () => useContext(PageLanguageContext).locale

/** The site's paths in the page's language. */
export const usePaths = () => sitePaths(useLocale())

/**
 * The path of this page in another language; for an error page, or a page not in that language, the
 * nearest page there is.
 */
export function useTranslatedPath(locale: Locale) {
  const { route, languages } = useContext(PageLanguageContext)
  return localePath(
    languages && !languages.includes(locale) ? nearestSharedRoute(route) : alternateRoute(route),
    locale,
  )
}

/**
 * Book a Demo from this page: the demo page, with this page's route, which the host's log counts
 * (docs/editing.md, "Who books a demo").
 */
export function useDemoPath() {
  const { locale, route } = useContext(PageLanguageContext)
  return sitePaths(locale).bookDemoFrom(route)
}

/** The languages this page is in. */
export const usePageLanguages = (): readonly Locale[] => useContext(PageLanguageContext).languages ?? LOCALES

/** What the not-found pages have in their context (gatsby/localize-pages.ts, gatsby/create-pages.ts). */
export interface NotFoundContext {
  notFound?: boolean
}

/**
 * Gatsby's `wrapPageElement`, in the browser and at build time: the page's language for everything in
 * it. A not-found page takes its language and screen from the address it answers: in the browser,
 * every address that is no page is drawn by the one /404.html page (gatsby/create-pages.ts).
 */
export function withPageLanguage({
  element,
  props,
}: {
  element: ReactNode
  props: { pageContext: object; location: { pathname: string } }
}) {
  const { locale, route, notFound, languages } = props.pageContext as {
    locale?: unknown
    route?: unknown
  } & NotFoundContext &
    PageLanguages
  const { pathname } = props.location
  return (
    <PageLanguageProvider
      locale={notFound ? localeOfPath(pathname) : isLocale(locale) ? locale : DEFAULT_LOCALE}
      route={notFound ? notFoundRouteOf(pathname) : typeof route === "string" ? route : HOME_PATH}
      languages={!notFound && Array.isArray(languages) ? languages.filter(isLocale) : undefined}
    >
      {element}
    </PageLanguageProvider>
  )
}
