/**
 * nginx as the releases drive it: a release's own configuration, checked on its own before it can be
 * live, and the switch: both links replaced by a rename each, nginx's whole configuration checked with
 * them, then reloaded (on failure the links go back and nginx never reloads).
 */
import { spawnSync } from "node:child_process"
import fs from "node:fs"
import os from "node:os"
import path from "node:path"
import { AUTH_UNIT } from "../../contracts/hosting"
import { type HostingPolicy } from "../../contracts/hosting-policy"
import { nginxSite } from "./nginx-config"
import { writePendingReport } from "./visits-report"
import { BROTLI_MODULES, MIME_TYPES, nginxMain } from "./nginx-main"
import {
  ACME,
  LIVE,
  OUTGOING,
  PREVIEW_SITE,
  PREVIEW_USERS,
  RELEASES,
  RELEASE_SITE,
  REPORT_DIR,
  REPORT_USERS,
  VISITS_LOG,
  linkedRelease,
  releaseDir,
  relink,
} from "./root/layout"
import type { NginxControl, ReleaseSettings } from "./settings"

/** Runs a program to its end: whether it succeeded, and all it said. */
export function run(binary: string, args: string[]): { ok: boolean; output: string } {
  // nginx -T prints the whole configuration: room for one of a site with thousands of pages.
  const result = spawnSync(binary, args, { encoding: "utf8", maxBuffer: 64 * 1024 * 1024 })
  return { ok: result.status === 0, output: `${result.stdout ?? ""}${result.stderr ?? ""}${result.error ?? ""}`.trim() }
}

/**
 * Settings for the system's nginx, or a standalone one (`-p`, `-c`). The check of a release on its
 * own loads the brotli modules by their full paths (Debian's modules-enabled names them relative to
 * nginx's own prefix, which the check does not use).
 */
export function nginxControl(binary: string, args: string[]): NginxControl {
  return { binary, args, modules: BROTLI_MODULES.filter((module) => fs.existsSync(module)) }
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
 * The configuration a release runs with: its own folder, the outgoing one's hashed files, HTTPS, and
 * the hosting policy its build read from its pages (contracts/hosting.ts).
 */
export function releaseConfig(settings: ReleaseSettings, id: string, policy: HostingPolicy): string {
  const dir = releaseDir(settings.root, id)
  const tls = settings.tls && {
    ...settings.tls,
    httpListen: settings.httpListen,
    http2Directive: atLeast(nginxVersion(settings.nginx.binary), [1, 25, 1]),
  }
  return nginxSite(
    policy,
    {
      root: path.join(dir, "public"),
      listen: tls ? settings.httpsListen : settings.httpListen,
      serverName: settings.serverName,
      tls: tls || undefined,
      acmeRoot: path.join(settings.root, ACME),
      fallbackRoot: path.join(settings.root, OUTGOING, "public"),
      brotli: BROTLI_MODULES.every((module) => fs.existsSync(module)),
      authService: settings.authService,
      visitsLog: path.join(settings.root, VISITS_LOG),
      report: { dir: path.join(settings.root, REPORT_DIR), users: path.join(settings.root, REPORT_USERS) },
      previews: { dir: path.join(settings.root, PREVIEW_SITE), users: path.join(settings.root, PREVIEW_USERS) },
    },
    `Release ${id}, written by npm run release (deploy/release/). Included by nginx through ${path.join(settings.root, LIVE, RELEASE_SITE)}.`,
  )
}

/**
 * `nginx -t` over a release's configuration on its own (in an http block of a configuration made for
 * the check), before it is live: its syntax, its directives, its certificate and key.
 */
export function checkAlone(settings: ReleaseSettings, id: string, site: string): void {
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

/**
 * `nginx -t` over the configuration a build would be served with (plain HTTP, from `publicDir`), where
 * nginx is at hand (the build server has it): a configuration nginx refuses never becomes an
 * artifact. Says whether nginx was there to ask; throws with nginx's words when it refuses.
 */
export function checkBuildConfig(binary: string, policy: HostingPolicy, publicDir: string): boolean {
  if (!fs.existsSync(binary)) return false
  const check = fs.mkdtempSync(path.join(os.tmpdir(), "nginx-check-"))
  try {
    const modules = BROTLI_MODULES.filter((module) => fs.existsSync(module))
    const options = { root: publicDir, listen: "127.0.0.1:8080", brotli: modules.length === BROTLI_MODULES.length }
    const site = path.join(check, "site.conf")
    fs.writeFileSync(
      site,
      nginxSite(policy, { ...options, visitsLog: path.join(check, "access.log") }, "A build's check"),
    )
    const config = path.join(check, "nginx.conf")
    fs.writeFileSync(config, nginxMain({ prefix: check, mimeTypes: MIME_TYPES, modules, http: `include ${site};` }))
    const { ok, output } = run(binary, ["-t", "-p", check, "-c", config])
    if (!ok) throw new Error(`nginx refused the configuration this build would be served with:\n${output}`)
    return true
  } finally {
    fs.rmSync(check, { recursive: true, force: true })
  }
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
export function switchTo(settings: ReleaseSettings, id: string): SwitchReport {
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
  writePendingReport(root)
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
