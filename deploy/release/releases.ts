/**
 * Releases on the nginx host (`npm run release`, `npm run rollback`; docs/deploying.md, "On one server"),
 * as a sequence of tasks each in a file of its own: the lock (lock.ts), the room on disk (disk.ts),
 * the copy, the check and the switch (nginx-control.ts), the stamp (stamp.ts), the history and pruning
 * (history.ts), over the release root's layout (layout.ts).
 *
 * A release is built on the build server (`npm run artifact` packs it with this command) or in the
 * project (public/ there is never served), copied under a temporary name, checked with `nginx -t`,
 * renamed, and only then made live: both links are replaced by a rename each (atomic on one file
 * system) and nginx reloads, so a page and the policy it carries always come from the same folder. A
 * failure at any step before the switch leaves everything live as it was.
 */
import fs from "node:fs"
import path from "node:path"
import { AUTH_SCRIPT, AUTH_UNIT, authUnit } from "../auth/service-files"
import { HOSTING_DIR } from "../hosting/write"
import { diskFull, freeSpace } from "./disk"
import { contentHash } from "../../gatsby/file-memo"
import {
  FILES_MANIFEST,
  type KeptRelease,
  type Manifest,
  type Transfer,
  applyTransfer,
  manifestOf,
  planTransfer,
  readManifest,
  writeManifest,
} from "./files"
import { HISTORY, prune, readHistory, writeHistory } from "./history"
import {
  ACME,
  LIVE,
  OUTGOING,
  PARTIAL,
  RELEASE_SCRIPT,
  RELEASE_SITE,
  type ReleaseSettings,
  linkedRelease,
  listReleases,
  releaseDir,
  releasesDir,
} from "./layout"
import { withLock } from "./lock"

/** The lock's options for these settings: how long to wait for another release. */
const lockOptions = (settings: ReleaseSettings) =>
  settings.lockWaitSeconds === undefined ? {} : { waitSeconds: settings.lockWaitSeconds }
import { type SwitchReport, checkAlone, releaseConfig, switchTo } from "./nginx-control"
import { type BuiltFrom, buildInfoOf, refuseExpired, writeStamp } from "./stamp"
import {
  TOLD_CALENDAR,
  readToldCalendar,
  refuseOlderCommit,
  refuseTakenDown,
  toldAfter,
  writeToldCalendar,
} from "./told-calendar"
import { BUILD_INFO, type BuildInfo, parseBuildInfo } from "../../contracts/build-info"
import { readClock } from "../../contracts/clock"
import { RELEASE_STAMP_PATH, type ReleaseStamp, readReleaseStamp } from "../../contracts/release-stamp"

/** A name for a new release: the time, then the commit's first eight characters. */
function newReleaseId(root: string, commit: string): string {
  const time = new Date()
    .toISOString()
    .replace(/[-:]/g, "")
    .replace(/\.\d+Z$/, "Z")
  const base = `${time}-${commit.slice(0, 8)}`
  let id = base
  for (let n = 2; fs.existsSync(releaseDir(root, id)); n++) id = `${base}-${n}`
  return id
}

/** The releases kept under `root` that list their files, the live one first, then the outgoing one, newest first. */
function keptReleases(root: string): KeptRelease[] {
  const ids = [linkedRelease(root, LIVE), linkedRelease(root, OUTGOING), ...listReleases(root).reverse()]
  return [...new Set(ids)].flatMap((id) => {
    const manifest = id ? readManifest(releaseDir(root, id)) : null
    return manifest ? [{ publicDir: path.join(releaseDir(root, id!), "public"), manifest }] : []
  })
}

/** Each file copied in holds the bytes its manifest says: an upload cut short or damaged stops here. */
function checkCopies(transfer: Transfer, manifest: Manifest, targetPublic: string): void {
  for (const file of transfer.copies) {
    const sha256 = contentHash(fs.readFileSync(path.join(targetPublic, file)))
    if (sha256 !== manifest[file].sha256) {
      throw new Error(
        `${file} does not hold the bytes ${FILES_MANIFEST} lists for it: the upload is damaged; nothing was released`,
      )
    }
  }
}

/**
 * Makes the build in `source` a new release folder (its files linked from the releases kept, or copied:
 * files.ts), checked by nginx, under its own name once whole.
 */
function copyRelease(
  source: string,
  settings: ReleaseSettings,
  id: string,
  { manifest, transfer, info }: { manifest: Manifest; transfer: Transfer; info: BuiltFrom },
): void {
  const { root } = settings
  const partial = releaseDir(root, `${id}${PARTIAL}`)
  try {
    fs.mkdirSync(partial)
    applyTransfer(transfer, path.join(source, "public"), path.join(partial, "public"))
    checkCopies(transfer, manifest, path.join(partial, "public"))
    writeManifest(partial, manifest)
    // What the build says of itself, kept with it: a rollback to it is checked against the calendar too.
    fs.writeFileSync(
      path.join(partial, BUILD_INFO),
      `${JSON.stringify({ ...info, serverName: settings.serverName }, null, 2)}\n`,
    )
    fs.copyFileSync(path.join(source, HOSTING_DIR, AUTH_SCRIPT), path.join(partial, AUTH_SCRIPT))
    fs.writeFileSync(path.join(partial, AUTH_UNIT), authUnit(path.join(root, LIVE, AUTH_SCRIPT)))
    if (fs.existsSync(path.join(source, RELEASE_SCRIPT))) {
      fs.copyFileSync(path.join(source, RELEASE_SCRIPT), path.join(partial, RELEASE_SCRIPT))
    }
    const site = path.join(partial, RELEASE_SITE)
    fs.writeFileSync(site, releaseConfig(settings, id, path.join(partial, "public")))
    checkAlone(settings, id, site)
    fs.renameSync(partial, releaseDir(root, id))
  } catch (error) {
    fs.rmSync(partial, { recursive: true, force: true })
    throw diskFull(error, root, transfer.addedBytes) ?? error
  }
}

