import webpack from "webpack"
import { describe, expect, it } from "vitest"
import { stableDefinitions, withStableEnvironment } from "../../gatsby/render-env"

/** Gatsby's definitions for its HTML renderer, as its webpack.config.js makes them in a build under npm on GitHub. */
const gatsbys = {
  __BASE_PATH__: '""',
  __PATH_PREFIX__: '""',
  "process.env": "({})",
  "process.env.NODE_ENV": '"production"',
  "process.env.BUILD_STAGE": '"build-html"',
  "process.env.GATSBY_SLICES": '"true"',
  "process.env.npm_lifecycle_event": '"build"',
  "process.env.GITHUB_SHA": '"9a96360e"',
  "process.env.SITE_CLOCK": '"2026-12-01T09:00:00+01:00"',
}

const define = (definitions: Record<string, unknown>) => new webpack.DefinePlugin(definitions as never)

describe("the HTML renderer's definitions", () => {
  it("keep Gatsby's own and the GATSBY_ variables, not the rest of the process's environment", () => {
    expect(Object.keys(stableDefinitions(gatsbys)).sort()).toEqual([
      "__BASE_PATH__",
      "__PATH_PREFIX__",
      "process.env",
      "process.env.BUILD_STAGE",
      "process.env.GATSBY_SLICES",
      "process.env.NODE_ENV",
    ])
  })

  it("replace Gatsby's DefinePlugin in the renderer's configuration, the other plugins kept in place", () => {
    const other = new webpack.IgnorePlugin({ resourceRegExp: /^\.\/locale$/ })
    const config = withStableEnvironment({ plugins: [other, define(gatsbys)] }, define)
    expect(config.plugins![0]).toBe(other)
    expect(Object.keys((config.plugins![1] as webpack.DefinePlugin).definitions)).not.toContain(
      "process.env.GITHUB_SHA",
    )
  })

  it("stop the build when Gatsby no longer defines the environment that way", () => {
    expect(() => withStableEnvironment({ plugins: [define({ __BASE_PATH__: '""' })] }, define)).toThrow(
      /Gatsby changed the HTML renderer's environment, .*"environment", verified on gatsby 5\.16\.1\): the renderer's configuration has 0 such DefinePlugins, not 1/,
    )
  })
})
