import path from "node:path"
import type { GatsbyNode, Node } from "gatsby"
import type { WebpackPluginInstance } from "webpack"
import { photoProblem } from "./build-steps/content/photos"
import { projectDirectory } from "./build-steps/gatsby-internals"
import { serveAdminInDevelopment, writeAdmin } from "./cms/admin"
import { CMS_REPOSITORY } from "./cms/config"
import { HOSTING_DIR } from "./contracts/hosting"
import { writeAuthService } from "./deploy/auth/service-files"
import { FILE_NAME_FIELD, USABLE_IMAGE_EXTENSION, contentTypeDefs } from "./gatsby/content/graphql"
import { iconVersion } from "./gatsby/manifest-head"
import { withStableEnvironment } from "./gatsby/render-env"
import { siteBuild } from "./gatsby/site-build"
import { writeWebManifest } from "./gatsby/web-manifest"

type FieldResolver = (source: unknown, args: unknown, context: unknown, info: unknown) => unknown

export { createPages } from "./gatsby/create-pages"
export { localizePages as onCreatePage } from "./gatsby/localize-pages"

/** The hooks that read the build's context: its clock and its reading of the content (gatsby/site-build.ts). */
const build = siteBuild()
export const onPreBootstrap: GatsbyNode["onPreBootstrap"] = (args) => build.onPreBootstrap(args)
export const onCreateNode: GatsbyNode["onCreateNode"] = (args) => build.onCreateNode(args)
export const sourceNodes: GatsbyNode["sourceNodes"] = (args) => build.sourceNodes(args)

/**
 * The build's steps after Gatsby's (gatsby/post-build.ts: sharing images, finished pages, the hosting
 * files, the release's pages, compressed copies); then, for an nginx host, the CMS sign-in service
 * bundled to run with Node alone (.hosting/cms-auth.mjs; on Pages it is functions/).
 */
export const onPostBuild: GatsbyNode["onPostBuild"] = async (args) => {
  await build.onPostBuild(args)
  await writeAuthService(path.join(projectDirectory(args.store), HOSTING_DIR), CMS_REPOSITORY)
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

/**
 * The bootstrap is over (gatsby/site-build.ts); the editors' interface, /admin (cms/admin.ts); the web
 * manifest, its icons and the favicon, under develop too.
 */
export const onPostBootstrap: GatsbyNode["onPostBootstrap"] = async (args) => {
  build.onPostBootstrap()
  await writeAdmin(args)
  await writeWebManifest(args)
}

export const onCreateDevServer: GatsbyNode["onCreateDevServer"] = (args) => {
  serveAdminInDevelopment(args)
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