export interface ReleaseReport extends SwitchReport {
  removed: string[]
  /** What the release added on disk, and what it linked from the releases kept. */
  files: { copied: number; addedBytes: number; linked: number; linkedBytes: number }
}

/**
 * A release that was to replace a commit's release, when another is live by then (the calendar's
 * timed run rebuilds the live commit, and a publish may have gone live meanwhile): nothing is done,
 * and the calendar's next run looks again.
 */
export class NotReplacing extends Error {}

/** The stamp of a release under `root` (the live one by default), if it has one. */
function stampOf(root: string, release = linkedRelease(root, LIVE)): ReleaseStamp | null {
  const file = release && path.join(releaseDir(root, release), "public", RELEASE_STAMP_PATH)
  return file && fs.existsSync(file) ? readReleaseStamp(JSON.parse(fs.readFileSync(file, "utf8"))) : null
}

/** What a release's build said of itself, kept in its folder (releases made before that keep none). */
function releaseBuild(root: string, release: string | null): BuildInfo | null {
  const file = release && path.join(releaseDir(root, release), BUILD_INFO)
  return file && fs.existsSync(file) ? parseBuildInfo(fs.readFileSync(file, "utf8"), file) : null
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
  { replacing }: { replacing?: string } = {},
): Promise<ReleaseReport> {
  const { root } = settings
  try {
    fs.mkdirSync(releasesDir(root), { recursive: true })
    fs.mkdirSync(path.join(root, ACME), { recursive: true })
  } catch (error) {
    throw diskFull(error, root, 0) ?? error
  }
  return withLock(
    root,
    async () => {
      // What a release that died half-way left (nothing names it).
      for (const name of fs.readdirSync(releasesDir(root))) {
        if (name.endsWith(PARTIAL)) fs.rmSync(releaseDir(root, name), { recursive: true, force: true })
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
      const manifest = readManifest(source) ?? (fs.existsSync(built) ? manifestOf(built) : {})
      if (!manifest["index.html"]) {
        throw new Error(`${built} holds no built site (no index.html): nothing was released`)
      }
      const info = buildInfoOf(source)
      const what = `The build of ${info.commit.slice(0, 8)} made at ${info.clock ?? info.builtAt}`
      refuseExpired(info, what)
      refuseTakenDown(readToldCalendar(root), info, readClock(process.env).now, what)
      refuseOlderCommit(releaseBuild(root, linkedRelease(root, LIVE)), info, what)
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
      let report: SwitchReport
      try {
        writeStamp(path.join(releaseDir(root, id), "public"), info, id)
        report = switchTo(settings, id)
      } catch (error) {
        // Never live (the switch puts the links back when it fails): gone, so nothing can roll back to it.
        if (linkedRelease(root, LIVE) !== id) fs.rmSync(releaseDir(root, id), { recursive: true, force: true })
        throw diskFull(error, root, needed, " while switching to the new release") ?? error
      }
      // Live now: what follows only tidies up, and a failure there is reported, not undone.
      try {
        writeToldCalendar(root, toldAfter(readToldCalendar(root), info, id))
        writeHistory(root, [...readHistory(root), id])
        return { ...report, files, removed: prune(root, settings.keep) }
      } catch (error) {
        const reason = diskFull(error, root, 0)?.message ?? (error as Error).message
        const records = `${path.join(root, TOLD_CALENDAR)} and ${path.join(root, HISTORY)}`
        return {
          ...report,
          files,
          removed: [],
          setup: [report.setup, `Not recorded in ${records}: ${reason}`].filter(Boolean).join("\n"),
        }
      }
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
      const told = readToldCalendar(root)
      // A release made before releases kept what their build said: its stamp says what it can.
      const built = releaseBuild(root, target) ?? stampOf(root, target)
      if (built) {
        refuseExpired(built, `Release ${target}`)
        refuseTakenDown(told, built, readClock(process.env).now, `Release ${target}`)
      }
      try {
        writeStamp(path.join(releaseDir(root, target), "public"), releaseBuild(root, target), target)
        const report = switchTo(settings, target)
        writeHistory(root, history)
        if (built) writeToldCalendar(root, toldAfter(told, built, target))
        return report
      } catch (error) {
        throw diskFull(error, root, 0, " while switching back") ?? error
      }
    },
    lockOptions(settings),
  )
}
