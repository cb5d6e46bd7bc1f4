/**
 * Every page in every language: each page Gatsby makes from src/pages/ is made again under each
 * language's path (English at the root, French under /fr/), with the language in its context for the
 * page query's `$locale` and its route, the same in every language, for the language switch
 * (Gatsby's documented way: onCreatePage, deletePage, createPage). Pages made in createPages (the case
 * studies and the case list's pages) are made per language there and pass through untouched.
 */
import type { GatsbyNode } from "gatsby"
import { DEFAULT_LOCALE, LOCALES, isLocale } from "../model/locales"
import { localePath } from "../model/routes"

/** The not-found page's route; Gatsby copies it to /404.html, the page hosts serve for any unknown address. */
const NOT_FOUND_ROUTE = "/404/"

export const localizePages: GatsbyNode["onCreatePage"] = ({ page, actions }) => {
  if (isLocale((page.context as { locale?: unknown } | undefined)?.locale)) return
  actions.deletePage(page)
  for (const locale of LOCALES) {
    // Any unknown address under /fr/ is the French not-found page, in the browser too: Gatsby's own
    // fallback (/404.html) is the English one.
    const notFoundHere = page.path === NOT_FOUND_ROUTE && locale !== DEFAULT_LOCALE ? `/${locale}/*` : undefined
    const matchPath = page.matchPath ? localePath(page.matchPath, locale) : notFoundHere
    actions.createPage({
      ...page,
      path: localePath(page.path, locale),
      ...(matchPath ? { matchPath } : {}),
      context: { ...page.context, locale, route: page.path },
    })
  }
}
