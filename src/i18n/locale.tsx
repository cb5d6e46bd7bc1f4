import { type ReactNode, createContext, useContext } from "react"
import { DEFAULT_LOCALE, type Locale, isLocale } from "../../model/locales"
import { HOME_PATH, alternateRoute, localePath, sitePaths } from "../../model/routes"

interface PageLanguage {
  locale: Locale
  /** The page's route, the same in every language (gatsby/localize-pages.ts). */
  route: string
}

const PageLanguageContext = createContext<PageLanguage>({ locale: DEFAULT_LOCALE, route: HOME_PATH })

/**
 * The language of the page being shown and its route: Gatsby's page context names both
 * (gatsby/localize-pages.ts, gatsby/create-pages.ts), `wrapPageElement` provides them
 * (gatsby-browser.tsx, gatsby-ssr.tsx), the CMS preview sets the language the editor has open.
 */
export function PageLanguageProvider({ locale, route, children }: PageLanguage & { children: ReactNode }) {
  return <PageLanguageContext.Provider value={{ locale, route }}>{children}</PageLanguageContext.Provider>
}

export const useLocale = () => useContext(PageLanguageContext).locale

/** The site's paths in the page's language. */
export const usePaths = () => sitePaths(useLocale())

/** The path of this page in another language (for an error page, the nearest page there is). */
export function useTranslatedPath(locale: Locale) {
  return localePath(alternateRoute(useContext(PageLanguageContext).route), locale)
}

/** Gatsby's `wrapPageElement`, in the browser and at build time: the page's language for everything in it. */
export function withPageLanguage({ element, props }: { element: ReactNode; props: { pageContext: object } }) {
  const { locale, route } = props.pageContext as { locale?: unknown; route?: unknown }
  return (
    <PageLanguageProvider
      locale={isLocale(locale) ? locale : DEFAULT_LOCALE}
      route={typeof route === "string" ? route : HOME_PATH}
    >
      {element}
    </PageLanguageProvider>
  )
}
