/**
 * A release's pages and their data must come from the same build. Gatsby checks it in the browser:
 * a page whose data (`/page-data/app-data.json`) names another webpack compilation than the one its
 * HTML was built with is reloaded, on arrival and on every move inside the site (Gatsby's
 * production-app.js and navigation.js). An editor's publish changes the content, not the code, so
 * the compilation, and that check, would stay the same while the pages change: a page loaded from
 * one release could hydrate with the next one's data. So the content, and the Node-side build code
 * that shapes page data, go into the compilation's hash (webpack's documented `fullHash` hook), and
 * every release that changes a page has a compilation of its own. The scripts' file names are
 * untouched: they carry their own content's hash, and stay cached across content releases.
 */
import crypto from "node:crypto"
import fs from "node:fs"
import path from "node:path"
import type { Compiler } from "webpack"
import { filesUnder } from "./built-pages"
import { CONTENT_DIR } from "./paths"

const PROJECT_DIR = path.resolve(__dirname, "..")
/** What shapes page data besides the modules webpack bundles: the content and the build's own code. */
const FINGERPRINTED = [CONTENT_DIR, path.join(PROJECT_DIR, "gatsby"), path.join(PROJECT_DIR, "gatsby-node.ts")]

/** The hash of every fingerprinted file's path and bytes, in a stable order. */
export function releaseFingerprint(inputs: readonly string[] = FINGERPRINTED): string {
  const hash = crypto.createHash("sha256")
  const files = inputs.flatMap((input) => (fs.statSync(input).isDirectory() ? filesUnder(input) : [input]))
  for (const file of files.sort()) {
    hash.update(path.relative(PROJECT_DIR, file).split(path.sep).join("/"))
    hash.update("\0")
    hash.update(fs.readFileSync(file))
    hash.update("\0")
  }
  return hash.digest("hex")
}

/** A webpack plugin that adds the fingerprint to the compilation's hash. */
export class ReleaseFingerprintPlugin {
  constructor(private readonly fingerprint: string) {}

  apply(compiler: Compiler): void {
    compiler.hooks.thisCompilation.tap("ReleaseFingerprintPlugin", (compilation) => {
      compilation.hooks.fullHash.tap("ReleaseFingerprintPlugin", (hash) => {
        hash.update(this.fingerprint)
      })
    })
  }
}
