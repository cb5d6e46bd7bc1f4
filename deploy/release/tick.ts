/**
 * `node live/release.cjs tick --root DIR`: the nginx host's own timer (staged.ts writes its units),
 * every minute on the minute. It makes live the staged release whose time has come, the same way a
 * release goes live (go-live.ts: its stamp, the switch, the records), after the same checks against
 * what the host was told of the calendar; drops what a newer publish or a rollback made stale; and
 * otherwise does nothing. Repeated, late or dropped, it loses nothing: the next tick does what is due.
 */
import fs from "node:fs"
import { readClock } from "../../contracts/clock"
import { type LiveReport, goLive, releaseBuild } from "./go-live"
import { LIVE, linkedRelease, releaseDir } from "./root/layout"
import type { ReleaseSettings } from "./settings"
import { withLock } from "./root/lock"
import { type StagedRelease, readStaged, triage, writeStaged } from "./staged"
import type { BuiltFrom } from "./stamp"
import { refuseBringingBack } from "./told-calendar"

/** A tick waits this long for a release running, then leaves it to the next minute's. */
const TICK_WAIT_SECONDS = 45

export interface TickReport {
  /** What went live, and when it was due; null when nothing was due. */
  live: (LiveReport & { due: string }) | null
  /** Staged releases dropped, each with why. */
  dropped: string[]
  /** The next staged time, if any. */
  next: string | null
}

/** Why a staged release may not go live now (the checks every release meets), or null. */
function refusalOf(info: BuiltFrom, target: StagedRelease, now: Date, root: string): string | null {
  try {
    refuseBringingBack(root, info, now, `Staged release ${target.release}`)
    return null
  } catch (error) {
    return (error as Error).message
  }
}

/** A tick at `now` (by default the process's clock, contracts/clock.ts): what is due goes live. */
export function tick(settings: ReleaseSettings, now = readClock(process.env).now): Promise<TickReport> {
  const { root } = settings
  return withLock(
    root,
    async () => {
      const liveId = linkedRelease(root, LIVE)
      const liveBuild = releaseBuild(root, liveId)
      const live = liveBuild ? { commit: liveBuild.commit, clock: liveBuild.clock ?? liveBuild.builtAt } : null
      const { stale, due, waiting } = triage(readStaged(root), live, now)
      const dropped = stale.map(
        (entry) =>
          `${entry.release} (for ${entry.at}): staged over ${entry.commit.slice(0, 8)}, and ${liveId ?? "nothing"} is live since, of ${live ? `${live.commit.slice(0, 8)} built for ${live.clock}` : "no known build"}`,
      )
      // The latest due: those before it are passed already; what is stale or passed is removed.
      const target: StagedRelease | undefined = due.at(-1)
      const passed = due.slice(0, -1)
      for (const entry of [...stale, ...passed])
        fs.rmSync(releaseDir(root, entry.release), { recursive: true, force: true })
      dropped.push(...passed.map((entry) => `${entry.release} (for ${entry.at}): a later one is due too`))
      let report: TickReport["live"] = null
      const info = target && releaseBuild(root, target.release)
      const refusal = target && (info ? refusalOf(info, target, now, root) : "it keeps no build.json")
      if (target && refusal) {
        // Never made live, nor tried again: the build server stages what the calendar wants instead.
        fs.rmSync(releaseDir(root, target.release), { recursive: true, force: true })
        dropped.push(`${target.release} (for ${target.at}): ${refusal}`)
      } else if (target && info) {
        // A switch that fails leaves it staged: the next tick tries again.
        report = { ...goLive(settings, target.release, info, { keepOnFailure: true, now }), due: target.at }
      }
      writeStaged(root, waiting)
      return { live: report, dropped, next: waiting[0]?.at ?? null }
    },
    { waitSeconds: TICK_WAIT_SECONDS },
  )
}

/** What a tick did, in a line or a few, for the journal. */
export function describeTick({ live, dropped, next }: TickReport): string {
  return [
    live
      ? `Made ${live.live} live, staged for ${live.due}, in ${live.switchMs.toFixed(0)} ms${live.setup ? ` (${live.setup})` : ""}`
      : "Nothing due",
    ...dropped.map((line) => `Dropped ${line}`),
    next ? `Next staged: ${next}` : "Nothing staged",
  ].join("\n")
}
