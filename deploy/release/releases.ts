/**
 * Releases on the nginx host (`npm run release`, `npm run rollback`; docs/deploying.md, "On one server"),
 * as a sequence of tasks each in a file of its own: the lock (lock.ts), the room on disk (disk.ts),
 * the release's folder (release-folder.ts), the check and the switch (nginx-control.ts), the calendar
 * and the order of commits (told-calendar.ts), going live with the stamp and the records (go-live.ts,
 * stamp.ts, history.ts), staging for a time (staged.ts, tick.ts), over the root's layout (layout.ts).
 *
 * A release is built on the build server (`npm run artifact` packs it with this command) or in the
 * project (public/ there is never served), copied under a temporary name, checked with `nginx -t`,
 * renamed, and only then made live: both links are replaced by a rename each (atomic on one file
 * system) and nginx reloads, so a page and the policy it carries always come from the same folder. A
 * failure at any step before the switch leaves everything live as it was.
 */
import fs from "node:fs"
import path from "node:path"
import { diskFull, freeSpace } from "./root/disk"
import { manifestOf, planTransfer, readManifestIfAny } from "./root/manifest"
import { readHistory, writeHistory } from "./root/history"
import { type LiveReport, goLive, releaseBuild, stampOf } from "./go-live"
import { readStaged, writeStaged } from "./staged"
import { ACME, LIVE, PARTIAL, RELEASE_SITE, linkedRelease, releaseDir, releasesDir } from "./root/layout"
import type { ReleaseSettings } from "./settings"
import { withLock } from "./root/lock"
import { copyRelease, keptReleases, newReleaseId } from "./release-folder"
import { type SwitchReport, checkAlone, switchTo } from "./nginx-control"
import { type BuiltFrom, buildInfoOf, writeStamp } from "./stamp"
import { readToldCalendar, refuseBringingBack, refuseOlderCommit, toldAfter, writeToldCalendar } from "./told-calendar"
import { readClock } from "../../contracts/clock"

/** The lock's options for these settings: how long to wait for another release. */
const lockOptions = (settings: ReleaseSettings) =>
  settings.lockWaitSeconds === undefined ? {} : { waitSeconds: settings.lockWaitSeconds }

export interface ReleaseReport extends LiveReport {
  /** What the release added on disk, and what it linked from the releases kept. */
  files: { copied: number; addedBytes: number; linked: number; linkedBytes: number }
}

/**
 * A release that was to replace a commit's release, when another is live by then (the calendar's
 * timed run rebuilds the live commit, and a publish may have gone live meanwhile): nothing is done,
 * and the calendar's next run looks again.
 */
export class NotReplacing extends Error {}

export interface ReleaseOptions {
  /** Only while the live release is of that commit. */
  replacing?: string
  /** An operator's explicit going back to a build of an older commit than the live one's (otherwise refused). */
  olderCommit?: boolean
}

interface Prepared {
  id: string
  info: BuiltFrom
  files: ReleaseReport["files"]
}

/** Creates the root's folders; a full disk is said as such. */
function makeRoot(root: string): void {
  try {
    fs.mkdirSync(releasesDir(root), { recursive: true })
    fs.mkdirSync(path.join(root, ACME), { recursive: true })
  } catch (error) {
    throw diskFull(error, root, 0) ?? error
  }
}

/**
 * Under the lock: the build (when given), checked against the calendar and the order of commits,
 * made a release folder whole and checked by nginx, not live. `check` adds the caller's own checks.
 */
async function prepare(
  source: string,
  settings: ReleaseSettings,
  build: () => void | Promise<void>,
  { replacing, olderCommit = false }: ReleaseOptions,
  check: (info: BuiltFrom) => void = () => {},
): Promise<Prepared> {
  const { root } = settings
  // What a release that died half-way left (nothing names it): its folder, and a copy it was making.
  for (const name of fs.readdirSync(releasesDir(root))) {
    if (name.includes(PARTIAL)) fs.rmSync(releaseDir(root, name), { recursive: true, force: true })
  }
  const live = replacing ? stampOf(root) : null
  if (replacing && live?.commit !== replacing) {
    throw new NotReplacing(
      `the live release is no longer of ${replacing.slice(0, 8)} (it is of ${live ? live.commit.slice(0, 8) : "nothing"}): nothing was released`,
    )
  }
  await build()
  const built = path.join(source, "public")
  // An upload of what changed alone has no index.html of its own: its files.json lists it.
  const manifest = readManifestIfAny(source) ?? (fs.existsSync(built) ? manifestOf(built) : {})
  if (!manifest["index.html"]) {
    throw new Error(`${built} holds no built site (no index.html): nothing was released`)
  }
  const info = buildInfoOf(source)
  const what = `The build of ${info.commit.slice(0, 8)} made at ${info.clock ?? info.builtAt}`
  refuseBringingBack(root, info, readClock(process.env).now, what)
  if (!olderCommit) refuseOlderCommit(releaseBuild(root, linkedRelease(root, LIVE)), info, what)
  check(info)
  const id = newReleaseId(root, info.commit)
  const transfer = planTransfer(manifest, built, keptReleases(root))
  // What the release really adds: the files no kept release holds (a link takes no room of its own).
  const needed = transfer.addedBytes
  if (freeSpace(root) < needed)
    throw diskFull(Object.assign(new Error("not enough room for the copy"), { code: "ENOSPC" }), root, needed)!
  copyRelease(source, settings, id, { manifest, transfer, info })
  const files = {
    copied: transfer.copies.length,
    addedBytes: transfer.addedBytes,
    linked: transfer.links.length,
    linkedBytes: transfer.linkedBytes,
  }
  return { id, info, files }
}

