/**
 * Every page in every language: each page Gatsby makes from src/pages/ is made again under each
 * language's path (English at the root, French under /fr/), with the language in its context for the
 * page query's `$locale` and its route, the same in every language, for the language switch
 * (Gatsby's documented way: onCreatePage, deletePage, createPage). Pages made in createPages (the case
 * studies, the case list's pages and the legal pages) are made per language there and pass through
 * untouched.
 */
import type { GatsbyNode } from "gatsby"
import { LOCALES, isLocale } from "../model/locales"
import { NOT_FOUND_ROUTE, localePath } from "../model/routes"
import type { NotFoundContext } from "../src/i18n/locale"

/** The not-found page (src/pages/404.tsx) and Gatsby's copy of it for hosts, /404.html. */
const NOT_FOUND_PATHS = [NOT_FOUND_ROUTE, "/404.html"]

export const localizePages: GatsbyNode["onCreatePage"] = ({ page, actions }) => {
  if (isLocale((page.context as { locale?: unknown } | undefined)?.locale)) return
  actions.deletePage(page)
  // No client-only routes (matchPath): Gatsby would list every page under one in the bundle every
  // page loads. Unknown addresses are drawn by the not-found page, in their language (src/i18n/locale.tsx).
  const notFound: NotFoundContext = NOT_FOUND_PATHS.includes(page.path) ? { notFound: true } : {}
  for (const locale of LOCALES) {
    actions.createPage({
      ...page,
      path: localePath(page.path, locale),
      context: { ...page.context, locale, route: page.path, ...notFound },
    })
  }
}
