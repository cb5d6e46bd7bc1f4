/**
 * An nginx host set up as docs/deploying.md ("On one server") says, on this machine's loopback, for the
 * release tests and the release bench: a release root, a self-signed certificate for `localhost`,
 * and nginx running with a configuration whose http block has the operator's one line, the include
 * of the live release's configuration. Releases and rollbacks go through deploy/release/releases.ts, as
 * `npm run release` and `npm run rollback` do.
 */
import { spawnSync } from "node:child_process"
import fs from "node:fs"
import http2 from "node:http2"
import https from "node:https"
import os from "node:os"
import path from "node:path"
import { nginxMain, nginxPidFile } from "../../deploy/release/nginx-main"
import { ensureSystemPackage } from "../../deploy/lib/system-packages"
import { freePort } from "../../deploy/lib/free-port"
import { MIME_TYPES, type NginxProcess, runNginx } from "../../deploy/hosting/local-nginx"
import { LIVE, RELEASE_SITE, linkedRelease } from "../../deploy/release/root/layout"
import type { ReleaseSettings } from "../../deploy/release/settings"
import { RELEASE_STAMP_PATH, readReleaseStamp } from "../../contracts/release-stamp"
import { type SwitchReport, nginxControl } from "../../deploy/release/nginx-control"
import { type ReleaseReport, release, rollback } from "../../deploy/release/releases"
import { nginxWorkers } from "./nginx-workers"

export const HOST_NAME = "localhost"

export interface ReleaseHost {
  root: string
  settings: ReleaseSettings
  /** https://localhost:<port> (or the plain HTTP address with `tls: false`). */
  url: string
  /** The plain HTTP server's address (with TLS, it answers ACME challenges and redirects). */
  httpUrl: string
  /** The self-signed certificate (PEM), the one authority a client here trusts. */
  ca: string
  /** The file nginx's master writes its process number to. */
  pidFile: string
  release(
    projectDir: string,
    build?: () => void | Promise<void>,
    options?: Parameters<typeof release>[3],
  ): Promise<ReleaseReport>
  rollback(): Promise<SwitchReport>
  stop(): Promise<void>
}

/** A self-signed certificate and key for `localhost` (openssl, from Debian's package). */
function selfSignedCertificate(dir: string): { certificate: string; key: string } {
  const certificate = path.join(dir, "fullchain.pem")
  const key = path.join(dir, "privkey.pem")
  const result = spawnSync(
    "openssl",
    [
      ...["req", "-x509", "-newkey", "ec", "-pkeyopt", "ec_paramgen_curve:prime256v1", "-nodes"],
      ...["-keyout", key, "-out", certificate, "-days", "2", "-subj", `/CN=${HOST_NAME}`],
      ...["-addext", `subjectAltName=DNS:${HOST_NAME}`],
    ],
    { encoding: "utf8" },
  )
  if (result.status !== 0)
    throw new Error(`openssl could not make a certificate: ${result.stderr}${result.error ?? ""}`)
  return { certificate, key }
}

/**
 * The host, with its first release made from `projectDir`'s build (public/ and .hosting/, built
 * already) and nginx started on free loopback ports.
 */
export async function startReleaseHost({
  projectDir,
  tls = true,
}: {
  projectDir: string
  tls?: boolean
}): Promise<ReleaseHost> {
  const binary = ensureSystemPackage("nginx")
  const root = fs.mkdtempSync(path.join(os.tmpdir(), "aurelle-releases-"))
  // Readable by nginx's workers, which may run as another user than the tests.
  fs.chmodSync(root, 0o755)
  const prefix = path.join(root, ".nginx")
  const tlsDir = path.join(root, ".tls")
  fs.mkdirSync(prefix)
  fs.mkdirSync(tlsDir)
  const [httpsPort, httpPort] = [await freePort(), await freePort()]
  const nginxConf = path.join(prefix, "nginx.conf")
  const control = nginxControl(binary, ["-p", prefix, "-c", nginxConf])
  // The operator's one line (docs/deploying.md, "On one server"): the live release's configuration.
  const http = `include ${path.join(root, LIVE, RELEASE_SITE)};`
  fs.writeFileSync(nginxConf, nginxMain({ prefix, mimeTypes: MIME_TYPES, modules: control.modules, http }))
  const settings: ReleaseSettings = {
    root,
    serverName: HOST_NAME,
    tls: tls ? selfSignedCertificate(tlsDir) : null,
    httpsListen: `127.0.0.1:${httpsPort}`,
    httpListen: `127.0.0.1:${httpPort}`,
    authService: "http://127.0.0.1:9",
    nginx: control,
    keep: 5,
  }
  const host = {
    root,
    settings,
    url: tls ? `https://${HOST_NAME}:${httpsPort}` : `http://${HOST_NAME}:${httpPort}`,
    httpUrl: `http://127.0.0.1:${httpPort}`,
    ca: tls ? fs.readFileSync(settings.tls!.certificate, "utf8") : "",
    pidFile: nginxPidFile(prefix),
    release: (
      projectDir: string,
      build: () => void | Promise<void> = () => {},
      options?: Parameters<typeof release>[3],
    ) => release(projectDir, settings, build, options),
    rollback: () => rollback(settings),
  }
  await host.release(projectDir)
  let nginx: NginxProcess
  try {
    nginx = await runNginx({ binary, prefix, configFile: nginxConf, url: host.httpUrl })
  } catch (error) {
    fs.rmSync(root, { recursive: true, force: true })
    throw error
  }
  return {
    ...host,
    stop: async () => {
      await nginx.stop()
      fs.rmSync(root, { recursive: true, force: true })
    },
  }
}

