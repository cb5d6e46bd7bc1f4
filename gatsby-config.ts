import type { GatsbyConfig } from "gatsby"
import { CONTENT_DIR } from "./build-steps/paths"
import { LOCAL_CMS_BACKEND, localCmsBackendUrl } from "./contracts/local-backend"
import { DEFAULT_LOCALE, LOCALES } from "./model/locales"
import { localePath, translatedPath } from "./model/routes"
import { readSiteSettings } from "./lib/site-settings"
import { previewPrefixOf } from "./contracts/previews"
import type { PageLanguages } from "./src/i18n/locale"

/** SITE_ENV=staging (or anything but production) builds a site that asks robots to stay away. */
const siteEnv = process.env.SITE_ENV ?? "production"

// The English settings: the site's metadata is the same in every language.
const settings = readSiteSettings(CONTENT_DIR)

const config: GatsbyConfig = {
  // A draft's preview on the nginx host is served under its own path (contracts/previews.ts).
  pathPrefix: previewPrefixOf(process.env),
  siteMetadata: {
    title: settings.name,
    description: settings.description,
    siteUrl: settings.siteUrl,
  },
  trailingSlash: "always",
  // npm run cms: the CMS reaches decap-server through the site's own origin (cms/shared.ts).
  proxy: [{ prefix: LOCAL_CMS_BACKEND.prefix, url: localCmsBackendUrl(process.env.DECAP_PORT) }],
  jsxRuntime: "automatic",
  graphqlTypegen: {
    typesOutputPath: "src/gatsby-types.d.ts",
    generateOnBuild: true,
  },
  plugins: [
    {
      resolve: "gatsby-plugin-styled-components",
      // Component names in class names help while developing; in the build they only cost bytes.
      options: { displayName: process.env.NODE_ENV !== "production", fileName: false, pure: true },
    },
    // gatsby-plugin-image's image data (sizes; AVIF, WebP, JPEG) comes through gatsby-transformer-sharp's
    // gatsbyImageData and is drawn as the browser's own <picture> (src/components/home/team-photo.tsx).
    // Its plugin entry would only add the head style and script its components need, to every page:
    // 600 bytes of gzip that pushed the home page's HTML past one round trip (LCP +0.14 s on mobile).
    "gatsby-plugin-sharp",
    "gatsby-transformer-sharp",
    {
      resolve: "gatsby-plugin-sitemap",
      options: {
        // Only the public routes: no 404 page, no unknown-case fallback.
        excludes: [
          "/dev-404-page/",
          ...LOCALES.flatMap((locale) =>
            ["/404/", "/404.html", "/case-studies/404.html"].map((route) => localePath(route, locale)),
          ),
        ],
        // Each page's context too: the languages of a page not in every one (gatsby/create-pages.ts).
        query: "{ site { siteMetadata { siteUrl } } allSitePage { nodes { path pageContext } } }",
        // Every page with its counterparts in each language it is in, English as the default (hreflang).
        serialize: ({ path: pagePath, pageContext }: { path: string; pageContext?: PageLanguages }) => ({
          url: pagePath,
          links: [
            ...(pageContext?.languages ?? LOCALES).map((locale) => ({
              lang: locale,
              url: translatedPath(pagePath, locale),
            })),
            { lang: "x-default", url: translatedPath(pagePath, DEFAULT_LOCALE) },
          ],
        }),
      },
    },
    {
      resolve: "gatsby-plugin-robots-txt",
      options: {
        host: settings.siteUrl,
        sitemap: `${settings.siteUrl}/sitemap-index.xml`,
        resolveEnv: () => (siteEnv === "production" ? "production" : "staging"),
        env: {
          production: { policy: [{ userAgent: "*", allow: "/" }] },
          // Any other environment (staging, previews) is kept out of search engines entirely.
          staging: { policy: [{ userAgent: "*", disallow: ["/"] }] },
        },
      },
    },
    {
      resolve: "gatsby-source-filesystem",
      options: { name: "content", path: CONTENT_DIR, ignore: ["**/schemas/**"] },
    },
  ],
}

export default config
