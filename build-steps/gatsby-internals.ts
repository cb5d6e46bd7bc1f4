/**
 * Everything the build relies on that Gatsby does not document or promise, in one place: the HTML
 * renderer's environment and single bundle, the scripts slice's markers, the script that carries
 * `window.pagePath`, where a page's data and the static queries' results are written, and where its
 * store keeps the project's folder. test/build-steps/gatsby-contract.test.ts checks each against the
 * installed Gatsby (GATSBY_VERIFIED); a step that meets output of another shape stops the build with
 * `gatsbyChanged`, naming the internal. Plain values and path arithmetic: gatsby-ssr.tsx reads it too.
 */
import type { Store } from "gatsby"
import path from "node:path"

/** The Gatsby release these internals were verified on. */
export const GATSBY_VERIFIED = "gatsby 5.16.1"

/** The internals, by the name a build stops with and the contract test checks. */
export const GATSBY_INTERNALS = {
  environment: "the HTML renderer's environment, defined by one DefinePlugin with process.env.NODE_ENV",
  rendererBundle: "the HTML renderer as one webpack bundle of static-entry, gatsby-ssr evaluated before any page",
  scriptsSlice: 'the scripts slice between <!-- slice-start id="_gatsby-scripts-1" --> and its slice-end',
  pagePathScript: 'window.pagePath written in <script id="gatsby-script-loader">',
  pageData: "a page's data at public/page-data/<path>/page-data.json, static queries at page-data/sq/d/<hash>.json",
  chunkGroups: "each template's bundles in public/webpack.stats.json, as namedChunkGroups[componentChunkName]",
  programDirectory: "the project's folder at store.getState().program.directory",
} as const

export type GatsbyInternal = keyof typeof GATSBY_INTERNALS

/** The error a build step throws when Gatsby's output no longer has the shape one internal gives it. */
export function gatsbyChanged(internal: GatsbyInternal, what: string): Error {
  return new Error(
    `Gatsby changed ${GATSBY_INTERNALS[internal]} (build-steps/gatsby-internals.ts, "${internal}", verified on ${GATSBY_VERIFIED}): ${what}. See docs/architecture.md, "Gatsby's internals".`,
  )
}

// --- environment: Gatsby's definitions for the HTML renderer (its utils/webpack.config.js) ---

/** What Gatsby defines whatever the process's environment: the rest of `process.env.*` is the process's own. */
export const GATSBY_ENVIRONMENT = /^process\.env(\.(NODE_ENV|PUBLIC_DIR|BUILD_STAGE|CYPRESS_SUPPORT|GATSBY_\w+))?$/

/** A webpack plugin as Gatsby's `plugins.define` makes one: webpack's DefinePlugin, its definitions. */
export interface Definitions {
  definitions: Record<string, unknown>
}

/** Whether `plugin` is the DefinePlugin holding Gatsby's environment (it defines process.env.NODE_ENV). */
export const isEnvironmentDefinitions = (plugin: unknown): plugin is Definitions =>
  (plugin as { constructor?: { name?: string } } | null)?.constructor?.name === "DefinePlugin" &&
  Object.hasOwn((plugin as Definitions).definitions ?? {}, "process.env.NODE_ENV")

/** The one plugin of `plugins` that defines the environment; stops the build when Gatsby makes none or two. */
export function environmentDefinitions<Plugin>(plugins: readonly Plugin[]): Plugin & Definitions {
  const found = plugins.filter(isEnvironmentDefinitions)
  if (found.length !== 1) {
    throw gatsbyChanged("environment", `the renderer's configuration has ${found.length} such DefinePlugins, not 1`)
  }
  return found[0] as Plugin & Definitions
}

// --- rendererBundle: gatsby-ssr is compiled into render-page.js by webpack, with the site's modules ---

/** A webpack context (webpack's documented `require.context`): the keys it lists, and the module of a key. */
export interface ModuleContext {
  keys(): string[]
  (key: string): unknown
}

