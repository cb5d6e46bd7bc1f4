/**
 * Releases on the nginx host (`npm run release`, `npm run rollback`; docs/deploying.md, "On one server").
 *
 * Under the release root:
 *
 *   releases/<id>/   one release: public/ (the build, its compressed copies included, and the
 *                    stamp /release.json), nginx.conf (its own configuration, naming this folder),
 *                    cms-auth.mjs and its systemd unit, release.cjs (the release command, when the
 *                    release came from an artifact: `node live/release.cjs rollback` needs Node alone)
 *   live         ->  releases/<id>, the live one; nginx's configuration includes live/nginx.conf
 *   outgoing     ->  releases/<id>, the one live before it: its hashed scripts and images stay
 *                    reachable, for pages loaded from it just before the switch
 *   acme/            certbot's --webroot folder, answered on port 80 by every release
 *   history          the releases made live, one a line, in order: what a rollback goes back through
 *
 * A release is built on the build server (`npm run artifact` packs it with this command) or in the
 * project (public/ there is never served), copied under a temporary name,
 * checked with `nginx -t`, renamed, and only then made live: both links are replaced by a rename each
 * (atomic on one file system) and nginx reloads, so a page and the policy it carries always come from
 * the same folder. A failure at any step before the switch leaves everything live as it was.
 */
import { spawnSync } from "node:child_process"
import fs from "node:fs"
import path from "node:path"
import { AUTH_SCRIPT, AUTH_UNIT, authUnit } from "../auth/service-files"
import { HOSTING_DIR } from "../hosting/write"
import { BROTLI_MODULES, MIME_TYPES, type TlsOptions, nginxMain, nginxSite } from "../hosting/nginx-config"
import { hostingPolicy } from "../hosting/policy"
import { RELEASE_STAMP_PATH, type ReleaseStamp } from "../hosting/release-stamp"

export const RELEASES = "releases"
export const LIVE = "live"
export const OUTGOING = "outgoing"
export const ACME = "acme"
export const RELEASE_SITE = "nginx.conf"
const LOCK = ".release-lock"
const HISTORY = "history"
const PARTIAL = ".partial"
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
}

export const releasesDir = (root: string) => path.join(root, RELEASES)
const releaseDir = (root: string, id: string) => path.join(releasesDir(root), id)

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

/** The releases made live, oldest first, those still on disk. */
function readHistory(root: string): string[] {
  const file = path.join(root, HISTORY)
  const onDisk = new Set(listReleases(root))
  const lines = fs.existsSync(file) ? fs.readFileSync(file, "utf8").split("\n") : []
  return lines.filter((id) => onDisk.has(id))
}

/** Writes the history in one rename. */
function writeHistory(root: string, ids: string[]): void {
  const temporary = path.join(root, `.${HISTORY}.next`)
  fs.writeFileSync(temporary, ids.map((id) => `${id}\n`).join(""))
  fs.renameSync(temporary, path.join(root, HISTORY))
}

/** nginx's version, for the one directive that depends on it (HTTP/2's). */
function nginxVersion(binary: string): number[] {
  const result = spawnSync(binary, ["-v"], { encoding: "utf8" })
  const version = /nginx\/(\d+)\.(\d+)\.(\d+)/.exec(`${result.stderr}${result.stdout}`)
  if (!version) throw new Error(`${binary} -v did not say its version: ${result.stderr}${result.error ?? ""}`)
  return version.slice(1).map(Number)
}
const atLeast = (version: number[], wanted: number[]) => {
  for (let i = 0; i < wanted.length; i++) if (version[i] !== wanted[i]) return version[i] > wanted[i]
  return true
}

/**
 * The configuration a release runs with: its own folder, the outgoing one's hashed files, HTTPS. The
 * policy is read from `builtIn`, the build as copied (the release folder's own name comes after).
 */
