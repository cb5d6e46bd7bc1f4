/**
 * What the build relies on that Gatsby does not document (build-steps/gatsby-internals.ts), checked against the
 * Gatsby the site is built with: each internal, the file of Gatsby that makes it so, and what must be
 * true of it. Each check is shown failing against a copy of that file with the internal changed, as a
 * Gatsby release that changed it would be: then a build step could stop applying without a sound
 * (every page rendered again, bundles before the first paint, pages that look unchanged to the
 * publish path), and this test is where it is heard first. Verified on GATSBY_VERIFIED; a new Gatsby
 * fails the version check until each internal has been looked at again.
 */
import { createRequire } from "node:module"
import path from "node:path"
import { describe, expect, it } from "vitest"
import { type InternalContract, checkInternals } from "../support/internals-contract"
import {
  APP_DATA_FILE,
  GATSBY_ENVIRONMENT,
  GATSBY_INTERNALS,
  GATSBY_VERIFIED,
  type GatsbyInternal,
  PAGE_DATA_DIR,
  PAGE_PATH_SCRIPT_ID,
  SCRIPTS_SLICE,
  SCRIPTS_SLICE_ID,
  SLICES_DIR,
  WEBPACK_STATS_FILE,
  environmentDefinitions,
  evaluateInPathOrder,
  gatsbyChanged,
  htmlFileOf,
  pageDataFile,
  pageDataFileOf,
  projectDirectory,
  staticQueryFile,
} from "../../build-steps/gatsby-internals"

const ROOT = path.resolve(__dirname, "../..")
const GATSBY = path.dirname(require.resolve("gatsby/package.json", { paths: [ROOT] }))
const CORE_UTILS = path.resolve(require.resolve("gatsby-core-utils", { paths: [GATSBY] }), "../..")

/** The body of Gatsby's processEnv (utils/webpack.config.js): what it defines for a stage. */
const processEnvBody = (source: string) => {
  const start = source.indexOf("function processEnv(")
  return start < 0 ? "" : source.slice(start, source.indexOf("debug(`Loading webpack config", start))
}

interface Contract extends InternalContract {
  /** The internal, as build-steps/gatsby-internals.ts names it. */
  internal: GatsbyInternal
  /** What this check looks at. */
  what: string
}

