/**
 * What a release receives and keeps: only what changed. A build's files are listed with the hash of
 * their bytes and their size (files.json, records.ts: in the artifact, and kept in each release folder
 * beside public/); a new release hard-links every file a kept release already has with the same bytes
 * (the live one first), as `rsync --link-dest` does, and copies only the others. So the host stores
 * each version of a file once, and an upload need carry only the files the live release lacks
 * (`release.cjs upload-list`).
 *
 * An upload is input: the manifest's paths are taken as manifest-path.ts says, and what the upload
 * holds is measured, not believed (uploadedFiles: regular files only, no link of any kind, each the
 * size its manifest says; place.ts hashes each copy's bytes as it copies them). Nothing ever writes
 * into a file once it is in a release: a copy is a new file renamed into place (place.ts).
 */
import fs from "node:fs"
import path from "node:path"
import { contentHash, filesUnder } from "../../../lib/files"
import { MANIFEST_RECORD, type Manifest, readRecord, readRecordIfAny, writeRecord } from "./records"

export type { Manifest }

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

/** The manifest `dir` keeps (an artifact, an upload, a release): refused, named, when it has none or it is not one. */
export const readManifest = (dir: string): Manifest => readRecord(dir, MANIFEST_RECORD)

/** The same, or null for a folder without one (a release made before releases kept theirs). */
export const readManifestIfAny = (dir: string): Manifest | null => readRecordIfAny(dir, MANIFEST_RECORD)

/** Writes `manifest` into `dir`, whole, then renamed. */
export const writeManifest = (dir: string, manifest: Manifest): void => writeRecord(dir, MANIFEST_RECORD, manifest)

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
  /** The bytes the copies add on disk, measured. */
  addedBytes: number
  /** The bytes linked, which the host already stores. */
  linkedBytes: number
}

/**
 * The files an upload's `publicDir` holds, by manifest path, with their sizes as measured: every one a
 * regular file that no other name shares. A symbolic link (to a file or a folder), a device, a hard
 * link, is refused, naming it: an upload holds bytes, never a way to reach others.
 */
export function uploadedFiles(publicDir: string): Map<string, number> {
  const files = new Map<string, number>()
  if (!fs.existsSync(publicDir)) return files
  const root = fs.lstatSync(publicDir)
  if (!root.isDirectory()) throw new Error(`${publicDir} is not a folder of the build's files; nothing was changed`)
  for (const entry of fs.readdirSync(publicDir, { withFileTypes: true, recursive: true })) {
    const full = path.join(entry.parentPath, entry.name)
    const name = posixPath(path.relative(publicDir, full))
    if (entry.isDirectory()) continue
    const stat = fs.lstatSync(full)
    if (!stat.isFile())
      throw new Error(
        `public/${name} is ${stat.isSymbolicLink() ? "a symbolic link" : "no regular file"}: an upload holds files alone; nothing was changed`,
      )
    if (stat.nlink > 1)
      throw new Error(`public/${name} is a hard link: an upload holds files of its own alone; nothing was changed`)
    files.set(name, stat.size)
  }
  return files
}

/** The kept release that holds `file` with these bytes, the live one first; undefined where none does. */
export const holderOf = (kept: readonly KeptRelease[], file: string, sha256: string): KeptRelease | undefined =>
  kept.find((release) => release.manifest[file]?.sha256 === sha256 && fs.existsSync(path.join(release.publicDir, file)))

/**
 * How to make the build listed by `manifest` from `kept` releases and the upload in `sourcePublic`:
 * each file a kept release holds with the same bytes is linked, the others copied. A file the upload
 * lacks (an upload of the changes alone) must be in a kept release, or nothing is written, naming it;
 * a file the upload holds must be listed, at the size listed, unless the caller leaves it out.
 */
export function planTransfer(
  manifest: Manifest,
  sourcePublic: string,
  kept: readonly KeptRelease[],
  leftOut: (file: string) => boolean = () => false,
): Transfer {
  const uploaded = uploadedFiles(sourcePublic)
  for (const file of uploaded.keys()) if (leftOut(file)) uploaded.delete(file)
  const transfer: Transfer = { links: [], copies: [], addedBytes: 0, linkedBytes: 0 }
  const missing: string[] = []
  for (const [file, { sha256, size }] of Object.entries(manifest)) {
    const holder = holderOf(kept, file, sha256)
    const measured = uploaded.get(file)
    uploaded.delete(file)
    if (measured !== undefined && measured !== size)
      throw new Error(
        `public/${file} is ${measured} bytes, and files.json says ${size}: the upload is damaged or not a build of npm run artifact; nothing was changed`,
      )
    if (holder) {
      transfer.links.push([file, path.join(holder.publicDir, file)])
      transfer.linkedBytes += holder.manifest[file].size
    } else if (measured !== undefined) {
      transfer.copies.push(file)
      transfer.addedBytes += measured
    } else {
      missing.push(file)
    }
  }
  const unlisted = [...uploaded.keys()]
  if (unlisted.length > 0)
    throw new Error(
      `the upload holds ${unlisted.length} file(s) its files.json does not list (public/${unlisted[0]}${unlisted.length > 1 ? ", ..." : ""}): nothing was changed`,
    )
  if (missing.length > 0) {
    throw new Error(
      `the build to release lacks ${missing.length} file(s) that no release kept on the host has either (${missing.slice(0, 3).join(", ")}${missing.length > 3 ? ", ..." : ""}): upload the whole artifact; nothing was released`,
    )
  }
  return transfer
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