function releaseConfig(settings: ReleaseSettings, id: string, brotli: boolean, builtIn: string): string {
  const dir = releaseDir(settings.root, id)
  const tls = settings.tls && {
    ...settings.tls,
    httpListen: settings.httpListen,
    http2Directive: atLeast(nginxVersion(settings.nginx.binary), [1, 25, 1]),
  }
  return nginxSite(
    hostingPolicy(builtIn),
    {
      root: path.join(dir, "public"),
      listen: tls ? settings.httpsListen : settings.httpListen,
      serverName: settings.serverName,
      tls: tls || undefined,
      acmeRoot: path.join(settings.root, ACME),
      fallbackRoot: path.join(settings.root, OUTGOING, "public"),
      brotli,
      authService: settings.authService,
    },
    `Release ${id}, written by npm run release (deploy/release/releases.ts). Included by nginx through ${path.join(settings.root, LIVE, RELEASE_SITE)}.`,
  )
}

function run(binary: string, args: string[]): { ok: boolean; output: string } {
  // nginx -T prints the whole configuration: room for one of a site with thousands of pages.
  const result = spawnSync(binary, args, { encoding: "utf8", maxBuffer: 64 * 1024 * 1024 })
  return { ok: result.status === 0, output: `${result.stdout ?? ""}${result.stderr ?? ""}${result.error ?? ""}`.trim() }
}

/**
 * `nginx -t` over a release's configuration on its own (in an http block of a configuration made for
 * the check), before it is live: its syntax, its directives, its certificate and key.
 */
function checkAlone(settings: ReleaseSettings, id: string, site: string): void {
  const check = fs.mkdtempSync(path.join(settings.root, ".check-"))
  try {
    const config = path.join(check, "nginx.conf")
    const { modules } = settings.nginx
    fs.writeFileSync(config, nginxMain({ prefix: check, mimeTypes: MIME_TYPES, modules, http: `include ${site};` }))
    const { ok, output } = run(settings.nginx.binary, ["-t", "-p", check, "-c", config])
    if (!ok) throw new Error(`nginx refused release ${id}'s configuration:\n${output}`)
  } finally {
    fs.rmSync(check, { recursive: true, force: true })
  }
}

/** Points `link` at `target` in one rename. */
function relink(root: string, link: string, target: string): void {
  const temporary = path.join(root, `.${link}.next`)
  fs.rmSync(temporary, { force: true })
  fs.symlinkSync(target, temporary)
  fs.renameSync(temporary, path.join(root, link))
}

export interface SwitchReport {
  live: string
  outgoing: string | null
  /** From the first rename to nginx's acceptance of the reload signal. */
  switchMs: number
  authService: string
  /** What the operator still has to do once (the first release, before nginx includes the live one). */
  setup: string | null
}

/**
 * Makes release `id` live: the outgoing link to the release live until now, the live link to `id`,
 * nginx's own configuration checked with it (on failure both links go back, and nginx never reloads),
 * then nginx reloaded and the sign-in service restarted if systemd runs it.
 */
function switchTo(settings: ReleaseSettings, id: string): SwitchReport {
  const { root, nginx } = settings
  const previousLive = linkedRelease(root, LIVE)
  const previousOutgoing = linkedRelease(root, OUTGOING)
  const started = performance.now()
  const outgoing = previousLive && previousLive !== id ? previousLive : previousOutgoing
  if (outgoing) relink(root, OUTGOING, path.join(RELEASES, outgoing))
  relink(root, LIVE, path.join(RELEASES, id))
  // -T: the check, and the whole configuration it read, which must include the live release's.
  const check = run(nginx.binary, [...nginx.args, "-T"])
  const liveSite = path.join(root, LIVE, RELEASE_SITE)
  const included = check.output.includes(`# configuration file ${liveSite}:`)
  const restore = () => {
    if (previousLive) relink(root, LIVE, path.join(RELEASES, previousLive))
    else fs.rmSync(path.join(root, LIVE), { force: true })
    if (previousOutgoing) relink(root, OUTGOING, path.join(RELEASES, previousOutgoing))
    else fs.rmSync(path.join(root, OUTGOING), { force: true })
  }
  if (!check.ok || (!included && previousLive)) {
    restore()
    throw new Error(
      check.ok
        ? `nginx's configuration does not include ${liveSite}; ${previousLive} stays live. ${includeAdvice(liveSite)}`
        : `nginx's configuration does not accept release ${id}; ${previousLive ?? "nothing"} stays live:\n${nginxLines(check.output)}`,
    )
  }
  // The first release may come before nginx serves any: it is then live for nginx's next start.
  const reload = run(nginx.binary, [...nginx.args, "-s", "reload"])
  if (!reload.ok && previousLive) {
    restore()
    throw new Error(
      `nginx did not take the reload signal (is it running?); ${previousLive} stays live:\n${nginxLines(reload.output)}`,
    )
  }
  const switchMs = performance.now() - started
  return {
    live: id,
    outgoing,
    switchMs,
    authService: restartAuthService(),
    setup: !included
      ? `nginx does not serve it yet. ${includeAdvice(liveSite)}`
      : reload.ok
        ? null
        : "nginx is not running: it serves this release once started (systemctl start nginx).",
  }
}

