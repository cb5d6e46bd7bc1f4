/**
 * What the commands on the nginx host share: the host's settings from their options (its root, name,
 * certificates, nginx, how many releases to keep), the artifact a command works on, and the project
 * this command is in when run from it (npm run release builds it there).
 */
import fs from "node:fs"
import path from "node:path"
import { BUILD_INFO } from "../../../contracts/build-info"
import { siteHostName } from "../../../lib/site-settings"
import { nginxControl } from "../nginx-control"
import type { ReleaseSettings } from "../settings"
import { readBuildInfo } from "../stamp"
import type { Values } from "./command"
import type { FROM, HOST } from "./options"

/** The project this command is in, when run from it (npm run release): it builds the site there. */
export const PROJECT_DIR = path.resolve(__dirname, "../../..")

/** The artifact this script was bundled into, when it was (its folder holds the build's build.json). */
export const OWN_ARTIFACT = fs.existsSync(path.join(__dirname, BUILD_INFO)) ? __dirname : null

/** The artifact a command works on: --from, else the one it was bundled into; `what` says why one is needed. */
export function artifactOf(from: string | undefined, what: string): string {
  const artifact = from ? path.resolve(from) : OWN_ARTIFACT
  if (!artifact) throw new Error(`${what}: run the artifact's release.cjs, or name it with --from`)
  return artifact
}

export interface Host {
  settings: ReleaseSettings
  /** The artifact to release (--from, or the one this script is in), or null: build the project. */
  from: string | null
  /** nginx's own options (-p, -c), as the host's timers pass them on. */
  nginxOptions: string[]
}

/** The host's settings from the options; throws, changing nothing, on one that cannot be right. */
export function hostOf(
  values: Values<typeof HOST> & Partial<Values<typeof FROM>>,
  { needsCertificates }: { needsCertificates: boolean },
): Host {
  const root = path.resolve(values.root)
  const from = values.from ? path.resolve(values.from) : OWN_ARTIFACT
  if (from && !fs.existsSync(path.join(from, BUILD_INFO))) {
    throw new Error(`${from} is not a build made by npm run artifact (it has no ${BUILD_INFO}); nothing was changed.`)
  }
  const serverName =
    values["server-name"] ?? (from ? readBuildInfo(from).serverName : siteHostName(path.resolve("content")))
  const certbotDir = `/etc/letsencrypt/live/${serverName}`
  const tls = values["http-only"]
    ? null
    : {
        certificate: path.resolve(values.certificate ?? `${certbotDir}/fullchain.pem`),
        key: path.resolve(values["certificate-key"] ?? `${certbotDir}/privkey.pem`),
      }
  const prefix = values["nginx-prefix"] && path.resolve(values["nginx-prefix"])
  const conf = values["nginx-conf"] && path.resolve(values["nginx-conf"])
  const nginxArgs = [...(prefix ? ["-p", prefix] : []), ...(conf ? ["-c", conf] : [])]
  for (const file of tls && needsCertificates ? [tls.certificate, tls.key] : []) {
    if (!fs.existsSync(file)) {
      throw new Error(`No certificate file at ${file}; nothing was changed.
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
    httpsListen: values["https-listen"]!,
    httpListen: values["http-listen"]!,
    authService: values["auth-service"]!,
    nginx: nginxControl(values.nginx!, nginxArgs),
    keep: values.keep,
    lockWaitSeconds: values.wait,
  }
  const nginxOptions = [
    ...["--nginx", values.nginx!],
    ...(prefix ? ["--nginx-prefix", prefix] : []),
    ...(conf ? ["--nginx-conf", conf] : []),
  ]
  return { settings, from, nginxOptions }
}
