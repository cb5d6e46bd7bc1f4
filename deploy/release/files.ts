/**
 * What a release receives and keeps: only what changed. A build's files are listed with the hash of
 * their bytes (files.json: in the artifact, and kept in each release folder beside public/); a new
 * release hard-links every file a kept release already has with the same bytes (the live one first),
 * as `rsync --link-dest` does, and copies only the others. So the host stores each version of a file
 * once, and an upload need carry only the files the live release lacks (`release.cjs upload-list`).
 *
 * Nothing ever writes into a file once it is in a release: linked files share their bytes with the
 * release they come from, so a release writes only new files (copies, its configuration) and replaces
 * by rename (its stamp), and the live release's files never change under it.
 */
import fs from "node:fs"
import path from "node:path"
import { contentHash, filesUnder, replaceFile } from "../../lib/files"

/** The list of a build's files, in an artifact and in every release folder (not served: beside public/). */
export const FILES_MANIFEST = "files.json"

/** A build's files under public/, by path ("case-studies/wine/index.html"): the hash of their bytes, and their size. */
export type Manifest = Record<string, { sha256: string; size: number }>

/** A relative path as the manifest and the upload list write it, with "/" between its folders. */
export const posixPath = (relative: string): string => relative.split(path.sep).join("/")

/** The manifest of the files under `publicDir`, read from the files themselves. */
export function manifestOf(publicDir: string): Manifest {
  const manifest: Manifest = {}
  for (const file of filesUnder(publicDir).sort()) {
    const bytes = fs.readFileSync(file)
    manifest[posixPath(path.relative(publicDir, file))] = { sha256: contentHash(bytes), size: bytes.length }
  }
  return manifest
}

/** The manifest kept in `dir` (an artifact, a release), or null when it has none or cannot be read. */
export function readManifest(dir: string, name = FILES_MANIFEST): Manifest | null {
  try {
    const manifest = JSON.parse(fs.readFileSync(path.join(dir, name), "utf8")) as Manifest
    const good = Object.entries(manifest).every(
      ([file, entry]) =>
        !file.split("/").includes("..") && /^[0-9a-f]{64}$/.test(entry?.sha256) && Number.isInteger(entry?.size),
    )
    return good ? manifest : null
  } catch {
    return null
  }
}

/** Writes `manifest` into `dir`, whole, then renamed. */
export const writeManifest = (dir: string, manifest: Manifest): void =>
  replaceFile(path.join(dir, FILES_MANIFEST), `${JSON.stringify(manifest)}\n`)

/** A release folder kept on the host, whose files a new one may link: its public/ and its manifest. */
export interface KeptRelease {
  publicDir: string
  manifest: Manifest
}

/** How a new release gets each of its files. */
export interface Transfer {
  /** [file, the kept release's copy it is linked to]. */
  links: Array<[string, string]>
  /** Files copied from the build's folder. */
  copies: string[]
  /** The bytes the copies add on disk. */
  addedBytes: number
  /** The bytes linked, which the host already stores. */
  linkedBytes: number
}

/**
 * How to make the build in `sourcePublic`, listed by `manifest`, from `kept` releases and the source:
 * each file a kept release holds with the same bytes is linked, the others copied. A file the source
 * lacks (an upload of the changes alone) must be in a kept release, or the release stops before
 * anything is written, naming it.
 */
export function planTransfer(manifest: Manifest, sourcePublic: string, kept: readonly KeptRelease[]): Transfer {
  const transfer: Transfer = { links: [], copies: [], addedBytes: 0, linkedBytes: 0 }
  const missing: string[] = []
  for (const [file, { sha256, size }] of Object.entries(manifest)) {
    const holder = kept.find(
      (release) => release.manifest[file]?.sha256 === sha256 && fs.existsSync(path.join(release.publicDir, file)),
    )
    if (holder) {
      transfer.links.push([file, path.join(holder.publicDir, file)])
      transfer.linkedBytes += size
    } else if (fs.existsSync(path.join(sourcePublic, file))) {
      transfer.copies.push(file)
      transfer.addedBytes += size
    } else {
      missing.push(file)
    }
  }
  if (missing.length > 0) {
    throw new Error(
      `the build to release lacks ${missing.length} file(s) that no release kept on the host has either (${missing.slice(0, 3).join(", ")}${missing.length > 3 ? ", ..." : ""}): upload the whole artifact; nothing was released`,
    )
  }
  return transfer
}

/** Writes the build into `targetPublic` as `transfer` says: links, then copies, each file new. */
export function applyTransfer(transfer: Transfer, sourcePublic: string, targetPublic: string): void {
  const folders = new Set(
    [...transfer.links.map(([file]) => file), ...transfer.copies].map((file) => path.dirname(file)),
  )
  for (const folder of [...folders].sort()) fs.mkdirSync(path.join(targetPublic, folder), { recursive: true })
  for (const [file, from] of transfer.links) fs.linkSync(from, path.join(targetPublic, file))
  for (const file of transfer.copies) fs.copyFileSync(path.join(sourcePublic, file), path.join(targetPublic, file))
}

/**
 * The files an upload must carry for the host to make the release from it and the live release (its
 * manifest, as the host keeps it): the release's own files, and the build's files the live release
 * lacks or holds with other bytes. Paths relative to the artifact's folder.
 */
export function uploadList(manifest: Manifest, live: Manifest | null, own: readonly string[]): string[] {
  const changed = Object.entries(manifest)
    .filter(([file, { sha256 }]) => live?.[file]?.sha256 !== sha256)
    .map(([file]) => `public/${file}`)
  return [...own, ...changed]
}