/** nginx's own messages in its output (the configuration -T prints aside). */
const nginxLines = (output: string) =>
  output
    .split("\n")
    .filter((line) => /^nginx: |\[(emerg|alert|crit|error)\]/.test(line))
    .join("\n")

/** The operator's one-time setup: one line in nginx's http block. */
const includeAdvice = (liveSite: string) =>
  `Once, as root: echo 'include ${liveSite};' > /etc/nginx/conf.d/aurelle.conf && nginx -t && systemctl reload nginx`

/** The sign-in service runs the live release's script: restarted when systemd runs it. */
function restartAuthService(): string {
  if (!fs.existsSync("/run/systemd/system")) return "not restarted (no systemd here)"
  const { ok, output } = run("systemctl", ["try-restart", AUTH_UNIT])
  return ok ? `${AUTH_UNIT} restarted if it was running` : `${AUTH_UNIT} not restarted: ${output}`
}

/**
 * Only one release or rollback at a time. The lock is a file holding its owner's process number,
 * written whole under a name of its own and then linked to the lock's name in one step, so there is
 * never a lock without an owner: a release that dies at any point leaves either no lock or one naming
 * a process that is gone, which the next release takes over, saying so.
 */
async function withLock<T>(root: string, work: () => Promise<T>): Promise<T> {
  const lock = path.join(root, LOCK)
  const mine = path.join(root, `${LOCK}.${process.pid}`)
  try {
    fs.writeFileSync(mine, `${process.pid}\n`)
    takeLock(lock, mine)
  } catch (error) {
    throw diskFull(error, root, 0) ?? error
  } finally {
    fs.rmSync(mine, { force: true })
  }
  try {
    return await work()
  } finally {
    fs.rmSync(lock, { recursive: true, force: true })
  }
}

/** The process number a lock names, or null when it names none (a lock left by an older release command). */
function lockOwner(lock: string): number | null {
  try {
    const file = fs.statSync(lock).isDirectory() ? path.join(lock, "pid") : lock
    const owner = Number(fs.readFileSync(file, "utf8").trim())
    return Number.isInteger(owner) && owner > 0 ? owner : null
  } catch {
    return null
  }
}

function isRunning(pid: number): boolean {
  try {
    process.kill(pid, 0)
    return true
  } catch (error) {
    // EPERM: a process of another user holds that number, and is running.
    return (error as NodeJS.ErrnoException).code === "EPERM"
  }
}

function takeLock(lock: string, mine: string): void {
  try {
    fs.linkSync(mine, lock)
    return
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== "EEXIST") throw error
  }
  const owner = lockOwner(lock)
  if (owner !== null && isRunning(owner)) {
    throw new Error(
      `another release or rollback is running (process ${owner}, which holds ${lock}); nothing was changed`,
    )
  }
  console.log(
    `Taking over ${lock}: ${owner === null ? "it names no process (left by a release that stopped before it wrote one)" : `process ${owner}, which held it, is gone`}.`,
  )
  fs.rmSync(lock, { recursive: true, force: true })
  try {
    fs.linkSync(mine, lock)
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== "EEXIST") throw error
    throw new Error(`another release or rollback took ${lock} at the same moment; nothing was changed`)
  }
}

const MB = 1024 * 1024
const megabytes = (bytes: number) => `${(bytes / MB).toFixed(1)} MB`

/** The bytes of every file under `dir`. */
function sizeOf(dir: string): number {
  let total = 0
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name)
    total += entry.isDirectory() ? sizeOf(full) : fs.statSync(full).size
  }
  return total
}

