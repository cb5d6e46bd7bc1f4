/**
 * The calendar on the minute, on the nginx host, with the build server away: a release can be
 * staged for a time (`release --at TIME`, a build made at that clock), copied and checked but not
 * served, and the host's own timer (`tick`, every minute; the units beside) makes it live at its
 * time by itself. What is staged is recorded in the root's `staged.json`.
 *
 * A tick reconciles: a staged release is made live once its time has come, only over the commit it
 * was staged over and only if nothing newer than its clock is live; a staged release a newer publish
 * or a rollback made stale is dropped, saying so. A tick that is late, repeated or dropped loses
 * nothing: the next one does what is due, once.
 */
import fs from "node:fs"
import { releaseDir } from "./root/layout"
import { STAGED_RECORD, type StagedRelease, readRecord, writeRecord } from "./root/records"

export type { StagedRelease }

/** The releases staged under `root` whose folders are whole, earliest first. */
export function readStaged(root: string): StagedRelease[] {
  return readRecord(root, STAGED_RECORD)
    .staged.filter((entry) => fs.existsSync(releaseDir(root, entry.release)))
    .sort((a, b) => Date.parse(a.at) - Date.parse(b.at))
}

export const writeStaged = (root: string, staged: readonly StagedRelease[]): void =>
  writeRecord(root, STAGED_RECORD, { staged: [...staged] })

/**
 * The staged releases sorted for a tick at `now`, given the live release's commit and clock: those to
 * drop (staged over another commit, or not newer than what is live), those due (the latest of them
 * goes live), and those still to come.
 */
export function triage(
  staged: readonly StagedRelease[],
  live: { commit: string; clock: string } | null,
  now: Date,
): { stale: StagedRelease[]; due: StagedRelease[]; waiting: StagedRelease[] } {
  const isStale = (entry: StagedRelease) =>
    !live || entry.commit !== live.commit || Date.parse(entry.at) <= Date.parse(live.clock)
  const fresh = staged.filter((entry) => !isStale(entry))
  return {
    stale: staged.filter(isStale),
    due: fresh.filter((entry) => Date.parse(entry.at) <= now.getTime()),
    waiting: fresh.filter((entry) => Date.parse(entry.at) > now.getTime()),
  }
}
