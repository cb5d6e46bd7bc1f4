/**
 * Room on disk: what a release needs, what is free, and a full disk said as an operator needs it.
 */
import fs from "node:fs"
import path from "node:path"
import { LIVE, linkedRelease, releasesDir } from "./layout"

const MB = 1024 * 1024
export const megabytes = (bytes: number): string => `${(bytes / MB).toFixed(1)} MB`

/** The bytes free for this process on the file system holding `dir` (or its nearest folder that exists). */
export function freeSpace(dir: string): number {
  while (!fs.existsSync(dir) && path.dirname(dir) !== dir) dir = path.dirname(dir)
  const stats = fs.statfsSync(dir)
  return stats.bavail * stats.bsize
}

/**
 * A full disk, said as an operator needs it: which folder, what was needed, what is free, and that the
 * live release is unchanged. Null when `error` is not a full disk.
 */
export function diskFull(error: unknown, root: string, needed: number, during = ""): Error | null {
  const code = (error as NodeJS.ErrnoException)?.code
  if (code !== "ENOSPC" && code !== "EDQUOT") return null
  const live = linkedRelease(root, LIVE)
  return new Error(
    `the disk holding ${root} is full${during}: ${needed > 0 ? `this release needs ${megabytes(needed)} there, ` : ""}${megabytes(freeSpace(root))} are free (${(error as Error).message}). ` +
      `The live release (${live ?? "none yet"}) is unchanged. Free some space (older releases are under ${releasesDir(root)}) and release again.`,
  )
}
