/**
 * npm run release -- --root DIR [options]   builds, checks and makes a new release live
 * npm run release -- --root DIR --from PATH  makes the build in PATH (an artifact) live, no build
 * npm run rollback -- --root DIR [options]  makes the release before the live one live again
 * node release.cjs stamp                     writes the artifact's /release.json (before a Pages upload)
 * node release.cjs upload-list --live FILE   the artifact's files an upload to the nginx host must carry
 * node release.cjs release --at TIME         stages the artifact (built at TIME) to go live then
 * node live/release.cjs tick --root DIR      the host's timer: a staged release live at its time
 * node live/release.cjs report --root DIR    the host's other timer: the demo funnel from the log
 *
 * The same command, bundled into an artifact by `npm run artifact` (its release.cjs), runs on the
 * nginx host with Node alone: `node release.cjs release --root DIR` releases the artifact it is in.
 *
 * docs/deploying.md, "On one server (nginx)", says what each step does and what the operator sees;
 * deploy/release/releases.ts does it.
 */
import { spawnSync } from "node:child_process"
import fs from "node:fs"
import path from "node:path"
import { parseArgs } from "node:util"
import { siteHostName } from "../../lib/site-settings"
import { AUTH_UPSTREAM } from "../../contracts/hosting"
import { BUILD_INFO } from "../../contracts/build-info"
import { RELEASE_STAMP_PATH, type ReleaseStamp, readReleaseStamp } from "../../contracts/release-stamp"
import { KEEP, LIVE, RELEASE_SCRIPT, type ReleaseSettings, releasesDir } from "./layout"
import { type SwitchReport, nginxControl } from "./nginx-control"
import { NotReplacing, type ReleaseReport, release, rollback, stage } from "./releases"
import { TICK_TIMER, writeTickUnits } from "./staged"
import { describeTick, tick } from "./tick"
import { REPORT_DIR, writeReport, writeReportHostFiles } from "./visits-report"
import { FILES_MANIFEST, posixPath, readManifest, uploadList } from "./files"
import { megabytes } from "./disk"
import { LOCK_WAIT_SECONDS } from "./lock"
import { filesUnder } from "../../lib/files"
import { HELD_STATUS, HeldForCalendar, readBuildInfo, writeStamp } from "./stamp"
import { overLiveOnPages } from "./told-calendar"
import { USAGE } from "./usage"

const PROJECT_DIR = path.resolve(__dirname, "../..")
/** The exit status of a release --replacing a commit no longer live: nothing was changed. */
const NOT_REPLACING_STATUS = 3
/** The artifact this script was bundled into, when it was (its folder holds the build's build.json). */
const OWN_ARTIFACT = fs.existsSync(path.join(__dirname, BUILD_INFO)) ? __dirname : null

/**
 * The live site's stamp, or null where it has none (404: the first release). Where the site cannot be
 * read, a calendar release (`required`) stops, changing nothing; a push's goes on, saying so: a site
 * that is down must not keep its fix from being published.
 */
async function liveStamp(url: string, required: boolean): Promise<ReleaseStamp | null> {
  const response = await fetch(url, { cache: "no-store", signal: AbortSignal.timeout(30_000) }).catch(
    (error: Error) => {
      if (required) fail(`${url} cannot be read (${error.message}): nothing was changed`)
      console.log(`${url} cannot be read (${error.message}): releasing without its stamp's word`)
      return null
    },
  )
  if (!response || response.status === 404) return null
  if (!response.ok)
    fail(`${url} answered ${response.status}: the live site cannot say what it serves; nothing was changed`)
  return readReleaseStamp(await response.json())
}

function fail(message: string): never {
  console.error(`\n${message}\n`)
  process.exit(1)
}

