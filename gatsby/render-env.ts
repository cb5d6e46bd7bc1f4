/**
 * The HTML renderer is compiled with Gatsby's definitions and the GATSBY_ variables only, as the
 * browser's bundles are. Gatsby's own configuration for it (stage `build-html`) defines every
 * environment variable of the build's process as `process.env.<name>`, and webpack's DefinePlugin
 * makes every module depend on the whole set: a variable that differs between two builds (npm's
 * `npm_*`, set by `npm run`; GitHub's `GITHUB_SHA` and `GITHUB_RUN_ID`; the calendar's `SITE_CLOCK`)
 * changes the renderer's compilation, and Gatsby then renders every page again for a change of one
 * title (1,182 pages of 1,182 at 500 case studies, against 3). The site's render reads `NODE_ENV`
 * alone (gatsby-ssr.tsx).
 */
import type { Configuration, WebpackPluginInstance } from "webpack"
import { GATSBY_ENVIRONMENT, environmentDefinitions } from "../build-steps/gatsby-internals"

const ENVIRONMENT = /^process\.env\./

/** Gatsby's definitions without the process's environment: its own (`__BASE_PATH__`...) and the GATSBY_ variables. */
export const stableDefinitions = (definitions: Record<string, unknown>): Record<string, unknown> =>
  Object.fromEntries(
    Object.entries(definitions).filter(([key]) => !ENVIRONMENT.test(key) || GATSBY_ENVIRONMENT.test(key)),
  )

/**
 * `config` (the renderer's, as Gatsby made it) with its environment's definitions narrowed, made by
 * `define` (Gatsby's `plugins.define`). Stops the build when Gatsby no longer defines the environment
 * in one DefinePlugin (build-steps/gatsby-internals.ts): this step would no longer apply, and every page would be
 * rendered again unnoticed.
 */
export function withStableEnvironment(
  config: Configuration,
  define: (definitions: Record<string, unknown>) => WebpackPluginInstance,
): Configuration {
  const plugins = config.plugins ?? []
  const found = environmentDefinitions(plugins)
  return {
    ...config,
    plugins: plugins.map((plugin) => (plugin === found ? define(stableDefinitions(found.definitions)) : plugin)),
  }
}