/** The bytes free for this process on the file system holding `dir` (or its nearest folder that exists). */
function freeSpace(dir: string): number {
  while (!fs.existsSync(dir) && path.dirname(dir) !== dir) dir = path.dirname(dir)
  const stats = fs.statfsSync(dir)
  return stats.bavail * stats.bsize
}

/**
 * A full disk, said as an operator needs it: which folder, what was needed, what is free, and that the
 * live release is unchanged. Null when `error` is not a full disk.
 */
function diskFull(error: unknown, root: string, needed: number, during = ""): Error | null {
  const code = (error as NodeJS.ErrnoException)?.code
  if (code !== "ENOSPC" && code !== "EDQUOT") return null
  const live = linkedRelease(root, LIVE)
  return new Error(
    `the disk holding ${root} is full${during}: ${needed > 0 ? `this release needs ${megabytes(needed)} there, ` : ""}${megabytes(freeSpace(root))} are free (${(error as Error).message}). ` +
      `The live release (${live ?? "none yet"}) is unchanged. Free some space (older releases are under ${releasesDir(root)}) and release again.`,
  )
}

/** What a build folder says of itself (an artifact's build.json, written by `npm run artifact`). */
export const BUILD_INFO = "build.json"
/** The release command bundled into an artifact, copied into each release made from one. */
export const RELEASE_SCRIPT = "release.cjs"
export interface BuildInfo {
  /** The commit built (full hash), null when unknown. */
  commit: string | null
  builtAt: string
  /** The site's host name, from the settings the build read. */
  serverName: string
}

/** The build's commit and time: its build.json, or else the git checkout it is in and its home page's time. */
export function buildInfoOf(source: string): BuildInfo | Partial<BuildInfo> {
  const file = path.join(source, BUILD_INFO)
  if (fs.existsSync(file)) return JSON.parse(fs.readFileSync(file, "utf8")) as BuildInfo
  const commit = run("git", ["-C", source, "rev-parse", "HEAD"])
  const home = path.join(source, "public", "index.html")
  return {
    commit: commit.ok && /^[0-9a-f]{40}$/.test(commit.output) ? commit.output : null,
    builtAt: fs.existsSync(home) ? fs.statSync(home).mtime.toISOString() : undefined,
  }
}

/** A name for a new release: the time, then the commit's first eight characters when known. */
function newReleaseId(root: string, commit: string | null | undefined): string {
  const time = new Date()
    .toISOString()
    .replace(/[-:]/g, "")
    .replace(/\.\d+Z$/, "Z")
  const base = commit ? `${time}-${commit.slice(0, 8)}` : time
  let id = base
  for (let n = 2; fs.existsSync(releaseDir(root, id)); n++) id = `${base}-${n}`
  return id
}

/**
 * Writes the stamp (/release.json) into a build's public folder, saying it is live from now: on the
 * nginx host just before the switch, in a folder nginx does not serve yet (a release's own, or one
 * rolled back to); for Pages, into the artifact just before its upload.
 */
export function writeStamp(publicDir: string, info: Partial<BuildInfo>, release?: string): void {
  const file = path.join(publicDir, RELEASE_STAMP_PATH)
  const previous = fs.existsSync(file) ? (JSON.parse(fs.readFileSync(file, "utf8")) as Partial<ReleaseStamp>) : {}
  const stamp = {
    commit: info.commit ?? previous.commit ?? null,
    builtAt: info.builtAt ?? previous.builtAt ?? null,
    liveSince: new Date().toISOString(),
    ...(release ? { release } : {}),
  }
  try {
    fs.writeFileSync(`${file}.next`, `${JSON.stringify(stamp, null, 2)}\n`)
    fs.renameSync(`${file}.next`, file)
  } finally {
    fs.rmSync(`${file}.next`, { force: true })
  }
}

/** The oldest releases past `keep`, never the live or outgoing one. */
function prune(root: string, keep: number): string[] {
  const kept = new Set([linkedRelease(root, LIVE), linkedRelease(root, OUTGOING)])
  const all = listReleases(root)
  const removed = all.slice(0, Math.max(0, all.length - keep)).filter((id) => !kept.has(id))
  for (const id of removed) fs.rmSync(releaseDir(root, id), { recursive: true, force: true })
  return removed
}

