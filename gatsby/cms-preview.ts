/**
 * The admin's preview bundle: the site's own components (src/cms/templates.tsx) compiled with
 * esbuild into /admin/preview.js, to draw each entry in Decap's preview pane as the site draws it.
 * Its `react` is the CMS's React (src/cms/react/), so the components render inside the CMS's tree
 * with one React; `gatsby` and `gatsby-plugin-image` are stand-ins for the runtime the pane lacks.
 * The faces are copied beside it. Nothing of it reaches the site's bundles.
 */
import { type Plugin, build } from "esbuild"
import fs from "node:fs"
import path from "node:path"

export const PREVIEW_SCRIPT = "preview.js"

const ROOT = path.resolve(__dirname, "..")
const CMS_SOURCE = path.join(ROOT, "src", "cms")

/** The modules the bundle takes from src/cms instead of node_modules. */
const STAND_INS: Record<string, string> = {
  react: "react/react.cjs",
  "react/jsx-runtime": "react/jsx-runtime.cjs",
  gatsby: "gatsby.tsx",
  "gatsby-plugin-image": "gatsby-plugin-image.tsx",
}

export const standIns: Plugin = {
  name: "cms-stand-ins",
  setup(bundle) {
    bundle.onResolve({ filter: /^(react|react\/jsx-runtime|gatsby|gatsby-plugin-image)$/ }, ({ path: name }) => ({
      path: path.join(CMS_SOURCE, STAND_INS[name]),
    }))
    // A second React (the site's react-dom or one of its subpaths) would break hooks in the pane.
    bundle.onResolve({ filter: /^(react-dom|react)(\/.*)?$/ }, ({ path: name, importer }) => ({
      errors: [
        {
          text: `${name} (imported by ${path.relative(ROOT, importer)}) has no place in the preview bundle, which uses the CMS's React`,
        },
      ],
    }))
  },
}

/** Builds the previews into `target` (the admin folder, served at `publicPath`); answers the script's size. */
export async function buildPreviews(target: string, publicPath: string): Promise<number> {
  const outfile = path.join(target, PREVIEW_SCRIPT)
  await build({
    absWorkingDir: ROOT,
    entryPoints: [path.join(CMS_SOURCE, "register-previews.tsx")],
    outfile,
    bundle: true,
    minify: true,
    format: "iife",
    platform: "browser",
    target: "es2020",
    jsx: "automatic",
    define: { "process.env.NODE_ENV": JSON.stringify("production") },
    loader: { ".woff2": "file" },
    assetNames: "fonts/[name]-[hash]",
    publicPath,
    legalComments: "none",
    logLevel: "silent",
    plugins: [standIns],
  })
  return fs.statSync(outfile).size
}
