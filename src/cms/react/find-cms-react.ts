/**
 * The CMS's own React, for the preview bundle's `react` (react.cjs). Decap's standalone bundle keeps
 * React inside its webpack module table and exposes only `createElement`, as `window.h`; the site's
 * components need the whole module (hooks, context) and must share one React with the pane they
 * render in. The bundle's chunk array is public, so pushing an empty chunk hands back webpack's
 * require; the React module is the one factory that defines React 19's element type and useState,
 * and it is taken only if its createElement is the CMS's.
 */
import type * as ReactModule from "react"

type Factory = (...args: unknown[]) => void
type WebpackRequire = ((id: string) => unknown) & { m: Record<string, Factory> }

interface DecapWindow {
  webpackChunkDecapCms?: Array<[symbol[], Record<string, Factory>, (require: WebpackRequire) => void]>
  h?: unknown
}

/** Source text only React's main module has: its element symbol and its useState export. */
const REACT_MARKERS = ["react.transitional.element", "useState"]

export function findCmsReact(host: DecapWindow = window as DecapWindow): typeof ReactModule {
  const chunks = host.webpackChunkDecapCms
  if (!chunks || typeof host.h !== "function") {
    throw new Error("Previews need Decap CMS's bundle (decap-cms.js) loaded first: its React was not found")
  }
  let require: WebpackRequire | undefined
  chunks.push([[Symbol("site-preview")], {}, (webpackRequire) => (require = webpackRequire)])
  if (!require) throw new Error("Decap CMS's module table did not answer")
  const found = require
  const candidates = Object.keys(found.m).filter((id) => {
    const source = String(found.m[id])
    return REACT_MARKERS.every((marker) => source.includes(marker))
  })
  for (const id of candidates) {
    const module = found(id) as Partial<typeof ReactModule>
    if (module.createElement === host.h) return module as typeof ReactModule
  }
  throw new Error(`React was not found among Decap CMS's modules (${candidates.length} candidates)`)
}
