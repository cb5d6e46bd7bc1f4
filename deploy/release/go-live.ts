/**
 * The last step every way to live shares (a release, a staged release at its time: releases.ts,
 * tick.ts): a release folder, whole and checked, made live with its stamp, then the host's records
 * kept (what it was told of the calendar, the history, the releases pruned). And what a release's
 * folder says of its build.
 */
import fs from "node:fs"
import path from "node:path"
import type { BuildInfo } from "../../contracts/build-info"
import type { ReleaseStamp } from "../../contracts/release-stamp"
import { diskFull } from "./root/disk"
import { prune, readHistory, writeHistory } from "./root/history"
import { HISTORY, LIVE, TOLD_CALENDAR, linkedRelease, releaseDir } from "./root/layout"
import { BUILD_RECORD, STAMP_RECORD, readRecordIfAny } from "./root/records"
import type { ReleaseSettings } from "./settings"
import { type SwitchReport, switchTo } from "./nginx-control"
import { type BuiltFrom, writeStamp } from "./stamp"
import { readStaged } from "./staged"
import { readToldCalendar, toldAfter, writeToldCalendar } from "./told-calendar"

/** The stamp of a release under `root` (the live one by default), if it has one. */
export const stampOf = (root: string, release = linkedRelease(root, LIVE)): ReleaseStamp | null =>
  release ? readRecordIfAny(path.join(releaseDir(root, release), "public"), STAMP_RECORD) : null

/** What a release's build said of itself, kept in its folder (releases made before that keep none). */
export const releaseBuild = (root: string, release: string | null): BuildInfo | null =>
  release ? readRecordIfAny(releaseDir(root, release), BUILD_RECORD) : null

export interface LiveReport extends SwitchReport {
  removed: string[]
}

/**
 * Makes release `id` live with `info` (its stamp, the switch; on failure the folder is removed
 * unless `keepOnFailure`, and nothing else changed), then records it. `needed`: what the release
 * added on disk, for the message of a full disk; `now`: the time its build is judged at (its stamp's
 * check, refuseExpired), by default the process's clock.
 */
export function goLive(
  settings: ReleaseSettings,
  id: string,
  info: BuiltFrom,
  { needed = 0, keepOnFailure = false, now }: { needed?: number; keepOnFailure?: boolean; now?: Date } = {},
): LiveReport {
  const { root } = settings
  let report: SwitchReport
  try {
    writeStamp(path.join(releaseDir(root, id), "public"), info, id, now)
    report = switchTo(settings, id)
  } catch (error) {
    // Never live (the switch puts the links back when it fails): gone, so nothing can roll back to it.
    if (!keepOnFailure && linkedRelease(root, LIVE) !== id)
      fs.rmSync(releaseDir(root, id), { recursive: true, force: true })
    throw diskFull(error, root, needed, " while switching to the new release") ?? error
  }
  // Live now: what follows only tidies up, and a failure there is reported, not undone.
  try {
    writeToldCalendar(root, toldAfter(readToldCalendar(root), info, id))
    writeHistory(root, [...readHistory(root), id])
    const staged = readStaged(root).map((entry) => entry.release)
    return { ...report, removed: prune(root, settings.keep, staged) }
  } catch (error) {
    const reason = diskFull(error, root, 0)?.message ?? (error as Error).message
    const records = `${path.join(root, TOLD_CALENDAR)} and ${path.join(root, HISTORY)}`
    return {
      ...report,
      removed: [],
      setup: [report.setup, `Not recorded in ${records}: ${reason}`].filter(Boolean).join("\n"),
    }
  }
}
