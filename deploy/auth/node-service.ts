/**
 * The sign-in handler (github-oauth.ts) as a Node service, for the self-hosted site: nginx passes
 * /api/auth to it (deploy/release/nginx-config.ts) with the address the editor used (Host and
 * X-Forwarded-Proto), so the origin the token is handed to is the site's own. The build bundles it
 * into .hosting/cms-auth.mjs, which each release copies; the unit a release writes runs the live
 * release's copy under systemd (deploy/release/releases.ts). Reads GITHUB_CLIENT_ID
 * and GITHUB_CLIENT_SECRET from its environment; logs where it listens, and nothing of any request.
 */
import http from "node:http"
import { Readable } from "node:stream"
import { type AuthEnvironment, handleAuth } from "./github-oauth"
import { AUTH_PORT } from "../../contracts/hosting"

/** The request as the editor's browser addressed it, rebuilt from what nginx passes on. */
export function requestOf(incoming: http.IncomingMessage): Request {
  const forwarded = String(incoming.headers["x-forwarded-proto"] ?? "")
    .split(",")[0]
    .trim()
  const protocol = forwarded === "https" || forwarded === "http" ? forwarded : "http"
  const host = incoming.headers.host ?? "localhost"
  const headers = new Headers()
  for (const [name, value] of Object.entries(incoming.headers)) {
    if (typeof value === "string") headers.set(name, value)
  }
  return new Request(new URL(incoming.url ?? "/", `${protocol}://${host}`), { method: incoming.method, headers })
}

/** Writes a web Response as Node's answer to `incoming`. */
export function sendResponse(response: Response, incoming: http.IncomingMessage, outgoing: http.ServerResponse): void {
  outgoing.writeHead(response.status, Object.fromEntries(response.headers))
  if (response.body && incoming.method !== "HEAD") Readable.fromWeb(response.body as never).pipe(outgoing)
  else outgoing.end()
}

export function authService(environment: AuthEnvironment): http.Server {
  return http.createServer(async (incoming, outgoing) => {
    try {
      sendResponse(await handleAuth(requestOf(incoming), environment), incoming, outgoing)
    } catch {
      outgoing.writeHead(500, { "Content-Type": "text/plain; charset=utf-8", "Cache-Control": "no-store" })
      outgoing.end("The sign-in service failed.\n")
    }
  })
}

/** Started as a program (the bundled .hosting/cms-auth.mjs): listens on the loopback only. */
export function main(): void {
  const port = Number(process.env.PORT || AUTH_PORT)
  const host = process.env.HOST || "127.0.0.1"
  const { GITHUB_CLIENT_ID, GITHUB_CLIENT_SECRET, GITHUB_URL } = process.env
  authService({ GITHUB_CLIENT_ID, GITHUB_CLIENT_SECRET, GITHUB_URL }).listen(port, host, () => {
    process.stdout.write(`CMS sign-in service on http://${host}:${port}/api/auth\n`)
  })
}
