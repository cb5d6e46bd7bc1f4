/**
 * The releases made live, in order (the root's `history`, records.ts): what a rollback goes back
 * through; and pruning, which keeps the newest releases and never the live or outgoing one.
 */
import fs from "node:fs"
import { LIVE, OUTGOING, linkedRelease, listReleases, releaseDir } from "./layout"
import { HISTORY_RECORD, readRecord, writeRecord } from "./records"

/** The releases made live, oldest first, those still on disk. */
export function readHistory(root: string): string[] {
  const onDisk = new Set(listReleases(root))
  return readRecord(root, HISTORY_RECORD).filter((id) => onDisk.has(id))
}

/** Writes the history whole. */
export const writeHistory = (root: string, ids: string[]): void => writeRecord(root, HISTORY_RECORD, ids)

/** Removes the oldest releases past `keep`, never the live or outgoing one, nor one staged; returns their names. */
export function prune(root: string, keep: number, staged: readonly string[] = []): string[] {
  const kept = new Set([linkedRelease(root, LIVE), linkedRelease(root, OUTGOING), ...staged])
  const all = listReleases(root)
  const removed = all.slice(0, Math.max(0, all.length - keep)).filter((id) => !kept.has(id))
  for (const id of removed) fs.rmSync(releaseDir(root, id), { recursive: true, force: true })
  return removed
}
