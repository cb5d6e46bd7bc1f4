/**
 * A release's folder, made whole before anything is live (releases.ts): its name, its files linked
 * from the releases kept or copied and each copy checked against its hash (root/place.ts), what its
 * build said of itself, its files and its hosting policy (root/records.ts), the sign-in service, the
 * release command, and its nginx configuration checked on its own; under a temporary name until whole.
 */
import fs from "node:fs"
import path from "node:path"
import { authUnit } from "./auth-unit"
import { AUTH_SCRIPT, AUTH_UNIT, HOSTING_DIR } from "../../contracts/hosting"
import type { BuildInfo } from "../../contracts/build-info"
import { type KeptRelease, type Manifest, type Transfer, readManifestIfAny, writeManifest } from "./root/manifest"
import {
  LIVE,
  OUTGOING,
  PARTIAL,
  RELEASE_SCRIPT,
  RELEASE_SITE,
  VISITS_LOG,
  linkedRelease,
  listReleases,
  nextReleaseName,
  releaseDir,
  releasesDir,
} from "./root/layout"
import { placeFolder } from "./root/place"
import { BUILD_RECORD, POLICY_RECORD, readRecord, writeRecord } from "./root/records"
import type { ReleaseSettings } from "./settings"
import { checkAlone, releaseConfig } from "./nginx-control"
import type { BuiltFrom } from "./stamp"

/** A name for a new release, after every release under `root` (layout.ts's nextReleaseName). */
export function newReleaseId(root: string, commit: string, now = new Date()): string {
  const taken = fs.existsSync(releasesDir(root)) ? fs.readdirSync(releasesDir(root)) : []
  return nextReleaseName(taken, commit, now)
}

/** The releases kept under `root` that list their files, the live one first, then the outgoing one, newest first. */
export function keptReleases(root: string): KeptRelease[] {
  const ids = [linkedRelease(root, LIVE), linkedRelease(root, OUTGOING), ...listReleases(root).reverse()]
  return [...new Set(ids)].flatMap((id) => {
    const manifest = id ? readManifestIfAny(releaseDir(root, id)) : null
    return manifest ? [{ publicDir: path.join(releaseDir(root, id!), "public"), manifest }] : []
  })
}

/**
 * Makes the build in `source` a new release folder (its files linked from the releases kept, or copied:
 * root/place.ts), with its records, checked by nginx, under its own name once whole.
 */
export function copyRelease(
  source: string,
  settings: ReleaseSettings,
  id: string,
  { manifest, transfer, info }: { manifest: Manifest; transfer: Transfer; info: BuiltFrom },
): void {
  const { root } = settings
  placeFolder({
    root,
    partial: releaseDir(root, `${id}${PARTIAL}`),
    final: releaseDir(root, id),
    filesIn: "public",
    sourcePublic: path.join(source, "public"),
    manifest,
    transfer,
    finish: (partial) => {
      writeManifest(partial, manifest)
      // What the build says of itself, kept with it: a rollback to it is checked against the calendar too.
      writeRecord(partial, BUILD_RECORD, { ...info, serverName: settings.serverName } as BuildInfo)
      fs.copyFileSync(path.join(source, HOSTING_DIR, AUTH_SCRIPT), path.join(partial, AUTH_SCRIPT))
      fs.writeFileSync(path.join(partial, AUTH_UNIT), authUnit(path.join(root, LIVE, AUTH_SCRIPT)))
      if (fs.existsSync(path.join(source, RELEASE_SCRIPT))) {
        fs.copyFileSync(path.join(source, RELEASE_SCRIPT), path.join(partial, RELEASE_SCRIPT))
      }
      const site = path.join(partial, RELEASE_SITE)
      const policy = readRecord(path.join(source, HOSTING_DIR), POLICY_RECORD)
      fs.writeFileSync(site, releaseConfig(settings, id, policy))
      writeRecord(partial, POLICY_RECORD, policy)
      // nginx opens its log when it checks a configuration, and never makes its folder.
      fs.mkdirSync(path.dirname(path.join(root, VISITS_LOG)), { recursive: true })
      checkAlone(settings, id, site)
    },
  })
}
