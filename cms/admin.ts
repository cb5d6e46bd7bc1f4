/**
 * The editors' interface at /admin: the admin script (bundle.ts), the configuration derived from the
 * content model (config.ts) and a page that loads them. Written into public/admin/ after bootstrap,
 * for `gatsby develop` and `gatsby build` alike; none of it is part of the site's bundles.
 */
import type { ParentSpanPluginArgs } from "gatsby"
import fs from "node:fs"
import path from "node:path"
import { ADMIN_DIR, ADMIN_SCRIPT } from "../contracts/admin"
import { buildAdminScript } from "./bundle"
import { cmsConfig } from "./config"
import { fieldTrees } from "./format"
import { publicDirectory } from "../build-steps/gatsby-internals"
import { readSiteSettings } from "../lib/site-settings"
import { CONTENT_DIR } from "../build-steps/paths"

/** The site's favicon (gatsby-plugin-manifest writes it); without a link the browser asks for /favicon.ico. */
const SITE_ICON = "favicon-32x32.png"

export function adminPage(siteName: string): string {
  return `<!doctype html>
<html lang="en">
  <head>
    <meta charset="utf-8" />
    <meta name="viewport" content="width=device-width, initial-scale=1" />
    <meta name="robots" content="noindex, nofollow" />
    <title>Content · ${siteName}</title>
    <link rel="icon" href="/${SITE_ICON}" type="image/png" />
    <link rel="cms-config-url" type="text/yaml" href="/${ADMIN_DIR}/config.yml" />
  </head>
  <body>
    <script src="/${ADMIN_DIR}/${ADMIN_SCRIPT}"></script>
  </body>
</html>
`
}

export async function writeAdmin({ store, reporter }: ParentSpanPluginArgs): Promise<void> {
  const settings = readSiteSettings(CONTENT_DIR)
  const target = path.join(publicDirectory(store), ADMIN_DIR)
  fs.mkdirSync(target, { recursive: true })
  const cms = cmsConfig(settings.siteUrl)
  // JSON is YAML: Decap reads config.yml, and nothing here needs a YAML writer.
  fs.writeFileSync(path.join(target, "config.yml"), `${JSON.stringify(cms, null, 2)}\n`)
  fs.writeFileSync(path.join(target, "index.html"), adminPage(settings.name))
  const bytes = await buildAdminScript(target, `/${ADMIN_DIR}/`, fieldTrees(cms.collections))
  reporter.info(
    `Wrote the CMS into public/${ADMIN_DIR}/ (configuration from the content schemas, ${ADMIN_SCRIPT} ` +
      `${(bytes / 1e6).toFixed(1)} MB with the site's previews)`,
  )
}

/**
 * `gatsby develop` serves public/ without directory indexes, so /admin/ would reach its page router;
 * the admin page is handed out directly instead (`npm run cms`).
 */
export function serveAdminInDevelopment({ app, store }: ParentSpanPluginArgs & { app: DevServerApp }): void {
  const page = path.join(publicDirectory(store), ADMIN_DIR, "index.html")
  app.get([`/${ADMIN_DIR}`, `/${ADMIN_DIR}/`], (_request, response) => response.sendFile(page))
}

interface DevServerApp {
  get(paths: string[], handler: (request: unknown, response: { sendFile(file: string): void }) => void): void
}
