/**
 * What the commands on the nginx host share: the host's settings from the options (its root, name,
 * certificates, nginx, how many releases to keep), the artifact released when there is one, and how
 * such a command ends when the calendar holds it or another release went first.
 */
import fs from "node:fs"
import path from "node:path"
import { BUILD_INFO } from "../../../contracts/build-info"
import { siteHostName } from "../../../lib/site-settings"
import type { ReleaseSettings } from "../layout"
import { nginxControl } from "../nginx-control"
import { NotReplacing } from "../releases"
import { HELD_STATUS, HeldForCalendar, readBuildInfo } from "../stamp"
import { USAGE } from "../usage"
import { type Options, OWN_ARTIFACT, fail, rootOf } from "./command-line"

/** The exit status of a release --replacing a commit no longer live: nothing was changed. */
const NOT_REPLACING_STATUS = 3

export interface Host {
  settings: ReleaseSettings
  /** The artifact to release (--from, or the one this script is in), or null: build the project. */
  from: string | null
  /** nginx's own options (-p, -c), as the host's timers pass them on. */
  nginxOptions: string[]
}

/** The host's settings from the options; stops, changing nothing, on one that cannot be right. */
export function hostOf(options: Options, { needsCertificates }: { needsCertificates: boolean }): Host {
  const root = rootOf(options, USAGE)
  const keep = Number(options.keep)
  if (!Number.isInteger(keep) || keep < 2)
    fail("--keep must be a whole number, 2 or more (the live release and one to roll back to)")
  const lockWaitSeconds = Number(options.wait)
  if (!Number.isInteger(lockWaitSeconds) || lockWaitSeconds < 0)
    fail("--wait must be a whole number of seconds, 0 or more")

  const from = options.from ? path.resolve(options.from) : OWN_ARTIFACT
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
  const serverName =
    options["server-name"] ?? (from ? fromInfo(from).serverName : siteHostName(path.resolve("content")))
  const certbotDir = `/etc/letsencrypt/live/${serverName}`
  const tls = options["http-only"]
    ? null
    : {
        certificate: path.resolve(options.certificate ?? `${certbotDir}/fullchain.pem`),
        key: path.resolve(options["certificate-key"] ?? `${certbotDir}/privkey.pem`),
      }
  const nginxArgs = [
    ...(options["nginx-prefix"] ? ["-p", path.resolve(options["nginx-prefix"])] : []),
    ...(options["nginx-conf"] ? ["-c", path.resolve(options["nginx-conf"])] : []),
  ]
  for (const file of tls && needsCertificates ? [tls.certificate, tls.key] : []) {
    if (!fs.existsSync(file)) {
      fail(`No certificate file at ${file}; nothing was changed.
Get one with certbot, which proves the name over plain HTTP through ${path.join(root, "acme")}:
  npm run release -- --root ${root} --http-only     (once, if nothing answers on port 80 yet)
  certbot certonly --webroot -w ${path.join(root, "acme")} -d ${serverName}
then release again without --http-only. Or name the files with --certificate and --certificate-key.`)
    }
  }
  const settings: ReleaseSettings = {
    root,
    serverName,
    tls,
    httpsListen: options["https-listen"]!,
    httpListen: options["http-listen"]!,
    authService: options["auth-service"]!,
    nginx: nginxControl(options.nginx!, nginxArgs),
    keep,
    lockWaitSeconds,
  }
  const nginxOptions = [
    ...["--nginx", options.nginx!],
    ...(options["nginx-prefix"] ? ["--nginx-prefix", path.resolve(options["nginx-prefix"])] : []),
    ...(options["nginx-conf"] ? ["--nginx-conf", path.resolve(options["nginx-conf"])] : []),
  ]
  return { settings, from, nginxOptions }
}

/** Runs a command on the host; held by the calendar or replacing a commit no longer live, it says so. */
export const onHost = (name: string, work: () => Promise<void>): Promise<void> =>
  work().catch((error: Error) => {
    if (error instanceof HeldForCalendar) {
      console.error(`\nHeld for the calendar: ${error.message}\n`)
      process.exit(HELD_STATUS)
    }
    if (error instanceof NotReplacing) {
      console.log(`Not released: ${error.message}; the calendar's next run looks again.`)
      process.exit(NOT_REPLACING_STATUS)
    }
    fail(`${name} stopped: ${error.message}`)
  })