const { values } = parseArgs({
  args: process.argv.slice(3),
  options: {
    root: { type: "string" },
    from: { type: "string" },
    "server-name": { type: "string" },
    certificate: { type: "string" },
    "certificate-key": { type: "string" },
    "http-only": { type: "boolean", default: false },
    "https-listen": { type: "string", default: "443" },
    "http-listen": { type: "string", default: "80" },
    "auth-service": { type: "string", default: AUTH_UPSTREAM },
    nginx: { type: "string", default: "nginx" },
    "nginx-prefix": { type: "string" },
    "nginx-conf": { type: "string" },
    keep: { type: "string", default: String(KEEP) },
    wait: { type: "string", default: String(LOCK_WAIT_SECONDS) },
    replacing: { type: "string" },
    "older-commit": { type: "boolean", default: false },
    at: { type: "string" },
    live: { type: "string" },
    "stamp-url": { type: "string" },
    log: { type: "string" },
    help: { type: "boolean", default: false },
  },
})
const command = process.argv[2]
if (values.help || !["release", "rollback", "stamp", "upload-list", "tick", "report"].includes(command)) {
  console.log(USAGE)
  process.exit(values.help ? 0 : 1)
}
/** `stamp`: the artifact's /release.json, before a CDN upload (with --replacing, only over that live commit). */
async function stampCommand(): Promise<void> {
  const artifact = values.from ? path.resolve(values.from) : OWN_ARTIFACT
  if (!artifact) fail(`stamp writes an artifact's release.json: run the artifact's release.cjs, or name it with --from`)
  const info = readBuildInfo(artifact)
  const released = (value: boolean) => {
    if (process.env.GITHUB_OUTPUT) fs.appendFileSync(process.env.GITHUB_OUTPUT, `released=${value}\n`)
  }
  const url = values["stamp-url"] ?? `https://${info.serverName}${RELEASE_STAMP_PATH}`
  const over = overLiveOnPages(info, await liveStamp(url, Boolean(values.replacing)), values.replacing)
  if (!over.released) {
    released(false)
    console.log(`Not released: ${over.why}; the calendar's next run looks again.`)
    process.exit(0)
  }
  writeStamp(path.join(artifact, "public"), info)
  released(true)
  console.log(`Stamped ${path.join(artifact, "public", "release.json")}`)
  process.exit(0)
}

/**
 * `upload-list`: what an upload to the nginx host must carry for a release there (deploy/release/files.ts):
 * the artifact's own files, and those of its build the live release lacks.
 */
function uploadListCommand(): void {
  const artifact = values.from ? path.resolve(values.from) : OWN_ARTIFACT
  if (!artifact) fail(`upload-list lists an artifact's files: run the artifact's release.cjs, or name it with --from`)
  const manifest = readManifest(artifact)
  if (!manifest) fail(`${artifact} has no readable ${FILES_MANIFEST}: pack it again with npm run artifact`)
  const live =
    values.live && fs.existsSync(values.live)
      ? readManifest(path.dirname(path.resolve(values.live)), path.basename(values.live))
      : null
  const own = filesUnder(artifact)
    .map((file) => posixPath(path.relative(artifact, file)))
    .filter((file) => !file.startsWith("public/"))
    .sort()
  process.stdout.write(
    uploadList(manifest, live, own)
      .map((file) => `${file}\n`)
      .join(""),
  )
}

/** `report`: the host's hourly count of the demo funnel (deploy/release/visits-report.ts). */
async function reportCommand(): Promise<void> {
  if (!values.root) fail(`--root is required: the folder the releases live in.\n\n${USAGE}`)
  const root = path.resolve(values.root)
  try {
    const counts = await writeReport(root, values.log ? { logFile: path.resolve(values.log) } : {})
    console.log(`Report written to ${path.join(root, REPORT_DIR)}: ${Object.keys(counts.days).length} days counted`)
  } catch (error) {
    fail(`report stopped: ${(error as Error).message}`)
  }
}

