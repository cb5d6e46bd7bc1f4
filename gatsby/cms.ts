/**
 * The editors' interface at /admin: Decap CMS from the standalone `decap-cms` package (its bundle
 * carries its own React, apart from the site's), the configuration derived from the content model
 * (content/cms-config.ts) and a page that loads them. Written into public/admin/ after bootstrap,
 * for `gatsby develop` and `gatsby build` alike; none of it is part of the site's bundles.
 */
import type { ParentSpanPluginArgs } from "gatsby"
import fs from "node:fs"
import { createRequire } from "node:module"
import path from "node:path"
import { PREVIEW_SCRIPT, buildPreviews } from "./cms-preview"
import { CONTENT_FORMAT, type CmsField, LOCAL_CMS_BACKEND, cmsConfig } from "./content/cms-config"

export const ADMIN_DIR = "admin"

/** The site's favicon (gatsby-plugin-manifest writes it); without a link the browser asks for /favicon.ico. */
const SITE_ICON = "favicon-32x32.png"

/** decap-cms.js and the chunks and WebAssembly it loads on demand from its own folder. */
const isDecapFile = (name: string) =>
  name === "decap-cms.js" || /^\d+\.decap-cms\.js$/.test(name) || name.endsWith(".wasm")

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
    <script src="/${ADMIN_DIR}/manual-init.js"></script>
    <script src="/${ADMIN_DIR}/decap-cms.js"></script>
    <script src="/${ADMIN_DIR}/${PREVIEW_SCRIPT}"></script>
    <script src="/${ADMIN_DIR}/cms-setup.js"></script>
  </body>
</html>
`
}

/**
 * The JSON format the CMS reads and writes content with. Decap's own JSON writer orders keys as its
 * internal maps happen to hold them, so every save would reshuffle a file; this one writes each object
 * in the order of its fields in the configuration (the schema's order), so a commit shows only what
 * the editor changed. Runs in the admin page, inlined as source: self-contained.
 */
export function contentJsonFormat(shapes: string[][]) {
  const order = (value: unknown): unknown => {
    if (Array.isArray(value)) return value.map(order)
    if (!value || typeof value !== "object") return value
    const record = value as Record<string, unknown>
    const keys = Object.keys(record)
    // The object's own field list: the one naming most of its keys, the shortest on a tie.
    const score = (shape: string[]) => keys.filter((key) => shape.includes(key)).length
    const shape = shapes.reduce<string[]>(
      (best, candidate) =>
        score(candidate) > score(best) || (score(candidate) === score(best) && candidate.length < best.length)
          ? candidate
          : best,
      [],
    )
    const rank = (key: string) => (shape.includes(key) ? shape.indexOf(key) : shape.length)
    const sorted = keys
      .map((key, index) => ({ key, index }))
      .sort((a, b) => rank(a.key) - rank(b.key) || a.index - b.index)
    return Object.fromEntries(sorted.map(({ key }) => [key, order(record[key])]))
  }
  return {
    fromFile: (content: string) => JSON.parse(content) as unknown,
    toFile: (data: unknown) => `${JSON.stringify(order(data), null, 2)}\n`,
  }
}

/** The field names of every object the configuration describes, each in its order. */
export function fieldShapes(fields: readonly CmsField[]): string[][] {
  return [
    fields.map((field) => field.name),
    ...fields.flatMap((field) => (field.fields ? fieldShapes(field.fields) : [])),
  ]
}

/**
 * Registers the content format and starts the CMS. Decap wants its local backend as a full URL, and
 * the page's origin is only known in the browser: it is the origin the admin was loaded from, which
 * passes decap-server's API on (gatsby/content/cms-config.ts, LOCAL_CMS_BACKEND).
 */
export function setupScript(shapes: string[][]): string {
  const localBackend = `{ url: new URL(${JSON.stringify(LOCAL_CMS_BACKEND.path)}, location.origin).href }`
  return [
    `CMS.registerCustomFormat(${JSON.stringify(CONTENT_FORMAT)}, "json", (${contentJsonFormat.toString()})(${JSON.stringify(shapes)}));`,
    `CMS.init({ config: { local_backend: ${localBackend} } });`,
    "",
  ].join("\n")
}

export async function writeAdmin({ store, reporter }: ParentSpanPluginArgs): Promise<void> {
  const { program, config } = store.getState() as {
    program: { directory: string }
    config: { siteMetadata: { title: string; siteUrl: string } }
  }
  const target = path.join(program.directory, "public", ADMIN_DIR)
  fs.mkdirSync(target, { recursive: true })
  const requireFromSite = createRequire(path.join(program.directory, "package.json"))
  const decapDist = path.dirname(requireFromSite.resolve("decap-cms/dist/decap-cms.js"))
  const files = fs.readdirSync(decapDist).filter(isDecapFile)
  for (const file of files) fs.copyFileSync(path.join(decapDist, file), path.join(target, file))
  const cms = cmsConfig(config.siteMetadata.siteUrl)
  const shapes = cms.collections
    .flatMap((collection) => (collection.fields ? [collection.fields] : collection.files!.map((file) => file.fields)))
    .flatMap(fieldShapes)
  // JSON is YAML: Decap reads config.yml, and nothing here needs a YAML writer.
  fs.writeFileSync(path.join(target, "config.yml"), `${JSON.stringify(cms, null, 2)}\n`)
  fs.writeFileSync(path.join(target, "manual-init.js"), "window.CMS_MANUAL_INIT = true;\n")
  fs.writeFileSync(path.join(target, "cms-setup.js"), setupScript(shapes))
  fs.writeFileSync(path.join(target, "index.html"), adminPage(config.siteMetadata.title))
  const previewBytes = await buildPreviews(target, `/${ADMIN_DIR}`)
  reporter.info(
    `Wrote the CMS into public/${ADMIN_DIR}/ (${files.length} Decap files, config from the content schemas, ` +
      `previews ${Math.round(previewBytes / 1000)} kB)`,
  )
}

/**
 * `gatsby develop` serves public/ without directory indexes, so /admin/ would reach its page router;
 * the admin page is handed out directly instead (`npm run cms`).
 */
export function serveAdminInDevelopment({ app, store }: ParentSpanPluginArgs & { app: DevServerApp }): void {
  const { program } = store.getState() as { program: { directory: string } }
  const page = path.join(program.directory, "public", ADMIN_DIR, "index.html")
  app.get([`/${ADMIN_DIR}`, `/${ADMIN_DIR}/`], (_request, response) => response.sendFile(page))
}

interface DevServerApp {
  get(paths: string[], handler: (request: unknown, response: { sendFile(file: string): void }) => void): void
}