const CONTRACTS: Contract[] = [
  {
    internal: "environment",
    what: "plugins.define is webpack's DefinePlugin",
    pkg: GATSBY,
    file: "dist/utils/webpack-plugins.js",
    holds: (source) => source.includes("define: plugin(`DefinePlugin`)"),
    changed: (source) => source.replace("define: plugin(`DefinePlugin`)", "define: plugin(`EnvironmentPlugin`)"),
  },
  {
    internal: "environment",
    what: "one define of processEnv for every stage, the renderer's among them",
    pkg: GATSBY,
    file: "dist/utils/webpack.config.js",
    holds: (source) => source.match(/plugins\.define\(\{\s*\.\.\.processEnv\(stage, `development`\),/g)?.length === 1,
    changed: (source) => source.replace("...processEnv(stage, `development`),", "...processEnv(stage),"),
  },
  {
    internal: "environment",
    what: "what Gatsby defines beyond the process's environment is what the renderer keeps",
    pkg: GATSBY,
    file: "dist/utils/webpack.config.js",
    holds: (source) => {
      const defined = [...processEnvBody(source).matchAll(/envObject\.(\w+) =/g)].map(([, name]) => name)
      return defined.length > 0 && defined.every((name) => GATSBY_ENVIRONMENT.test(`process.env.${name}`))
    },
    changed: (source) =>
      source.replace(
        "envObject.BUILD_STAGE =",
        "envObject.BUILD_TARGET = JSON.stringify(target);\n    envObject.BUILD_STAGE =",
      ),
  },
  {
    internal: "rendererBundle",
    what: "the HTML renderer is webpack's bundle of static-entry",
    pkg: GATSBY,
    file: "dist/utils/webpack.config.js",
    holds: (source) => source.includes('"render-page": directoryPath(`.cache/static-entry`)'),
    changed: (source) =>
      source.replace('"render-page": directoryPath(`.cache/static-entry`)', '"render-page": `static-entry`'),
  },
  {
    internal: "rendererBundle",
    what: "static-entry evaluates the gatsby-ssr files when it is loaded, before it renders a page",
    pkg: GATSBY,
    file: "cache-dir/static-entry.js",
    holds: (source) => /^const \{ apiRunner, apiRunnerAsync \} = require\(`\.\/api-runner-ssr`\)$/m.test(source),
    changed: (source) =>
      source.replace(
        "const { apiRunner, apiRunnerAsync } = require(`./api-runner-ssr`)",
        "const apiRunners = () => require(`./api-runner-ssr`)",
      ),
  },
  {
    internal: "scriptsSlice",
    what: "the bundles are written through the _gatsby-scripts slice",
    pkg: GATSBY,
    file: "cache-dir/static-entry.js",
    holds: (source) => source.includes("sliceId: `_gatsby-scripts`,"),
    changed: (source) => source.replace("sliceId: `_gatsby-scripts`,", "sliceId: `_gatsby-bundles`,"),
  },
  {
    internal: "scriptsSlice",
    what: "a slice's first place is its id and -1",
    pkg: GATSBY,
    file: "cache-dir/slice/server-slice-renderer.js",
    holds: (source) => source.includes("id: `${sliceId}-1`,") && SCRIPTS_SLICE_ID === "_gatsby-scripts-1",
    changed: (source) => source.replaceAll("id: `${sliceId}-1`,", "id: `${sliceId}-0`,"),
  },
  {
    internal: "scriptsSlice",
    what: "a stitched slice is kept between its slice-start and slice-end comments",
    pkg: GATSBY,
    file: "dist/utils/slices/stitching.js",
    holds: (source) => {
      const marker = (side: string) =>
        new RegExp(`<!-- slice-${side} id="\\$\\{meta\\.id\\}" -->`)
          .exec(source)?.[0]
          .replace("${meta.id}", SCRIPTS_SLICE_ID)
      const [start, end] = [marker("start"), marker("end")]
      return !!start && !!end && SCRIPTS_SLICE.test(`${start}<script src="/app.js" async></script>${end}`)
    },
    changed: (source) => source.replaceAll("<!-- slice-end id=", "<!-- /slice id="),
  },
  {
    internal: "scriptsSlice",
    what: "the slices' HTML is written under public/_gatsby/slices",
    pkg: GATSBY,
    file: "dist/utils/gatsby-webpack-stats-extractor.js",
    holds: (source) =>
      source.includes(`_path.default.join(\`public\`, \`_gatsby\`, \`slices\`, \`${SCRIPTS_SLICE_ID}.html\`)`) &&
      SLICES_DIR === "_gatsby/slices",
    changed: (source) =>
      source.replace("`_gatsby`, `slices`, `_gatsby-scripts-1.html`", "`_gatsby`, `_gatsby-scripts-1.html`"),
  },
  {
    internal: "pagePathScript",
    what: "window.pagePath is written by a post-body script with its id",
    pkg: GATSBY,
    file: "cache-dir/static-entry.js",
    holds: (source) => {
      const loader = source.indexOf(`id={\`${PAGE_PATH_SCRIPT_ID}\`}`)
      return (
        loader > 0 && source.lastIndexOf("window.pagePath=", loader) > 0 && source.includes("postBodyComponents.push(")
      )
    },
    changed: (source) => source.replace("id={`gatsby-script-loader`}", "data-gatsby-loader"),
  },
  {
    internal: "pageData",
    what: "a page's data is at page-data/<path>/page-data.json, / as index",
    pkg: CORE_UTILS,
    file: "dist/page-data.js",
    holds: (source) =>
      source.includes("return pagePath === `/` ? `index` : pagePath;") &&
      source.includes("_path.default.join(publicDir, `page-data`, fixedPagePath(pagePath), `page-data.json`)"),
    changed: (source) =>
      source.replace("`page-data`, fixedPagePath(pagePath)", "`page-data`, `pages`, fixedPagePath(pagePath)"),
  },
  {
    internal: "pageData",
    what: "a static query's result is at page-data/sq/d/<hash>.json",
    pkg: GATSBY,
    file: "dist/utils/static-query-utils.js",
    holds: (source) =>
      source.includes("const getStaticQueryPath = hash => join(`page-data`, `sq`, `d`, `${hash}.json`);") &&
      staticQueryFile("1") === "page-data/sq/d/1.json",
    changed: (source) => source.replace("`sq`, `d`, `${hash}.json`", "`sq`, `${hash}.json`"),
  },
  {
    internal: "pageData",
    what: "the compilation's hash is at page-data/app-data.json",
    pkg: GATSBY,
    file: "dist/utils/app-data.js",
    holds: (source) =>
      source.includes("const APP_DATA_JSON = `app-data.json`;") &&
      source.includes("_path.default.join(publicDir, `page-data`, APP_DATA_JSON)") &&
      APP_DATA_FILE === `${PAGE_DATA_DIR}/app-data.json`,
    changed: (source) => source.replace("const APP_DATA_JSON = `app-data.json`;", "const APP_DATA_JSON = `app.json`;"),
  },
  {
    internal: "chunkGroups",
    what: "webpack.stats.json holds the named chunk groups",
    pkg: GATSBY,
    file: "dist/utils/gatsby-webpack-stats-extractor.js",
    holds: (source) =>
      source.includes(`_path.default.join(\`public\`, \`${WEBPACK_STATS_FILE}\`)`) &&
      /namedChunkGroups = \{\}[\s\S]*?namedChunkGroups,/.test(source),
    changed: (source) => source.replace("`public`, `webpack.stats.json`", "`public`, `webpack-stats.json`"),
  },
  {
    internal: "programDirectory",
    what: "the store's program holds the project's directory",
    pkg: GATSBY,
    file: "dist/services/initialize.js",
    holds: (source) => source.includes("const siteDirectory = program.directory;"),
    changed: (source) =>
      source.replace("const siteDirectory = program.directory;", "const siteDirectory = program.root;"),
  },
]

describe(`Gatsby's internals the build relies on (verified on ${GATSBY_VERIFIED})`, () => {
  checkInternals({ name: "gatsby", pkg: GATSBY, verified: GATSBY_VERIFIED, root: ROOT }, CONTRACTS, "$internal: $what")

  it("each has a check here", () => {
    expect(new Set(CONTRACTS.map(({ internal }) => internal))).toEqual(new Set(Object.keys(GATSBY_INTERNALS)))
  })
})

describe("the internals, as the build uses them", () => {
  it("find the environment in the DefinePlugin Gatsby's plugins.define makes, and stop naming it when there is none", () => {
    const { builtinPlugins } = createRequire(__filename)(path.join(GATSBY, "dist/utils/webpack-plugins.js")) as {
      builtinPlugins: { define: (definitions: object) => unknown; ignore: (options: object) => unknown }
    }
    const define = builtinPlugins.define({ "process.env.NODE_ENV": '"production"', __BASE_PATH__: '""' })
    const ignore = builtinPlugins.ignore({ resourceRegExp: /moment/ })
    expect(environmentDefinitions([ignore, define])).toBe(define)
    expect(() => environmentDefinitions([ignore])).toThrow(
      `Gatsby changed ${GATSBY_INTERNALS.environment} (build-steps/gatsby-internals.ts, "environment", verified on ${GATSBY_VERIFIED})`,
    )
  })

  it("name a page's data file as Gatsby's own helper does", () => {
    const { generatePageDataPath } = createRequire(__filename)(path.join(CORE_UTILS, "dist/page-data.js")) as {
      generatePageDataPath: (publicDir: string, pagePath: string) => string
    }
    for (const pagePath of ["/", "/fr/", "/case-studies/wine/", "/404.html", "/fr/case-studies/404.html"]) {
      expect(pageDataFile(pagePath), pagePath).toBe(path.relative("public", generatePageDataPath("public", pagePath)))
      expect(pageDataFileOf(htmlFileOf(pagePath)), pagePath).toBe(pageDataFile(pagePath))
    }
  })

  it("evaluate a context's modules in the order of their paths, whatever order it lists them in", () => {
    const evaluated: string[] = []
    const context = Object.assign((key: string) => evaluated.push(key), {
      keys: () => ["./b/z.tsx", "./a.ts", "./b/a.ts"],
    })
    expect(evaluateInPathOrder(context)).toBe(3)
    expect(evaluated).toEqual(["./a.ts", "./b/a.ts", "./b/z.tsx"])
  })

  it("read the project's folder from Gatsby's store, and stop naming it when the store has none", () => {
    expect(projectDirectory({ getState: () => ({ program: { directory: "/site" } }) })).toBe("/site")
    expect(() => projectDirectory({ getState: () => ({ program: {} }) })).toThrow(
      gatsbyChanged("programDirectory", "").message.slice(0, 60),
    )
  })
})
