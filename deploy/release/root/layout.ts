/**
 * The release root on the nginx host: every folder and record under it, by name. What each record
 * holds, and the one way each is read and written, is records.ts's; the releases' files are
 * manifest.ts's and place.ts's; the locks lock.ts's; the uploads uploads.ts's. Nothing else under
 * deploy/ names a path under the root.
 *
 *   releases/<id>/       one release: public/ (the build, its compressed copies included, and the
 *                        stamp /release.json), files.json (each file's hash and size), nginx.conf (its
 *                        own configuration, naming this folder), policy.json (its hosting policy),
 *                        build.json (what its build said of itself), cms-auth.mjs and its systemd
 *                        unit, release.cjs (the release command, when the release came from an
 *                        artifact: `node live/release.cjs rollback` needs Node alone)
 *   releases/<id>.partial  a release being copied and checked: it has its own name only once whole
 *   live             ->  releases/<id>, the live one; nginx's configuration includes live/nginx.conf
 *   outgoing         ->  releases/<id>, the one live before it: its hashed scripts and images stay
 *                        reachable, for pages loaded from it just before the switch
 *   acme/                certbot's --webroot folder, answered on port 80 by every release
 *   history              the releases made live, one a line, in order: what a rollback goes back through
 *   calendar.json        what the releases served said of the editors' calendar (told-calendar.ts)
 *   staged.json          releases staged for a time, made live by the host's timer (staged.ts, tick.ts)
 *   visits.json          the demo funnel's counts by day (visit-counts.ts); report/, its page
 *   logs/                nginx's visits' log and error log (visits-log.ts)
 *   uploads/             what the build server uploads for a release (removed by its next upload)
 *   .release-lock        the releases' lock (lock.ts)
 *   previews/site/preview/<token>/  drafts' previews, served at /preview/ (previews.ts)
 *   previews/previews.json          which pull request each is of, and what the host knows of each
 *   previews/uploads/<token>/       a preview's upload while it is placed (uploads.ts)
 *   previews/.release-lock          the previews' own lock
 *   preview-users, report-users     nginx's password files, made once by the operator
 *   aurelle-*.service, .timer, aurelle-logs.logrotate, aurelle-previews-ssh
 *                        the host's timers, the log's rotation and the previews' key's forced command,
 *                        written by each release for the operator to install once (host-units.ts)
 */
import fs from "node:fs"
import path from "node:path"

export const RELEASES = "releases"
export const LIVE = "live"
export const OUTGOING = "outgoing"
export const ACME = "acme"
export const RELEASE_SITE = "nginx.conf"
/** The hosting policy its build wrote, kept in each release: the report counts the live one's pages. */
export const RELEASE_POLICY = "policy.json"
/** The release command bundled into an artifact, copied into each release made from one. */
export const RELEASE_SCRIPT = "release.cjs"
/** A release being copied and checked: it has its own name only once whole. */
export const PARTIAL = ".partial"
/** Drafts' previews (previews.ts): their folder, what nginx serves at /preview/ in it, and the editors' password file. */
export const PREVIEWS = "previews"
export const PREVIEW_SITE = path.join(PREVIEWS, "site")
export const PREVIEW_USERS = "preview-users"
/** A preview's upload, received into the previews' folder while it is placed (uploads.ts). */
export const PREVIEW_UPLOADS = path.join(PREVIEWS, "uploads")
/** The visits' log (visits-log.ts), whose folder logrotate keeps its older days in. */
export const VISITS_LOG = "logs/access.log"
/** The demo funnel's report, served at /report/ to the agency (visits-report.ts), and nginx's password file for it. */
export const REPORT_DIR = "report"
export const REPORT_USERS = "report-users"
/** The previews' SSH key's forced command, which each release writes (host-units.ts, commands/gate.ts). */
export const GATE_SCRIPT = "aurelle-previews-ssh"
/** The root's records (records.ts). */
export const HISTORY = "history"
export const TOLD_CALENDAR = "calendar.json"
export const STAGED = "staged.json"
export const VISITS_COUNTS = "visits.json"
export const PREVIEW_RECORDS = path.join(PREVIEWS, "previews.json")
/** A release's records, in its folder: its files, what its build said of itself. */
export const FILES_MANIFEST = "files.json"
/** Previews kept, and the room they may take together, unless the command says otherwise. */
export const KEEP_PREVIEWS = 5
export const PREVIEWS_DISK_MB = 2048
/** Releases kept on disk, the live one included. */
export const KEEP = 5

export const releasesDir = (root: string) => path.join(root, RELEASES)
export const releaseDir = (root: string, id: string) => path.join(releasesDir(root), id)

/** A release's name: the second it was made, its commit's first characters, and a count from 2 on for the next ones made in that second. */
const RELEASE_NAME = /^(\d{8}T\d{6}Z)-[0-9a-f]+(?:-(\d+))?$/

/** Where a name stands in the order releases were made: its second, then its count (a name of another form first). */
function placeOf(name: string): [string, number] {
  const match = RELEASE_NAME.exec(name)
  return match ? [match[1], match[2] ? Number(match[2]) : 1] : ["", 0]
}

/** Orders release names as they were made: by second, then by count ("-10" after "-9"). */
export function compareReleases(a: string, b: string): number {
  const [secondA, countA] = placeOf(a)
  const [secondB, countB] = placeOf(b)
  if (secondA !== secondB) return secondA < secondB ? -1 : 1
  return countA - countB || (a < b ? -1 : a > b ? 1 : 0)
}

/**
 * The name of a release made at `now` of `commit`, after every name in `taken` (those on disk, whole
 * or partial): a release made in the second of the newest one, or with the clock behind it, takes
 * that second and the next count, so a second release in one second never sorts before the first.
 */
export function nextReleaseName(taken: readonly string[], commit: string, now: Date): string {
  const second = now
    .toISOString()
    .replace(/[-:]/g, "")
    .replace(/\.\d+Z$/, "Z")
  // A name of another form sorts first: it is never the newest unless it is alone.
  const newest = taken
    .map((name) => (name.endsWith(PARTIAL) ? name.slice(0, -PARTIAL.length) : name))
    .sort(compareReleases)
    .at(-1)
  const [newestSecond, newestCount] = placeOf(newest ?? "")
  const short = commit.slice(0, 8)
  return second > newestSecond ? `${second}-${short}` : `${newestSecond}-${short}-${newestCount + 1}`
}

/** The releases on disk, oldest first (compareReleases). */
export function listReleases(root: string): string[] {
  if (!fs.existsSync(releasesDir(root))) return []
  return fs
    .readdirSync(releasesDir(root))
    .filter((name) => !name.endsWith(PARTIAL) && fs.existsSync(path.join(releasesDir(root), name, RELEASE_SITE)))
    .sort(compareReleases)
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
