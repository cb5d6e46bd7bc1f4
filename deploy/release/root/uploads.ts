/**
 * A preview's upload, received on the host through the previews' SSH key (commands/gate.ts): a tar
 * archive on standard input, unpacked by GNU tar (which refuses a member that climbs out, `..` or
 * `/`) into its own folder under previews/uploads/, with no more than `limit` bytes read and
 * MAX_UPLOAD_ENTRIES members made, its folders then made ours to enter and remove; and then taken as a
 * build's files only if it holds folders and regular files alone, no deeper than a build's
 * (uploadTree). An upload is received under the previews' lock, so any other upload found there was
 * left by a command that died (a run cancelled mid-way): it is removed before anything is counted.
 */
import { spawn, spawnSync } from "node:child_process"
import fs from "node:fs"
import path from "node:path"
import { Transform, type Readable } from "node:stream"
import { pipeline } from "node:stream/promises"
import { megabytes } from "./disk"
import { PREVIEW_UPLOADS } from "./layout"
import { MAX_PATH_FOLDERS } from "./manifest-path"
import { MAX_MANIFEST_FILES } from "./records"
import { removeTree } from "./remove-tree"

export const uploadsDir = (root: string) => path.join(root, PREVIEW_UPLOADS)

/** The most members an upload may hold: a build's files, their folders and its own. */
export const MAX_UPLOAD_ENTRIES = MAX_MANIFEST_FILES + 10_000

/** Every upload under the previews' folder, removed: what runs that stopped mid-way left. */
export const removeUploads = (root: string): void => removeTree(uploadsDir(root))

/** An upload larger than it may be: refused, with nothing kept. */
export class UploadTooLarge extends Error {}

/** Passes bytes on until more than `limit` have come, then stops the stream with UploadTooLarge. */
const bounded = (limit: number) => {
  let seen = 0
  return new Transform({
    transform(chunk: Buffer, _encoding, done) {
      seen += chunk.length
      if (seen > limit)
        done(
          new UploadTooLarge(
            `the upload is larger than the ${megabytes(limit)} the previews may take, or the disk has free; nothing was changed`,
          ),
        )
      else done(null, chunk)
    },
  })
}

/** Unpacks the tar archive `input` into `dir` (made new), reading at most `limit` bytes of it and making at most `most` members. */
export async function receiveUpload(
  input: Readable,
  dir: string,
  limit: number,
  most = MAX_UPLOAD_ENTRIES,
): Promise<void> {
  fs.mkdirSync(dir, { recursive: true })
  // -v names each member as it is made: counted, and stopped past the bound.
  const tar = spawn("tar", ["-x", "-v", "-f", "-", "-C", dir, "--no-same-owner", "--no-same-permissions"], {
    stdio: ["pipe", "pipe", "pipe"],
  })
  let said = ""
  let members = 0
  let tooMany = false
  tar.stderr.on("data", (chunk: Buffer) => (said += chunk.toString()))
  tar.stdout.on("data", (chunk: Buffer) => {
    members += chunk.toString().split("\n").length - 1
    if (members > most && !tooMany) {
      tooMany = true
      tar.kill()
    }
  })
  const exited = new Promise<number | null>((resolve, reject) => {
    tar.once("error", reject)
    tar.once("close", resolve)
  })
  let failed: unknown = null
  try {
    await pipeline(input, bounded(limit), tar.stdin)
  } catch (error) {
    // tar ends at the archive's end marker, before the padding after it: its input closes early.
    failed = error
    if (error instanceof UploadTooLarge) tar.kill()
  }
  const status = await exited.catch(() => null)
  // Whatever it made, we may enter and remove (a member may be a folder no one may enter).
  spawnSync("chmod", ["-R", "u+rwX", "--", dir], { stdio: "ignore" })
  if (failed instanceof UploadTooLarge) throw failed
  if (tooMany)
    throw new Error(`the upload holds more than ${most} files and folders: no build does; nothing was changed`)
  if (status !== 0)
    throw new Error(
      `the upload is not a tar archive of a build's files (tar: ${said.trim().split("\n").slice(0, 3).join("; ") || `exit ${status}`}${failed ? `; ${(failed as Error).message}` : ""}); nothing was changed`,
    )
}

/**
 * Refuses an upload's folder unless it holds folders and regular files alone, each file no other
 * name shares, no deeper than a build's files go: nothing in it may lead anywhere else before any of
 * it is read. Walked a folder at a time, never deeper than the bound.
 */
export function uploadTree(dir: string): void {
  const refuse = (name: string, why: string) =>
    new Error(`the upload's ${name} ${why}: an upload holds a build's files alone; nothing was changed`)
  const folders: Array<[string, number]> = [[dir, 0]]
  while (folders.length > 0) {
    const [folder, depth] = folders.pop()!
    for (const entry of fs.readdirSync(folder, { withFileTypes: true })) {
      const full = path.join(folder, entry.name)
      const name = path.relative(dir, full)
      const stat = fs.lstatSync(full)
      if (stat.isDirectory()) {
        // public/ and a build's own folders within it.
        if (depth + 1 > MAX_PATH_FOLDERS + 1) throw refuse(name, `is deeper than ${MAX_PATH_FOLDERS} folders`)
        folders.push([full, depth + 1])
      } else if (!stat.isFile()) {
        throw refuse(name, `is ${stat.isSymbolicLink() ? "a symbolic link" : "no regular file"}`)
      } else if (stat.nlink > 1) {
        throw refuse(name, "is a hard link")
      }
    }
  }
}