export interface ReleaseReport extends SwitchReport {
  removed: string[]
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
): Promise<ReleaseReport> {
  const { root } = settings
  try {
    fs.mkdirSync(releasesDir(root), { recursive: true })
    fs.mkdirSync(path.join(root, ACME), { recursive: true })
  } catch (error) {
    throw diskFull(error, root, 0) ?? error
  }
  return withLock(root, async () => {
    // What a release that died half-way left (nothing names it).
    for (const name of fs.readdirSync(releasesDir(root))) {
      if (name.endsWith(PARTIAL)) fs.rmSync(releaseDir(root, name), { recursive: true, force: true })
    }
    await build()
    const built = path.join(source, "public")
    if (!fs.existsSync(path.join(built, "index.html"))) {
      throw new Error(`${built} holds no built site (no index.html): nothing was released`)
    }
    const info = buildInfoOf(source)
    const id = newReleaseId(root, info.commit)
    const partial = releaseDir(root, `${id}${PARTIAL}`)
    const needed = sizeOf(built)
    if (freeSpace(root) < needed)
      throw diskFull(Object.assign(new Error("not enough room for the copy"), { code: "ENOSPC" }), root, needed)!
    // A release exists under its own name only once whole and checked.
    try {
      fs.mkdirSync(partial)
      fs.cpSync(built, path.join(partial, "public"), { recursive: true })
      fs.copyFileSync(path.join(source, HOSTING_DIR, AUTH_SCRIPT), path.join(partial, AUTH_SCRIPT))
      fs.writeFileSync(path.join(partial, AUTH_UNIT), authUnit(path.join(root, LIVE, AUTH_SCRIPT)))
      if (fs.existsSync(path.join(source, RELEASE_SCRIPT))) {
        fs.copyFileSync(path.join(source, RELEASE_SCRIPT), path.join(partial, RELEASE_SCRIPT))
      }
      const brotli = BROTLI_MODULES.every((module) => fs.existsSync(module))
      const site = path.join(partial, RELEASE_SITE)
      fs.writeFileSync(site, releaseConfig(settings, id, brotli, path.join(partial, "public")))
      checkAlone(settings, id, site)
      fs.renameSync(partial, releaseDir(root, id))
    } catch (error) {
      fs.rmSync(partial, { recursive: true, force: true })
      throw diskFull(error, root, needed) ?? error
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
      writeHistory(root, [...readHistory(root), id])
      return { ...report, removed: prune(root, settings.keep) }
    } catch (error) {
      const reason = diskFull(error, root, 0)?.message ?? (error as Error).message
      return {
        ...report,
        removed: [],
        setup: [report.setup, `Not recorded in ${path.join(root, HISTORY)}: ${reason}`].filter(Boolean).join("\n"),
      }
    }
  })
}

/**
 * `npm run rollback`: the release live before the live one made live again, the same way. It goes
 * back through the releases as they were live: after a rollback and a new release, the next rollback
 * returns to the release rolled back to, never to the one rolled back from.
 */
export function rollback(settings: ReleaseSettings): Promise<SwitchReport> {
  const { root } = settings
  return withLock(root, async () => {
    const live = linkedRelease(root, LIVE)
    const history = readHistory(root)
    while (history.length > 0 && history.at(-1) === live) history.pop()
    const target = history.at(-1)
    if (!target) {
      throw new Error(`no release was live before ${live ?? "the live one"} under ${root}: nothing to roll back to`)
    }
    checkAlone(settings, target, path.join(releaseDir(root, target), RELEASE_SITE))
    try {
      writeStamp(path.join(releaseDir(root, target), "public"), {}, target)
      const report = switchTo(settings, target)
      writeHistory(root, history)
      return report
    } catch (error) {
      throw diskFull(error, root, 0, " while switching back") ?? error
    }
  })
}

/**
 * Settings for the system's nginx, or a standalone one (`-p`, `-c`). The check of a release on its
 * own loads the brotli modules by their full paths (Debian's modules-enabled names them relative to
 * nginx's own prefix, which the check does not use).
 */
export function nginxControl(binary: string, args: string[]): NginxControl {
  return { binary, args, modules: BROTLI_MODULES.filter((module) => fs.existsSync(module)) }
}
