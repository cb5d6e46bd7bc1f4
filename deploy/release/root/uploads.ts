/**
 * A preview's upload, received on the host through the previews' SSH key (commands/gate.ts): a tar
 * archive on standard input, unpacked by GNU tar (which refuses a member that climbs out, `..` or
 * `/`) into its own folder under previews/uploads/, with no more bytes than `limit` read, and then
 * taken as a build's files only if it holds folders and regular files alone (uploadTree). An upload is
 * received under the previews' lock, so any other upload found there was left by a command that died
 * (a run cancelled mid-way): it is removed before anything is counted (removeUploads).
 */
import { spawn } from "node:child_process"
import fs from "node:fs"
import path from "node:path"
import { Transform, type Readable } from "node:stream"
import { pipeline } from "node:stream/promises"
import { megabytes } from "./disk"
import { PREVIEW_UPLOADS } from "./layout"

export const uploadsDir = (root: string) => path.join(root, PREVIEW_UPLOADS)

/** Every upload under the previews' folder, removed: what runs that stopped mid-way left. */
export function removeUploads(root: string): void {
  fs.rmSync(uploadsDir(root), { recursive: true, force: true })
}

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

/** Unpacks the tar archive `input` into `dir` (made new), reading at most `limit` bytes of it. */
export async function receiveUpload(input: Readable, dir: string, limit: number): Promise<void> {
  fs.mkdirSync(dir, { recursive: true })
  const tar = spawn("tar", ["-x", "-f", "-", "-C", dir, "--no-same-owner", "--no-same-permissions"], {
    stdio: ["pipe", "ignore", "pipe"],
  })
  let said = ""
  tar.stderr.on("data", (chunk: Buffer) => (said += chunk.toString()))
  const exited = new Promise<number | null>((resolve, reject) => {
    tar.once("error", reject)
    tar.once("close", resolve)
  })
  try {
    await pipeline(input, bounded(limit), tar.stdin)
  } catch (error) {
    tar.kill()
    await exited.catch(() => null)
    if (error instanceof UploadTooLarge) throw error
    throw new Error(`the upload could not be read (${(error as Error).message}); nothing was changed`)
  }
  const status = await exited
  if (status !== 0)
    throw new Error(
      `the upload is not a tar archive of a build's files (tar: ${said.trim().split("\n").slice(0, 3).join("; ") || `exit ${status}`}); nothing was changed`,
    )
}

/**
 * Refuses an upload's folder unless it holds folders and regular files alone, each file no other
 * name shares: nothing in it may lead anywhere else before any of it is read.
 */
export function uploadTree(dir: string): void {
  for (const entry of fs.readdirSync(dir, { withFileTypes: true, recursive: true })) {
    const full = path.join(entry.parentPath, entry.name)
    const stat = fs.lstatSync(full)
    const name = path.relative(dir, full)
    if (stat.isDirectory()) continue
    if (!stat.isFile())
      throw new Error(
        `the upload's ${name} is ${stat.isSymbolicLink() ? "a symbolic link" : "no regular file"}: an upload holds files alone; nothing was changed`,
      )
    if (stat.nlink > 1)
      throw new Error(
        `the upload's ${name} is a hard link: an upload holds files of its own alone; nothing was changed`,
      )
  }
}