export interface FetchedPage {
  status: number
  headers: Headers
  body: string
  /** The protocol the connection agreed on (ALPN): "h2" or "http/1.1". */
  protocol: string
}

/** One GET on an HTTP/2 connection; status 0 when the stream closed unanswered. */
export function http2Get(
  session: http2.ClientHttp2Session,
  pathname: string,
  headers: http2.OutgoingHttpHeaders = {},
): Promise<Omit<FetchedPage, "protocol">> {
  return new Promise((resolve, reject) => {
    const request = session.request({ ":path": pathname, ...headers })
    const answer = { status: 0, headers: new Headers(), body: "" }
    request.setEncoding("utf8")
    request.on("response", (received) => {
      answer.status = Number(received[":status"])
      for (const [name, value] of Object.entries(received)) {
        if (!name.startsWith(":") && value !== undefined) answer.headers.set(name, String(value))
      }
    })
    request.on("data", (chunk: string) => (answer.body += chunk))
    request.on("end", () => resolve(answer))
    request.on("error", reject)
    request.end()
  })
}

/** A GET over HTTP/2 when the server offers it, trusting `ca`: what a browser would be answered. */
export async function fetchTrusting(url: string, ca: string): Promise<FetchedPage> {
  // A stream refused is never processed, so a client may send it again (RFC 9113, 8.7), as browsers
  // do: a connection an nginx worker took just as a reload told it to finish refuses its streams.
  for (let attempt = 1; ; attempt++) {
    try {
      return await fetchOnce(url, ca)
    } catch (error) {
      if (attempt >= 3 || !/NGHTTP2_REFUSED_STREAM/.test(String(error))) throw error
    }
  }
}

async function fetchOnce(url: string, ca: string): Promise<FetchedPage> {
  const { origin, pathname, search } = new URL(url)
  const session = http2.connect(origin, { ca })
  try {
    const connected = new Promise<void>((resolve, reject) => {
      session.once("connect", () => resolve())
      session.once("error", reject)
    })
    // A connection that fails (an untrusted certificate, say) fails the GET.
    const [answer] = await Promise.all([
      http2Get(session, `${pathname}${search}`, { "accept-encoding": "identity" }),
      connected,
    ])
    return { ...answer, protocol: (session.socket as unknown as { alpnProtocol?: string }).alpnProtocol ?? "" }
  } finally {
    session.close()
  }
}

/** An HTTPS GET over HTTP/1.1 (for the ALPN fallback and TLS settings of a client). */
export function fetchHttp1(
  url: string,
  options: https.RequestOptions,
): Promise<{ status: number; cipher: string; protocol: string }> {
  return new Promise((resolve, reject) => {
    const request = https.get(url, { ...options, agent: false }, (response) => {
      const socket = response.socket as import("node:tls").TLSSocket
      resolve({
        status: response.statusCode ?? 0,
        cipher: socket.getCipher().name,
        protocol: socket.getProtocol() ?? "",
      })
      response.resume()
    })
    request.on("error", reject)
  })
}

/**
 * The release command's options for this host (deploy/release/cli.ts), as the build server passes
 * them over SSH: its root, its name and certificate, its listening addresses and its nginx (or
 * another program in its place).
 */
export function releaseOptions(host: ReleaseHost, nginx = host.settings.nginx.binary): string[] {
  const { settings } = host
  const control = settings.nginx
  return [
    ...["--root", host.root, "--server-name", settings.serverName],
    ...(settings.tls
      ? ["--certificate", settings.tls.certificate, "--certificate-key", settings.tls.key]
      : ["--http-only"]),
    ...["--https-listen", settings.httpsListen, "--http-listen", settings.httpListen],
    ...["--auth-service", settings.authService, "--nginx", nginx],
    ...["--nginx-prefix", control.args[1], "--nginx-conf", control.args[3]],
  ]
}

/**
 * Until the host serves the release just made live, and only it: nginx's reload starts new workers
 * while the old ones still take connections for about 100 ms, so a connection made meanwhile may be
 * answered by the release before. Every worker that takes connections must have started after the
 * live link was switched (within the 10 ms a process's start time is read to), and the stamp served
 * must name the live release.
 */
export async function servingLiveRelease(host: ReleaseHost): Promise<void> {
  const live = linkedRelease(host.root, LIVE)
  const switchedAt = fs.lstatSync(path.join(host.root, LIVE)).mtimeMs
  for (let attempt = 0; attempt < 100; attempt++) {
    const accepting = nginxWorkers(host.pidFile).filter((worker) => worker.accepting)
    if (accepting.length > 0 && accepting.every((worker) => worker.startedAt > switchedAt - 30)) {
      const stamp = await fetchTrusting(`${host.url}${RELEASE_STAMP_PATH}`, host.ca)
      if (stamp.status === 200 && readReleaseStamp(JSON.parse(stamp.body))?.release === live) return
    }
    await new Promise((resolve) => setTimeout(resolve, 100))
  }
  throw new Error(`the host did not serve ${live} alone within 10 s of its release`)
}
