/**
 * A release's folder, made whole before anything is live (releases.ts): its name, its files linked
 * from the releases kept or copied (files.ts) and each copy checked against its hash, what its build
 * said of itself, the sign-in service, the release command, and its nginx configuration checked on its
 * own; under a temporary name until whole.
 */
import fs from "node:fs"
import path from "node:path"
import { authUnit } from "./auth-unit"
import { AUTH_SCRIPT, AUTH_UNIT, HOSTING_DIR } from "../../contracts/hosting"
import { HOSTING_POLICY_FILE, parseHostingPolicy } from "../../contracts/hosting-policy"
import { BUILD_INFO } from "../../contracts/build-info"
import { contentHash } from "../../lib/files"
import { diskFull } from "./disk"
import {
  FILES_MANIFEST,
  type KeptRelease,
  type Manifest,
  type Transfer,
  applyTransfer,
  writeManifest,
  readManifest,
} from "./files"
import {
  LIVE,
  OUTGOING,
  PARTIAL,
  RELEASE_SCRIPT,
  RELEASE_POLICY,
  RELEASE_SITE,
  type ReleaseSettings,
  linkedRelease,
  listReleases,
  nextReleaseName,
  releaseDir,
  releasesDir,
} from "./layout"
import { checkAlone, releaseConfig } from "./nginx-control"
import { VISITS_LOG } from "./visits-log"
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
    const manifest = id ? readManifest(releaseDir(root, id)) : null
    return manifest ? [{ publicDir: path.join(releaseDir(root, id!), "public"), manifest }] : []
  })
}

/** Each file copied in holds the bytes its manifest says: an upload cut short or damaged stops here. */
export function checkCopies(transfer: Transfer, manifest: Manifest, targetPublic: string): void {
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
export function copyRelease(
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
    const policyFile = path.join(source, HOSTING_DIR, HOSTING_POLICY_FILE)
    const policy = parseHostingPolicy(fs.readFileSync(policyFile, "utf8"), policyFile)
    fs.writeFileSync(site, releaseConfig(settings, id, policy))
    fs.copyFileSync(policyFile, path.join(partial, RELEASE_POLICY))
    // nginx opens its log when it checks a configuration, and never makes its folder.
    fs.mkdirSync(path.dirname(path.join(root, VISITS_LOG)), { recursive: true })
    checkAlone(settings, id, site)
    fs.renameSync(partial, releaseDir(root, id))
  } catch (error) {
    fs.rmSync(partial, { recursive: true, force: true })
    throw diskFull(error, root, transfer.addedBytes) ?? error
  }
}
