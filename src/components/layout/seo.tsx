import { Helmet } from "react-helmet"
import { useSiteSettings } from "../../hooks/use-site-settings"

interface SeoProps {
  /** Page title; the home page passes none and gets the brand with its tagline. */
  title?: string
  description: string
  /** Pages that must stay out of search results: the 404 page and the unknown-case fallback. */
  noindex?: boolean
}

/** The only owner of head tags on every page. */
export function Seo({ title, description, noindex = false }: SeoProps) {
  const { settings } = useSiteSettings()
  return (
    <Helmet
      htmlAttributes={{ lang: "en" }}
      title={title ?? `${settings.name} | ${settings.tagline}`}
      titleTemplate={title ? `%s | ${settings.name}` : undefined}
    >
      <meta name="description" content={description} />
      <link rel="icon" href="/favicon.svg" type="image/svg+xml" />
      {noindex ? <meta name="robots" content="noindex, follow" /> : null}
    </Helmet>
  )
}
