/**
 * The release command's options (deploy/release/usage.ts says each), as each command reads them, and
 * how a command stops: its reason on the operator's terminal, a failing exit status.
 */
import fs from "node:fs"
import path from "node:path"
import { parseArgs } from "node:util"
import { AUTH_UPSTREAM } from "../../../contracts/hosting"
import { BUILD_INFO } from "../../../contracts/build-info"
import { KEEP, KEEP_PREVIEWS, PREVIEWS_DISK_MB } from "../layout"
import { LOCK_WAIT_SECONDS } from "../lock"

const OPTIONS = {
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
  pull: { type: "string" },
  token: { type: "string" },
  open: { type: "string" },
  "keep-previews": { type: "string", default: String(KEEP_PREVIEWS) },
  "previews-disk-mb": { type: "string", default: String(PREVIEWS_DISK_MB) },
  log: { type: "string" },
  help: { type: "boolean", default: false },
} as const

/** A command's options, as given after its name. */
export const parseOptions = (args: string[]) => parseArgs({ args, options: OPTIONS }).values
export type Options = ReturnType<typeof parseOptions>

export function fail(message: string): never {
  console.error(`\n${message}\n`)
  process.exit(1)
}

/** The project this command is in, when run from it (npm run release): it builds the site there. */
export const PROJECT_DIR = path.resolve(__dirname, "../../..")

/** The artifact this script was bundled into, when it was (its folder holds the build's build.json). */
export const OWN_ARTIFACT = fs.existsSync(path.join(__dirname, BUILD_INFO)) ? __dirname : null

/** The artifact a command works on: --from, else the one it was bundled into; `what` says why one is needed. */
export function artifactOf(options: Options, what: string): string {
  const artifact = options.from ? path.resolve(options.from) : OWN_ARTIFACT
  return artifact ?? fail(`${what}: run the artifact's release.cjs, or name it with --from`)
}

/** The folder the releases live in (--root), which every command on the host needs. */
export const rootOf = (options: Options, usage: string): string =>
  options.root ? path.resolve(options.root) : fail(`--root is required: the folder the releases live in.\n\n${usage}`)
