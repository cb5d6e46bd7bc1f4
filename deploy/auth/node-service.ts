/**
 * The sign-in handler (github-oauth.ts) as a Node service, for the self-hosted site: nginx passes
 * /api/auth to it (deploy/release/nginx-config.ts) with the address the editor used (Host and
 * X-Forwarded-Proto), so the origin the token is handed to is the site's own. The build bundles it
 * into .hosting/cms-auth.mjs, which each release copies; the unit a release writes runs the live
 * release's copy under systemd (deploy/release/releases.ts). Reads GITHUB_CLIENT_ID
 * and GITHUB_CLIENT_SECRET from its environment (and GitHub's addresses, GITHUB_URL and
 * GITHUB_API_URL, where they are not GitHub's own); logs where it listens, and nothing of any request.
 * Beside the sign-in, it tells each form who else has its entry open (presence.ts).
 */
import http from "node:http"
import { Readable } from "node:stream"
import { type AuthEnvironment, handleAuth } from "./github-oauth"
import { PresenceBoard, githubIdentity, handlePresence } from "./presence"
import { PRESENCE_PATH } from "../../contracts/sign-in"
import { AUTH_PORT } from "../../contracts/hosting"

/** The request as the editor's browser addressed it, rebuilt from what nginx passes on (with its body, if read). */
export function requestOf(incoming: http.IncomingMessage, body?: Uint8Array): Request {
  const forwarded = String(incoming.headers["x-forwarded-proto"] ?? "")
    .split(",")[0]
    .trim()
  const protocol = forwarded === "https" || forwarded === "http" ? forwarded : "http"
  const host = incoming.headers.host ?? "localhost"
  const headers = new Headers()
  for (const [name, value] of Object.entries(incoming.headers)) {
    if (typeof value === "string") headers.set(name, value)
  }
  return new Request(new URL(incoming.url ?? "/", `${protocol}://${host}`), {
    method: incoming.method,
    headers,
    body: body && new Uint8Array(body),
  })
}

/** Writes a web Response as Node's answer to `incoming`. */
export function sendResponse(response: Response, incoming: http.IncomingMessage, outgoing: http.ServerResponse): void {
  outgoing.writeHead(response.status, Object.fromEntries(response.headers))
  if (response.body && incoming.method !== "HEAD") Readable.fromWeb(response.body as never).pipe(outgoing)
  else outgoing.end()
}

/** A presence request's body is a repository and a path: a few hundred bytes; more is refused unread. */
const PRESENCE_BODY_LIMIT = 4096

/** The request's body, up to `limit` bytes; null past it. */
async function bodyOf(incoming: http.IncomingMessage, limit: number): Promise<Buffer | null> {
  const chunks: Buffer[] = []
  let length = 0
  for await (const chunk of incoming as AsyncIterable<Buffer>) {
    length += chunk.length
    if (length > limit) return null
    chunks.push(chunk)
  }
  return Buffer.concat(chunks)
}

/**
 * The sign-in (github-oauth.ts) and, beside it, who has an entry open (presence.ts): a board in this
 * process's memory, the editors known through GitHub's API.
 */
export function authService(
  environment: AuthEnvironment,
  clock: () => number = Date.now,
  repository?: string,
): http.Server {
  const board = new PresenceBoard()
  const identify = githubIdentity(environment.GITHUB_API_URL || "https://api.github.com")
  return http.createServer(async (incoming, outgoing) => {
    try {
      const pathname = new URL(incoming.url ?? "/", "http://service").pathname.replace(/\/$/, "")
      if (pathname === PRESENCE_PATH) {
        const body = incoming.method === "POST" ? await bodyOf(incoming, PRESENCE_BODY_LIMIT) : undefined
        if (body === null) {
          outgoing.writeHead(413, { "Content-Type": "text/plain; charset=utf-8", "Cache-Control": "no-store" })
          outgoing.end("A presence request is a few hundred bytes.\n")
          return
        }
        const presence = await handlePresence(requestOf(incoming, body), board, identify, clock(), repository)
        sendResponse(presence, incoming, outgoing)
        return
      }
      sendResponse(await handleAuth(requestOf(incoming), environment), incoming, outgoing)
    } catch {
      outgoing.writeHead(500, { "Content-Type": "text/plain; charset=utf-8", "Cache-Control": "no-store" })
      outgoing.end("The sign-in service failed.\n")
    }
  })
}

/** Started as a program (the bundled .hosting/cms-auth.mjs, for the CMS's repository): listens on the loopback only. */
export function main(repository: string): void {
  const port = Number(process.env.PORT || AUTH_PORT)
  const host = process.env.HOST || "127.0.0.1"
  const { GITHUB_CLIENT_ID, GITHUB_CLIENT_SECRET, GITHUB_URL, GITHUB_API_URL } = process.env
  authService({ GITHUB_CLIENT_ID, GITHUB_CLIENT_SECRET, GITHUB_URL, GITHUB_API_URL }, Date.now, repository).listen(
    port,
    host,
    () => {
      process.stdout.write(`CMS sign-in service on http://${host}:${port}/api/auth\n`)
    },
  )
}
