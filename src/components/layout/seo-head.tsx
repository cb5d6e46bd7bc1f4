import { Helmet } from "react-helmet"
import { useSiteSettings } from "../../hooks/use-site-settings"
import { SOCIAL_IMAGE_SIZE, socialImagePath } from "../../seo/social-image"
import { jsonLdText } from "../../seo/json-ld"
import { type PageGraph, pageGraphNodes } from "../../seo/page-graph"
import { siteGraph } from "../../seo/structured-data"
import { documentTitle } from "../../seo/title"
import { useLocale, usePageLanguages } from "../../i18n/locale"
import { DEFAULT_LOCALE, OPEN_GRAPH_LOCALES } from "../../../model/locales"
import { localePath } from "../../../model/routes"

export interface SeoProps {
  /** Page title; the home page passes none and gets the brand with its tagline. */
  title?: string
  description: string
  /**
   * The page's path in its one trailing-slash form, without its language ("/book-demo/" on the English
   * and the French page alike); pages kept out of search results pass none.
   */
  path?: string
  type?: "website" | "article"
  /** What the page says about itself in structured data, beyond the organisation and website. */
  graph?: PageGraph
}

/**
 * The page's head tags, through react-helmet (gatsby-plugin-manifest adds the icons, manifest and
 * theme colour), in the page's language: its canonical address, the same page in every language
 * (hreflang, English as x-default), its sharing image. A page without a path is an error page:
 * noindex, no canonical, no alternates, and the home page's sharing image. Rendered through `Seo`
 * (seo.tsx), which loads this module only where it is needed.
 */
export function SeoHead({ title, description, path, type = "website", graph }: SeoProps) {
  const settings = useSiteSettings()
  const locale = useLocale()
  // The page's languages: every one, but for a page one language does not have yet.
  const languages = usePageLanguages()
  const fullTitle = documentTitle(title, settings)
  const urlIn = (route: string, language = locale) => `${settings.siteUrl}${localePath(route, language)}`
  const url = path ? urlIn(path) : undefined
  const image = `${settings.siteUrl}${socialImagePath(localePath(path ?? "/", locale))}`
  const imageAlt = settings.socialImageAlt.replace("{title}", title ?? settings.name)
  const document = {
    "@context": "https://schema.org",
    "@graph": [...siteGraph(settings, locale), ...pageGraphNodes(settings, locale, graph)],
  }
  return (
    <Helmet htmlAttributes={{ lang: locale }} title={fullTitle}>
      <meta name="description" content={description} />
      {url ? <link rel="canonical" href={url} /> : <meta name="robots" content="noindex, follow" />}
      {path
        ? [
            ...languages.map((language) => [language, urlIn(path, language)]),
            ["x-default", urlIn(path, DEFAULT_LOCALE)],
          ].map(([hrefLang, href]) => <link key={hrefLang} rel="alternate" hrefLang={hrefLang} href={href} />)
        : null}
      <meta property="og:type" content={type} />
      <meta property="og:site_name" content={settings.name} />
      <meta property="og:locale" content={OPEN_GRAPH_LOCALES[locale]} />
      {languages
        .filter((other) => other !== locale)
        .map((other) => (
          <meta key={other} property="og:locale:alternate" content={OPEN_GRAPH_LOCALES[other]} />
        ))}
      <meta property="og:title" content={fullTitle} />
      <meta property="og:description" content={description} />
      {url ? <meta property="og:url" content={url} /> : null}
      <meta property="og:image" content={image} />
      <meta property="og:image:type" content="image/png" />
      <meta property="og:image:width" content={String(SOCIAL_IMAGE_SIZE.width)} />
      <meta property="og:image:height" content={String(SOCIAL_IMAGE_SIZE.height)} />
      <meta property="og:image:alt" content={imageAlt} />
      <meta name="twitter:card" content="summary_large_image" />
      <meta name="twitter:title" content={fullTitle} />
      <meta name="twitter:description" content={description} />
      <meta name="twitter:image" content={image} />
      <meta name="twitter:image:alt" content={imageAlt} />
      <script type="application/ld+json">{jsonLdText(document)}</script>
    </Helmet>
  )
}