/**
 * Evaluates every module of a context in the order of its paths. styled-components numbers a
 * component's styles when its module is first evaluated, and writes a page's CSS in that order: run
 * from gatsby-ssr.tsx, which Gatsby's renderer evaluates before it renders a page, this makes a page
 * rendered alone carry the CSS a full build gives it.
 */
export function evaluateInPathOrder(context: ModuleContext): number {
  const keys = context.keys().sort()
  for (const key of keys) context(key)
  return keys.length
}

// --- scriptsSlice: each page's bundle tags, stitched in from public/_gatsby/slices/ ---

/** The folder of Gatsby's slices (the scripts slice among them), under public/. */
export const SLICES_DIR = "_gatsby/slices"
export const SCRIPTS_SLICE_ID = "_gatsby-scripts-1"
/** The scripts slice in a page: its start marker, what it holds, its end marker. */
export const SCRIPTS_SLICE = new RegExp(
  `(<!-- slice-start id="${SCRIPTS_SLICE_ID}" -->)([\\s\\S]*?)(<!-- slice-end id="${SCRIPTS_SLICE_ID}" -->)`,
)

// --- pagePathScript: the post-body script static-entry writes with window.pagePath ---

export const PAGE_PATH_SCRIPT_ID = "gatsby-script-loader"

// --- pageData: what Gatsby writes for each page beside its HTML ---

export const PAGE_DATA_DIR = "page-data"
/** The result of a static query (under public/), by its hash. */
export const staticQueryFile = (hash: string): string => path.posix.join(PAGE_DATA_DIR, "sq", "d", `${hash}.json`)
/** The build's webpack compilation hash, which every page's data names (under public/). */
export const APP_DATA_FILE = path.posix.join(PAGE_DATA_DIR, "app-data.json")

/** The folder of a page's data for its path, as Gatsby names it: `/` is `index`, `/fr/` is `fr`. */
const pageDataFolder = (pagePath: string): string => (pagePath === "/" ? "index" : pagePath.replace(/^\/|\/$/g, ""))

/** A page's data file (under public/), by the page's path. */
export const pageDataFile = (pagePath: string): string =>
  path.posix.join(PAGE_DATA_DIR, pageDataFolder(pagePath), "page-data.json")

/** The HTML file (under public/) Gatsby writes for a page's path. */
export function htmlFileOf(pagePath: string): string {
  if (pagePath.endsWith(".html")) return pagePath.slice(1)
  return path.posix.join(pagePath.slice(1), "index.html")
}

/** The page-data file (under public/) of a page's HTML file: the inverse of htmlFileOf. */
export function pageDataFileOf(htmlFile: string): string {
  const dir =
    htmlFile === "index.html" ? "index" : htmlFile.endsWith("/index.html") ? path.posix.dirname(htmlFile) : htmlFile
  return path.posix.join(PAGE_DATA_DIR, dir, "page-data.json")
}

/** The fields of a page's data the build reads. */
export interface PageData {
  path: string
  componentChunkName: string
  staticQueryHashes?: string[]
}

// --- chunkGroups: the bundles Gatsby's runtime loads for a template ---

/** Gatsby's record of webpack's chunk groups (under public/), which its runtime reads too. */
export const WEBPACK_STATS_FILE = "webpack.stats.json"

/** The part of webpack.stats.json the build reads: each template's bundles, by its chunk name. */
export interface WebpackStats {
  namedChunkGroups: Record<string, { assets: Array<string | { name: string }> }>
}

// --- programDirectory: the project's folder, as Gatsby's store holds it ---

/** The project's folder, from the store Gatsby hands its Node APIs. */
export function projectDirectory(store: Pick<Store, "getState">): string {
  const directory = (store.getState() as { program?: { directory?: unknown } }).program?.directory
  if (typeof directory !== "string") throw gatsbyChanged("programDirectory", "its store holds no program.directory")
  return directory
}

/** The build's public folder, where Gatsby writes the site. */
export const publicDirectory = (store: Pick<Store, "getState">): string => path.join(projectDirectory(store), "public")
