/**
 * The releases made live, in order (the root's `history`, one a line): what a rollback goes back
 * through; and pruning, which keeps the newest releases and never the live or outgoing one.
 */
import fs from "node:fs"
import path from "node:path"
import { LIVE, OUTGOING, linkedRelease, listReleases, releaseDir } from "./layout"

export const HISTORY = "history"

/** The releases made live, oldest first, those still on disk. */
export function readHistory(root: string): string[] {
  const file = path.join(root, HISTORY)
  const onDisk = new Set(listReleases(root))
  const lines = fs.existsSync(file) ? fs.readFileSync(file, "utf8").split("\n") : []
  return lines.filter((id) => onDisk.has(id))
}

/** Writes the history in one rename. */
export function writeHistory(root: string, ids: string[]): void {
  const temporary = path.join(root, `.${HISTORY}.next`)
  fs.writeFileSync(temporary, ids.map((id) => `${id}\n`).join(""))
  fs.renameSync(temporary, path.join(root, HISTORY))
}

/** Removes the oldest releases past `keep`, never the live or outgoing one, nor one staged; returns their names. */
export function prune(root: string, keep: number, staged: readonly string[] = []): string[] {
  const kept = new Set([linkedRelease(root, LIVE), linkedRelease(root, OUTGOING), ...staged])
  const all = listReleases(root)
  const removed = all.slice(0, Math.max(0, all.length - keep)).filter((id) => !kept.has(id))
  for (const id of removed) fs.rmSync(releaseDir(root, id), { recursive: true, force: true })
  return removed
}
