/**
 * The admin's one script, /admin/cms.js: Decap CMS (whose peer React is React 19), composed from the
 * parts `decap-cms-app` ships (cms/app/decap-cms.ts), with the site's own components registered as
 * previews (cms/app/index.tsx), compiled by esbuild. The bundle has one React, React 19 from the
 * `react-19` and `react-dom-19` aliases: every `react` and `react-dom` import in it, Decap's and the
 * site's components' alike, resolves there. The site itself stays on React 18; nothing here reaches its
 * bundles. `gatsby` is a stand-in for the runtime the preview pane lacks.
 */
import { type Plugin, build } from "esbuild"
import fs from "node:fs"
import path from "node:path"
import { ADMIN_SCRIPT } from "../contracts/admin"
import { CMS_REPOSITORY, PUBLISHED_BRANCH } from "./config"
import { CONTENT_FOLDER } from "./fields"
import type { DocumentTree } from "./format"

const ROOT = path.resolve(__dirname, "..")
const APP = path.join(__dirname, "app")

/** The packages the admin takes from cms/app/stand-ins instead of node_modules. */
const STAND_INS: Record<string, string> = {
  gatsby: "stand-ins/gatsby.tsx",
}

/** `react`, `react-dom` and their subpaths ("react/jsx-runtime", "react-dom/client"). */
const REACT_IMPORT = /^(react|react-dom)(\/.*)?$/

/** The npm alias each React package of the admin is installed under (package.json devDependencies). */
const ADMIN_REACT: Record<string, string> = { react: "react-19", "react-dom": "react-dom-19" }

/**
 * Decap's parts (core, backends, widgets), in the versions `decap-cms-app` ships together: resolved
 * from that package's folder, as its own imports of them are; a module of one (the core's store,
 * cms/app/decap-internals/store.ts) too, so it is the very module the core runs.
 */
const DECAP_PART = /^decap-cms-(core|backend-[\w-]+|widget-[\w-]+)(\/.*)?$/

const adminResolution: Plugin = {
  name: "admin-resolution",
  setup(bundle) {
    let decapApp: Promise<string> | undefined
    const decapAppFolder = () =>
      (decapApp ??= bundle
        .resolve("decap-cms-app/package.json", { resolveDir: ROOT, kind: "require-call" })
        .then(({ path: file }) => path.dirname(file)))
    // Asked again from decap-cms-app's folder, esbuild's own resolution answers.
    bundle.onResolve({ filter: DECAP_PART }, async ({ path: name, kind, resolveDir }) => {
      const folder = await decapAppFolder()
      return resolveDir === folder ? undefined : bundle.resolve(name, { resolveDir: folder, kind })
    })
    bundle.onResolve({ filter: /^gatsby$/ }, ({ path: name }) => ({
      path: path.join(APP, STAND_INS[name]),
    }))
    bundle.onResolve({ filter: REACT_IMPORT }, ({ path: name, kind }) => {
      const [, pkg, subpath = ""] = REACT_IMPORT.exec(name)!
      return bundle.resolve(`${ADMIN_REACT[pkg]}${subpath}`, { resolveDir: ROOT, kind })
    })
  },
}

/**
 * Builds the admin's script into `target` (the admin folder, served at `publicPath`), with the field
 * tree of every document the CMS writes (cms/format.ts); answers the script's size in bytes.
 */
export async function buildAdminScript(target: string, publicPath: string, documents: DocumentTree[]): Promise<number> {
  const outfile = path.join(target, ADMIN_SCRIPT)
  await build({
    absWorkingDir: ROOT,
    entryPoints: [path.join(APP, "index.tsx")],
    outfile,
    bundle: true,
    minify: true,
    format: "iife",
    platform: "browser",
    target: "es2020",
    jsx: "automatic",
    define: {
      "process.env.NODE_ENV": JSON.stringify("production"),
      global: "globalThis",
      CMS_DOCUMENTS: JSON.stringify(documents),
      CMS_REPOSITORY_CONTENT: JSON.stringify({
        repo: CMS_REPOSITORY,
        branch: PUBLISHED_BRANCH,
        folder: CONTENT_FOLDER,
      }),
    },
    loader: { ".woff2": "file", ".wasm": "file" },
    assetNames: "fonts/[name]-[hash]",
    publicPath,
    legalComments: "none",
    logLevel: "silent",
    plugins: [adminResolution],
  })
  return fs.statSync(outfile).size
}
