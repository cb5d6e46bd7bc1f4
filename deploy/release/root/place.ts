/**
 * The one way a folder of a build's files is made under the release root, for a release and for a
 * preview alike: under a temporary name, each file linked from a kept release or copied as a new file
 * (its bytes hashed as they are copied and held to the manifest, then renamed into place, so no file
 * is ever written into an inode a release holds), then what the caller adds (a release's records and
 * its nginx check), then renamed to its own name in one step. Whatever fails on the way, the
 * temporary folder is removed and a full disk is said as such: nothing half made ever has its name.
 */
import fs from "node:fs"
import path from "node:path"
import { contentHash } from "../../../lib/files"
import { diskFull } from "./disk"
import { removeTree } from "./remove-tree"
import type { Manifest, Transfer } from "./manifest"

export interface Placement {
  /** The release root (for a full disk's message). */
  root: string
  /** The folder made, under its temporary name, then its own. */
  partial: string
  final: string
  /** Where the build's files go inside it ("public" for a release, "" for a preview). */
  filesIn: string
  /** The upload's public/, and its manifest and plan (manifest.ts). */
  sourcePublic: string
  manifest: Manifest
  transfer: Transfer
  /** What the caller adds to the folder once its files are in, before it takes its name. */
  finish?: (partial: string) => void
  /** Said after "full" when the disk fills: " while a preview was copied". */
  during?: string
}

/** Copies `from` to `to` as a new file, its bytes those `expected` says, by way of `scratch`. */
function copyChecked(from: string, to: string, scratch: string, file: string, expected: Manifest[string]): void {
  const descriptor = fs.openSync(from, fs.constants.O_RDONLY | fs.constants.O_NOFOLLOW)
  let bytes: Buffer
  try {
    bytes = fs.readFileSync(descriptor)
  } finally {
    fs.closeSync(descriptor)
  }
  if (bytes.length !== expected.size || contentHash(bytes) !== expected.sha256)
    throw new Error(
      `${file} does not hold the bytes files.json lists for it: the upload is damaged; nothing was changed`,
    )
  fs.writeFileSync(scratch, bytes, { flag: "wx", mode: 0o644 })
  fs.renameSync(scratch, to)
}

/** Makes the folder `placement` describes, whole, under its own name. */
export function placeFolder(placement: Placement): void {
  const { root, partial, final, filesIn, sourcePublic, manifest, transfer, finish, during = "" } = placement
  // Beside the folder, never inside it: no name a manifest lists can be it.
  const scratch = `${partial}.copying`
  const target = path.join(partial, filesIn)
  try {
    fs.rmSync(scratch, { force: true })
    fs.mkdirSync(partial)
    const folders = new Set([...transfer.links.map(([file]) => file), ...transfer.copies].map(path.dirname))
    for (const folder of [...folders].sort()) fs.mkdirSync(path.join(target, folder), { recursive: true })
    for (const [file, from] of transfer.links) fs.linkSync(from, path.join(target, file))
    for (const file of transfer.copies)
      copyChecked(path.join(sourcePublic, file), path.join(target, file), scratch, file, manifest[file])
    finish?.(partial)
    fs.renameSync(partial, final)
  } catch (error) {
    removeTree(partial)
    throw diskFull(error, root, transfer.addedBytes, during) ?? error
  } finally {
    fs.rmSync(scratch, { force: true })
  }
}