/** `release` and `rollback`, on the nginx host. */
function releaseCommand(): void {
  if (!values.root) fail(`--root is required: the folder the releases live in.\n\n${USAGE}`)
  const keep = Number(values.keep)
  if (!Number.isInteger(keep) || keep < 2)
    fail("--keep must be a whole number, 2 or more (the live release and one to roll back to)")
  const lockWaitSeconds = Number(values.wait)
  if (!Number.isInteger(lockWaitSeconds) || lockWaitSeconds < 0)
    fail("--wait must be a whole number of seconds, 0 or more")

  const from = values.from ? path.resolve(values.from) : OWN_ARTIFACT
  if (from && !fs.existsSync(path.join(from, BUILD_INFO))) {
    fail(`${from} is not a build made by npm run artifact (it has no ${BUILD_INFO}); nothing was changed.`)
  }
  const fromInfo = (artifact: string) => {
    try {
      return readBuildInfo(artifact)
    } catch (error) {
      return fail(`${(error as Error).message}; nothing was changed.`)
    }
  }
  const serverName = values["server-name"] ?? (from ? fromInfo(from).serverName : siteHostName(path.resolve("content")))
  const certbotDir = `/etc/letsencrypt/live/${serverName}`
  const tls = values["http-only"]
    ? null
    : {
        certificate: path.resolve(values.certificate ?? `${certbotDir}/fullchain.pem`),
        key: path.resolve(values["certificate-key"] ?? `${certbotDir}/privkey.pem`),
      }
  const root = path.resolve(values.root)
  const nginxArgs = [
    ...(values["nginx-prefix"] ? ["-p", path.resolve(values["nginx-prefix"])] : []),
    ...(values["nginx-conf"] ? ["-c", path.resolve(values["nginx-conf"])] : []),
  ]
  const settings: ReleaseSettings = {
    root,
    serverName,
    tls,
    httpsListen: values["https-listen"]!,
    httpListen: values["http-listen"]!,
    authService: values["auth-service"]!,
    nginx: nginxControl(values.nginx!, nginxArgs),
    keep,
    lockWaitSeconds,
  }

  for (const file of tls && command === "release" ? [tls.certificate, tls.key] : []) {
    if (!fs.existsSync(file)) {
      fail(`No certificate file at ${file}; nothing was changed.
Get one with certbot, which proves the name over plain HTTP through ${path.join(root, "acme")}:
  npm run release -- --root ${root} --http-only     (once, if nothing answers on port 80 yet)
  certbot certonly --webroot -w ${path.join(root, "acme")} -d ${serverName}
then release again without --http-only. Or name the files with --certificate and --certificate-key.`)
    }
  }

  /** The build in the project, as `npm run build`: its output goes to the operator's terminal. */
  function build(): void {
    console.log(`Building the site in ${PROJECT_DIR} (the live release is not touched)…`)
    const result = spawnSync("npm", ["run", "build"], {
      cwd: PROJECT_DIR,
      stdio: "inherit",
      env: { ...process.env, GATSBY_TELEMETRY_DISABLED: "1" },
    })
    if (result.status !== 0) {
      throw new Error(
        `the build failed (exit ${result.status ?? result.signal}), see above: nothing was released and the live release is unchanged`,
      )
    }
  }

  async function main() {
    const started = performance.now()
    // The host's timer runs the live release's own command with the nginx options this one was given.
    const units = () => {
      if (!from) return
      writeTickUnits(root, [
        ...["--nginx", values.nginx!],
        ...(values["nginx-prefix"] ? ["--nginx-prefix", path.resolve(values["nginx-prefix"])] : []),
        ...(values["nginx-conf"] ? ["--nginx-conf", path.resolve(values["nginx-conf"])] : []),
      ])
      writeReportHostFiles(root)
    }
    if (command === "tick") return console.log(describeTick(await tick(settings)))
    if (values.at) {
      if (!from) fail("--at stages an artifact: run the artifact's release.cjs, or name it with --from")
      const staged = await stage(from, settings, values.at)
      units()
      return console.log(
        `Staged ${staged.id} to go live at ${values.at}; the host's timer (${TICK_TIMER}) makes it live then.`,
      )
    }
    const report: SwitchReport & Partial<Pick<ReleaseReport, "removed" | "files">> =
      command === "release"
        ? await (from
            ? release(from, settings, undefined, { replacing: values.replacing, olderCommit: values["older-commit"] })
            : release(PROJECT_DIR, settings, build, {
                replacing: values.replacing,
                olderCommit: values["older-commit"],
              }))
        : await rollback(settings)
    if (command === "release") units()
    const seconds = ((performance.now() - started) / 1000).toFixed(1)
    console.log(`
${command === "release" ? "Released" : "Rolled back to"} ${report.live} in ${seconds} s: ${path.join(root, LIVE)} -> ${path.join(releasesDir(root), report.live)}
  switch (links and nginx reload): ${report.switchMs.toFixed(0)} ms
  pages loaded before it keep their scripts from: ${report.outgoing ?? "(none: first release)"}
  sign-in service: ${report.authService}${report.files ? `\n  files: ${report.files.copied} copied (${megabytes(report.files.addedBytes)} added on disk), ${report.files.linked} linked from the releases kept (${megabytes(report.files.linkedBytes)})` : ""}${report.removed?.length ? `\n  removed old releases: ${report.removed.join(", ")}` : ""}
  back to the previous one: ${from ? `node ${path.join(root, LIVE, RELEASE_SCRIPT)} rollback` : "npm run rollback --"} --root ${root}
  peak memory of this command: ${(process.resourceUsage().maxRSS / 1024).toFixed(0)} MB${report.setup ? `\n\n${report.setup}` : ""}`)
  }

  main().catch((error: Error) => {
    if (error instanceof HeldForCalendar) {
      console.error(`\nHeld for the calendar: ${error.message}\n`)
      process.exit(HELD_STATUS)
    }
    if (error instanceof NotReplacing) {
      console.log(`Not released: ${error.message}; the calendar's next run looks again.`)
      process.exit(NOT_REPLACING_STATUS)
    }
    fail(`${command} stopped: ${error.message}`)
  })
}

if (command === "stamp")
  stampCommand().catch((error: Error) => {
    if (!(error instanceof HeldForCalendar)) fail(`stamp stopped: ${error.message}`)
    console.error(`\nHeld for the calendar: ${error.message}\n`)
    process.exit(HELD_STATUS)
  })
else if (command === "upload-list") uploadListCommand()
else if (command === "report") void reportCommand()
else releaseCommand()