/**
 * `npm run release`: makes the build in `source` (its public/ and .hosting/, as `npm run build` or
 * `npm run artifact` leave them) a new release: copied, checked, made live; the newest `keep` kept.
 * `build`, when given, makes that build first (and throws on failure): the project's own release.
 */
export async function release(
  source: string,
  settings: ReleaseSettings,
  build: () => void | Promise<void> = () => {},
  options: ReleaseOptions = {},
): Promise<ReleaseReport> {
  makeRoot(settings.root)
  return withLock(
    settings.root,
    async () => {
      const { id, info, files } = await prepare(source, settings, build, options)
      return { ...goLive(settings, id, info, { needed: files.addedBytes }), files }
    },
    lockOptions(settings),
  )
}

/**
 * `release --at TIME`: the build in `source`, made at that clock over the live commit, staged: copied
 * and checked, not served; the host's timer makes it live at its time (tick.ts).
 */
export async function stage(source: string, settings: ReleaseSettings, at: string): Promise<Prepared> {
  const { root } = settings
  makeRoot(root)
  return withLock(
    root,
    async () => {
      const now = readClock(process.env).now
      const live = stampOf(root)
      const prepared = await prepare(
        source,
        settings,
        () => {},
        {},
        (info) => {
          if (Date.parse(at) <= now.getTime())
            throw new Error(`${at} has passed: a release is staged for a time to come. Nothing was changed`)
          if (!info.clock || Date.parse(info.clock) !== Date.parse(at))
            throw new Error(
              `the build was made at ${info.clock ?? "an unknown clock"}, not at ${at}: build it with SITE_CLOCK=${at} to stage it for then. Nothing was changed`,
            )
          if (!live || live.commit !== info.commit)
            throw new Error(
              `a release is staged over the live commit (${live ? live.commit.slice(0, 8) : "none is live"}), and this build is of ${info.commit.slice(0, 8)}: release it first. Nothing was changed`,
            )
        },
      )
      const others = readStaged(root).filter((entry) => Date.parse(entry.at) !== Date.parse(at))
      const entry = { release: prepared.id, at: new Date(at).toISOString(), commit: prepared.info.commit }
      writeStaged(root, [...others, entry])
      return prepared
    },
    lockOptions(settings),
  )
}

/**
 * `npm run rollback`: the release live before the live one made live again, the same way. It goes
 * back through the releases as they were live: after a rollback and a new release, the next rollback
 * returns to the release rolled back to, never to the one rolled back from.
 */
export function rollback(settings: ReleaseSettings): Promise<SwitchReport> {
  const { root } = settings
  return withLock(
    root,
    async () => {
      const live = linkedRelease(root, LIVE)
      const history = readHistory(root)
      while (history.length > 0 && history.at(-1) === live) history.pop()
      const target = history.at(-1)
      if (!target) {
        throw new Error(`no release was live before ${live ?? "the live one"} under ${root}: nothing to roll back to`)
      }
      checkAlone(settings, target, path.join(releaseDir(root, target), RELEASE_SITE))
      const kept = releaseBuild(root, target)
      // A release made before releases kept what their build said: its stamp says what it can.
      const built = kept ?? stampOf(root, target)
      if (built) refuseBringingBack(root, built, readClock(process.env).now, `Release ${target}`)
      try {
        writeStamp(path.join(releaseDir(root, target), "public"), kept, target)
        const report = switchTo(settings, target)
        writeHistory(root, history)
        if (built) writeToldCalendar(root, toldAfter(readToldCalendar(root), built, target))
        return report
      } catch (error) {
        throw diskFull(error, root, 0, " while switching back") ?? error
      }
    },
    lockOptions(settings),
  )
}
