/**
 * Debian's nginx serving the built site with the hosting policy (deploy/hosting/), on loopback, as
 * its own process with its own prefix folder: `npm run serve`, the hosting tests and the load
 * bench all start it here (scripts/ensure-system-packages.sh installs nginx where it may).
 */
import { spawn } from "node:child_process"
import fs from "node:fs"
import path from "node:path"
import { LOCAL_CMS_BACKEND } from "../../contracts/local-backend"
import { BROTLI_MODULES, MIME_TYPES, nginxStandalone } from "../release/nginx-main"

export { BROTLI_MODULES, MIME_TYPES }
import { CASE_NOT_FOUND } from "../../build-steps/post-build/hosting-policy"
import { HOSTING_DIR } from "../../contracts/hosting"
import { HOSTING_POLICY_FILE, parseHostingPolicy } from "../../contracts/hosting-policy"
import { waitForServer } from "../lib/wait-for-server"
import { ensureSystemPackage } from "../lib/system-packages"
import { freePort, portTaken } from "../lib/free-port"

const ROOT = path.resolve(__dirname, "../..")
export const PUBLIC_DIR = path.join(ROOT, "public")

export interface RunningNginx {
  url: string
  /** Its visits' log, as a host writes it (deploy/release/visits-log.ts). */
  visitsLog: string
  /** The configuration it runs with, for a look. */
  config: string
  brotli: boolean
  stop(): Promise<void>
}

/**
 * nginx serving the build with the hosting policy, on `port` (a free port when none is named). A port
 * another program takes between the choice and nginx's start is replaced by another free one; a port
 * named by the caller and taken stops with a message that names it.
 */
export async function startNginx(options: NginxOptions = {}): Promise<RunningNginx> {
  for (let attempt = 1; ; attempt++) {
    const port = options.port ?? (await freePort())
    try {
      return await startNginxOn(port, options)
    } catch (error) {
      const taken = error instanceof PortTakenError
      if (taken && options.port !== undefined)
        throw new Error(`nginx could not listen on port ${port}: another program holds it`)
      if (!taken || attempt === 3) throw error
    }
  }
}

class PortTakenError extends Error {}

interface NginxOptions {
  /** The port to listen on; a free one by default. */
  port?: number
  publicDir?: string
  /** decap-server for local editing, or none (the CMS then signs in with GitHub). */
  cmsBackend?: { path: string; url: string } | null
  /** The CMS sign-in service (deploy/auth/node-service.ts) that /api/auth is passed to. */
  authService?: string
  /** Send the build's .br/.gz copies (the shipped configuration); `false` compresses every response anew. */
  precompressed?: boolean
}

/**
 * The hosting policy the build wrote beside its public folder, as a release reads it
 * (build-steps/post-build/hosting-files.ts): its pages, and its addresses of before, which only the build
 * knows (the content's and the history's).
 */
function buildPolicy(publicDir: string) {
  const file = path.join(path.dirname(publicDir), HOSTING_DIR, HOSTING_POLICY_FILE)
  if (!fs.existsSync(file)) throw new Error(`${publicDir} has no ${file} beside it: run npm run build first`)
  return parseHostingPolicy(fs.readFileSync(file, "utf8"), file)
}

async function startNginxOn(
  port: number,
  { publicDir = PUBLIC_DIR, cmsBackend = LOCAL_CMS_BACKEND, authService, precompressed = true }: NginxOptions,
): Promise<RunningNginx> {
  if (!fs.existsSync(path.join(publicDir, CASE_NOT_FOUND.file))) {
    throw new Error(`${publicDir} is not a complete build: run npm run build first`)
  }
  const binary = ensureSystemPackage("nginx")
  fs.mkdirSync(path.join(ROOT, ".tmp"), { recursive: true })
  const prefix = fs.mkdtempSync(path.join(ROOT, ".tmp", "nginx-"))
  // Workers may run as another user than a root master: they read the site and write nothing here.
  fs.chmodSync(prefix, 0o755)
  const brotli = BROTLI_MODULES.every((module) => fs.existsSync(module))
  const visitsLog = path.join(prefix, "access.log")
  const config = nginxStandalone(buildPolicy(publicDir), {
    root: publicDir,
    listen: `127.0.0.1:${port}`,
    brotli,
    brotliModules: brotli ? BROTLI_MODULES : [],
    precompressed,
    prefix,
    mimeTypes: MIME_TYPES,
    cmsBackend: cmsBackend ?? undefined,
    authService,
    visitsLog,
  })
  const configFile = path.join(prefix, "nginx.conf")
  fs.writeFileSync(configFile, config)
  const url = `http://127.0.0.1:${port}`
  const running = await runNginx({ binary, prefix, configFile, url })
  return { ...running, config, brotli, visitsLog }
}

export interface NginxProcess {
  url: string
  stop(): Promise<void>
}

/**
 * An nginx master with a configuration of the caller's, in the foreground, once `url` answers from
 * nginx; `stop` ends it and removes `prefix`. A start that fails says why, with nginx's own words.
 */
export async function runNginx({
  binary = ensureSystemPackage("nginx"),
  prefix,
  configFile,
  url,
  ready = (response) => response.headers.get("server") === "nginx",
}: {
  binary?: string
  prefix: string
  configFile: string
  url: string
  ready?: (response: Response) => boolean
}): Promise<NginxProcess> {
  const server = spawn(binary, ["-p", prefix, "-c", configFile, "-g", "daemon off;"], {
    stdio: ["ignore", "ignore", "pipe"],
  })
  let errors = ""
  server.stderr!.on("data", (chunk: Buffer) => (errors += chunk.toString()))
  try {
    await waitForServer(url, {
      name: "nginx",
      // A redirect (to HTTPS, say) is an answer from nginx too.
      init: { redirect: "manual" },
      timeoutMs: 10_000,
      // Another server already on the port answers too, while this nginx fails to bind and exits:
      // only an answer from nginx counts, and its exit is reported with its error log.
      ready,
      failed: () => (server.exitCode === null ? undefined : `exit ${server.exitCode}`),
    })
  } catch (error) {
    if (server.exitCode === null) server.kill("SIGTERM")
    fs.rmSync(prefix, { recursive: true, force: true })
    if (portTaken(errors)) throw new PortTakenError(errors)
    throw server.exitCode === null ? error : new Error(`nginx stopped at start: exit ${server.exitCode}:\n${errors}`)
  }
  return {
    url,
    stop: async () => {
      if (server.exitCode === null) {
        const exited = new Promise((resolve) => server.once("exit", resolve))
        server.kill("SIGTERM")
        await exited
      }
      fs.rmSync(prefix, { recursive: true, force: true })
    },
  }
}
