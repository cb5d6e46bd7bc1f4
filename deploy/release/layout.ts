/**
 * The release root on the nginx host, and what a release command is told about it:
 *
 *   releases/<id>/   one release: public/ (the build, its compressed copies included, and the
 *                    stamp /release.json), nginx.conf (its own configuration, naming this folder),
 *                    cms-auth.mjs and its systemd unit, release.cjs (the release command, when the
 *                    release came from an artifact: `node live/release.cjs rollback` needs Node alone),
 *                    build.json (what its build said of itself: its commit, its calendar)
 *   live         ->  releases/<id>, the live one; nginx's configuration includes live/nginx.conf
 *   outgoing     ->  releases/<id>, the one live before it: its hashed scripts and images stay
 *                    reachable, for pages loaded from it just before the switch
 *   acme/            certbot's --webroot folder, answered on port 80 by every release
 *   history          the releases made live, one a line, in order: what a rollback goes back through
 *   calendar.json    what the releases served said of the editors' calendar (told-calendar.ts)
 *   .release-lock    the lock (lock.ts)
 */
import fs from "node:fs"
import path from "node:path"
import type { TlsOptions } from "./nginx-config"

export const RELEASES = "releases"
export const LIVE = "live"
export const OUTGOING = "outgoing"
export const ACME = "acme"
export const RELEASE_SITE = "nginx.conf"
/** The release command bundled into an artifact, copied into each release made from one. */
export const RELEASE_SCRIPT = "release.cjs"
/** A release being copied and checked: it has its own name only once whole. */
export const PARTIAL = ".partial"
/** Releases kept on disk, the live one included. */
export const KEEP = 5

/** How to run the nginx that serves the releases: its program and the arguments naming its configuration. */
export interface NginxControl {
  binary: string
  /** `-p prefix`, `-c file`: empty for the system's own nginx. */
  args: string[]
  /** The modules to load, by their full paths, for the check of a release's configuration on its own. */
  modules: readonly string[]
}

export interface ReleaseSettings {
  /** The release root (absolute). */
  root: string
  serverName: string
  /** The certificate and key; none serves plain HTTP only (a TLS front, or before the first certificate). */
  tls: Pick<TlsOptions, "certificate" | "key"> | null
  /** What the HTTPS and the plain HTTP servers' `listen` say. */
  httpsListen: string
  httpListen: string
  /** Where nginx passes the CMS sign-in. */
  authService: string
  nginx: NginxControl
  keep: number
  /** Seconds a release or rollback waits for another one running (deploy/release/lock.ts); 0 refuses at once. */
  lockWaitSeconds?: number
}

export const releasesDir = (root: string) => path.join(root, RELEASES)
export const releaseDir = (root: string, id: string) => path.join(releasesDir(root), id)

/** The releases on disk, oldest first (their names begin with the time they were made). */
export function listReleases(root: string): string[] {
  if (!fs.existsSync(releasesDir(root))) return []
  return fs
    .readdirSync(releasesDir(root))
    .filter((name) => !name.endsWith(PARTIAL) && fs.existsSync(path.join(releasesDir(root), name, RELEASE_SITE)))
    .sort()
}

/** The release a link names, or null. */
export function linkedRelease(root: string, link: typeof LIVE | typeof OUTGOING): string | null {
  try {
    return path.basename(fs.readlinkSync(path.join(root, link)))
  } catch {
    return null
  }
}

/** Points `link` at `target` in one rename. */
export function relink(root: string, link: string, target: string): void {
  const temporary = path.join(root, `.${link}.next`)
  fs.rmSync(temporary, { force: true })
  fs.symlinkSync(target, temporary)
  fs.renameSync(temporary, path.join(root, link))
}
