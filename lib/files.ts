/**
 * Small file helpers every Node side of the project shares (the build's steps, the release command on
 * a host, the publish path, the tests): walking a tree, a file's hash, replacing a file whole. Node
 * alone: this folder imports nothing of the project, so the release command bundles only what it uses.
 */
import crypto from "node:crypto"
import fs from "node:fs"
import path from "node:path"

/** Every file under `dir`, recursively, as full paths. */
export function filesUnder(dir: string): string[] {
  return fs
    .readdirSync(dir, { withFileTypes: true, recursive: true })
    .filter((entry) => entry.isFile())
    .map((entry) => path.join(entry.parentPath, entry.name))
}

/** The hash of a file's bytes (SHA-256, hexadecimal): what tells one version of a file from another. */
export const contentHash = (bytes: Buffer | string): string => crypto.createHash("sha256").update(bytes).digest("hex")

/**
 * A file replaced whole: written beside itself, then renamed over the old one, so a reader (nginx
 * serving a release's stamp, the next build reading a memo, a release reading a manifest) meets the
 * old bytes or the new, never part of them; a write that fails leaves the old file and nothing else.
 */
export function replaceFile(file: string, text: string): void {
  const next = `${file}.next`
  try {
    fs.writeFileSync(next, text)
    fs.renameSync(next, file)
  } finally {
    fs.rmSync(next, { force: true })
  }
}
