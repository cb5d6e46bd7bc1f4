import type { GatsbyConfig } from "gatsby"
import fs from "node:fs"
import path from "node:path"
import { CONTENT_DIR } from "./gatsby/paths"
import { contentTypeOf } from "./model/registry"
import { LOCAL_CMS_BACKEND } from "./cms/shared"
import { theme } from "./src/styles/theme"

/** SITE_ENV=staging (or anything but production) builds a site that asks robots to stay away. */
const siteEnv = process.env.SITE_ENV ?? "production"

const settings = JSON.parse(fs.readFileSync(path.join(CONTENT_DIR, "site/settings.json"), "utf8")) as {
  name: string
  shortName: string
  description: string
  siteUrl: string
}

const config: GatsbyConfig = {
  siteMetadata: {
    title: settings.name,
    description: settings.description,
    siteUrl: settings.siteUrl,
  },
  trailingSlash: "always",
  // npm run cms: the CMS reaches decap-server through the site's own origin (cms/shared.ts).
  proxy: [{ prefix: LOCAL_CMS_BACKEND.prefix, url: LOCAL_CMS_BACKEND.url }],
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
    "gatsby-plugin-react-helmet",
    // gatsby-plugin-image's image data (sizes; AVIF, WebP, JPEG) comes through gatsby-transformer-sharp's
    // gatsbyImageData and is drawn as the browser's own <picture> (src/components/home/team-photo.tsx).
    // Its plugin entry would only add the head style and script its components need, to every page:
    // 600 bytes of gzip that pushed the home page's HTML past one round trip (LCP +0.14 s on mobile).
    "gatsby-plugin-sharp",
    "gatsby-transformer-sharp",
    {
      resolve: "gatsby-plugin-manifest",
      options: {
        name: settings.name,
        short_name: settings.shortName,
        description: settings.description,
        lang: "en",
        start_url: "/",
        display: "browser",
        background_color: theme.color.ink,
        theme_color: theme.color.ink,
        icon: "src/images/icon.png",
        // No apple-touch-icon link per size in every page head: iOS finds /apple-touch-icon.png by itself.
        legacy: false,
      },
    },
    {
      resolve: "gatsby-plugin-sitemap",
      options: {
        // Only the public routes: no 404 page, no unknown-case fallback.
        excludes: ["/404/", "/404.html", "/dev-404-page/", "/case-studies/\\[...\\]/"],
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
    {
      resolve: "gatsby-transformer-json",
      options: {
        // Each file's node type comes from the content registry, not from its folder name.
        typeName: ({ node }: { node: { relativePath: string } }) =>
          contentTypeOf(node.relativePath)?.typeName ?? "UnregisteredContent",
      },
    },
  ],
}

export default config
