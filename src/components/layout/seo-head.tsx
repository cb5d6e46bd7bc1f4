import { Helmet } from "react-helmet"
import { useSiteSettings } from "../../hooks/use-site-settings"
import { SOCIAL_IMAGE_SIZE, socialImagePath } from "../../seo/social-image"
import { jsonLdText } from "../../seo/json-ld"
import { type PageGraph, pageGraphNodes } from "../../seo/page-graph"
import { siteGraph } from "../../seo/structured-data"
import { documentTitle } from "../../seo/title"

export interface SeoProps {
  /** Page title; the home page passes none and gets the brand with its tagline. */
  title?: string
  description: string
  /** The page's path in its one trailing-slash form; pages kept out of search results pass none. */
  path?: string
  type?: "website" | "article"
  /** What the page says about itself in structured data, beyond the organisation and website. */
  graph?: PageGraph
}

/**
 * The page's head tags, through react-helmet (gatsby-plugin-manifest adds the icons, manifest and
 * theme colour). A page without a path is an error page: noindex, no canonical, and the home page's
 * sharing image. Rendered through `Seo` (seo.tsx), which loads this module only where it is needed.
 */
export function SeoHead({ title, description, path, type = "website", graph }: SeoProps) {
  const settings = useSiteSettings()
  const fullTitle = documentTitle(title, settings)
  const url = path ? `${settings.siteUrl}${path}` : undefined
  const image = `${settings.siteUrl}${socialImagePath(path ?? "/")}`
  const imageAlt = settings.socialImageAlt.replace("{title}", title ?? settings.name)
  const document = {
    "@context": "https://schema.org",
    "@graph": [...siteGraph(settings), ...pageGraphNodes(settings, graph)],
  }
  return (
    <Helmet htmlAttributes={{ lang: "en" }} title={fullTitle}>
      <meta name="description" content={description} />
      {url ? <link rel="canonical" href={url} /> : <meta name="robots" content="noindex, follow" />}
      <meta property="og:type" content={type} />
      <meta property="og:site_name" content={settings.name} />
      <meta property="og:locale" content="en_GB" />
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
