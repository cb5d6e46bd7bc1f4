import type { GatsbyNode, Node } from "gatsby"
import { assertValidContent } from "./gatsby/assert-valid-content"
import { serveAdminInDevelopment, writeAdmin } from "./cms/admin"
import { writeWebManifest } from "./gatsby/web-manifest"
import { iconVersion } from "./gatsby/manifest-head"
import { runPostBuild } from "./gatsby/post-build"
import { writeAuthService } from "./deploy/auth/service-files"
import { HOSTING_DIR } from "./contracts/hosting"
import { projectDirectory } from "./gatsby/internals"
import path from "node:path"
import { FILE_NAME_FIELD, USABLE_IMAGE_EXTENSION, contentTypeDefs } from "./gatsby/content/graphql"
import { photoProblem } from "./gatsby/content/photos"
import { withStableEnvironment } from "./gatsby/render-env"
import type { WebpackPluginInstance } from "webpack"

type FieldResolver = (source: unknown, args: unknown, context: unknown, info: unknown) => unknown
import { CONTENT_DIR } from "./gatsby/paths"
import { readClock } from "./contracts/clock"

export { createPages } from "./gatsby/create-pages"
export { createContentNodes as onCreateNode, sourceContentNodes as sourceNodes } from "./gatsby/content/nodes"
export { localizePages as onCreatePage } from "./gatsby/localize-pages"

export const onPreBootstrap: GatsbyNode["onPreBootstrap"] = async ({ reporter }) => {
  // Dates and the editors' calendar are judged at the build's clock (SITE_CLOCK, or the real time).
  const clock = readClock(process.env)
  if (clock.set) reporter.info(`The build's clock is set (SITE_CLOCK): ${clock.now.toISOString()}`)
  await assertValidContent(CONTENT_DIR, reporter, clock.now)
}

export const createSchemaCustomization: GatsbyNode["createSchemaCustomization"] = ({ actions }) => {
  actions.createFieldExtension({
    name: FILE_NAME_FIELD,
    extend: () => ({
      resolve: (
        source: Node,
        _args: unknown,
        context: { nodeModel: { getNodeById: (query: { id: string }) => { name?: string } | null } },
      ) => (source.parent ? context.nodeModel.getNodeById({ id: source.parent })?.name : null),
    }),
  })
  // After @fileByRelativePath: a photo sharp cannot use resolves to nothing, so the card shows its icon
  // (validation has warned) instead of the image pipeline stopping the build.
  actions.createFieldExtension({
    name: USABLE_IMAGE_EXTENSION,
    extend: (_options: unknown, previous: { resolve: FieldResolver }) => ({
      async resolve(...args: Parameters<FieldResolver>) {
        const file = (await previous.resolve(...args)) as { absolutePath?: string } | null
        return file?.absolutePath && !(await photoProblem(file.absolutePath)) ? file : null
      },
    }),
  })
  actions.createTypes(contentTypeDefs())
}

/** The editors' interface, /admin (cms/admin.ts); the web manifest, its icons and the favicon, under develop too. */
export const onPostBootstrap: GatsbyNode["onPostBootstrap"] = async (args) => {
  await writeAdmin(args)
  await writeWebManifest(args)
}

export const onCreateDevServer: GatsbyNode["onCreateDevServer"] = (args) => {
  serveAdminInDevelopment(args)
}

/**
 * The build's steps after Gatsby's (gatsby/post-build/: sharing images, finished pages, the hosting
 * files, the release's pages, compressed copies); then, for an nginx host, the CMS sign-in service
 * bundled to run with Node alone (.hosting/cms-auth.mjs; on Pages it is functions/).
 */
export const onPostBuild: GatsbyNode["onPostBuild"] = async (args) => {
  await runPostBuild(args)
  await writeAuthService(path.join(projectDirectory(args.store), HOSTING_DIR))
}

/**
 * gatsby-plugin-image's browser bundle imports `camelcase` for image helpers this site never calls
 * (it only renders images already processed at build time). The package has no side effects but
 * does not say so; saying it here lets webpack drop it from the page bundle. The pages' head names
 * the favicon with its version (gatsby-ssr.tsx), read here once rather than in every page's render.
 * The HTML renderer is compiled without the process's environment (gatsby/render-env.ts).
 */
export const onCreateWebpackConfig: GatsbyNode["onCreateWebpackConfig"] = ({ stage, actions, plugins, getConfig }) => {
  if (stage === "build-html") {
    const define = plugins.define as (definitions: Record<string, unknown>) => WebpackPluginInstance
    const config = withStableEnvironment(getConfig(), define)
    config.plugins!.push(plugins.define({ __ICON_VERSION__: JSON.stringify(iconVersion()) }))
    actions.replaceWebpackConfig(config)
  }
  if (stage === "develop-html") {
    actions.setWebpackConfig({ plugins: [plugins.define({ __ICON_VERSION__: JSON.stringify(iconVersion()) })] })
  }
  if (stage !== "build-javascript") return
  actions.setWebpackConfig({
    module: { rules: [{ test: /[\\/]node_modules[\\/]camelcase[\\/]/, sideEffects: false }] },
  })
}
