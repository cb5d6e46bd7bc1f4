/**
 * The editors' sign-in with GitHub, for Decap's `github` backend: one handler on the site's own
 * origin, written against the web platform's Request and Response only, so the same code runs as a
 * Cloudflare Pages Function (functions/api/auth/) and as a small Node service behind nginx
 * (deploy/auth/node-service.ts).
 *
 * GET /api/auth           starts the flow: a fresh `state` in a cookie for this origin only, then
 *                         GitHub's authorisation page.
 * GET /api/auth/callback  GitHub sends the editor back here. The `state` must match the cookie; the
 *                         code is exchanged for a token server-side (the secret never reaches a
 *                         browser); a page hands the token to the CMS through `postMessage`, with the
 *                         site's own origin as the explicit target, after Decap's handshake.
 *
 * Nothing is logged, least of all a token. Every answer carries its own strict headers (a policy that
 * allows only this page's one script, `no-store`): a CDN's header rules do not reach a Function.
 */

import { AUTH_PATH, CALLBACK_PATH } from "../../contracts/sign-in"

/** What the handler reads from its environment: two secrets and, for tests or GitHub Enterprise, the host. */
export interface AuthEnvironment {
  GITHUB_CLIENT_ID?: string
  GITHUB_CLIENT_SECRET?: string
  /** GitHub's web origin; https://github.com unless set. */
  GITHUB_URL?: string
  /** GitHub's API, which the Node service asks who a token is (presence.ts); https://api.github.com unless set. */
  GITHUB_API_URL?: string
}

/** Decap's name for the provider, part of every message of its handshake. */
const PROVIDER = "github"
/** What Decap's github backend asks for: read and write the repository's content. */
const SCOPE = "repo"
/** The state cookie: this origin only (__Host-), never readable by script, gone after ten minutes. */
export const STATE_COOKIE = "__Host-cms-oauth-state"
const STATE_LIFETIME_S = 600
const DEFAULT_GITHUB_URL = "https://github.com"
const githubUrl = (environment: AuthEnvironment) => environment.GITHUB_URL || DEFAULT_GITHUB_URL
/** Where GitHub sends the editor back: this origin's callback, as registered with the OAuth app. */
const callbackUrl = (request: URL) => `${request.origin}${CALLBACK_PATH}`

/** The one script of the callback page; its hash is the page's whole script policy. */
export const HANDOFF_SCRIPT = `(function () {
  var data = JSON.parse(document.getElementById("handoff").textContent);
  var status = document.getElementById("status");
  var opener = window.opener;
  var fromSite = false;
  try {
    fromSite = Boolean(opener) && opener.location.origin === data.origin;
  } catch (error) {
    fromSite = false;
  }
  if (!fromSite) {
    // A refusal stays as written; a token is kept from whoever opened this window.
    if (data.message.indexOf("authorization:${PROVIDER}:success:") === 0) {
      status.textContent = "This window was not opened by the site's content editor, so nothing was sent. Close it and sign in from /admin/.";
    }
    return;
  }
  window.addEventListener("message", function (event) {
    if (event.origin !== data.origin || event.source !== opener || event.data !== "authorizing:${PROVIDER}") return;
    opener.postMessage(data.message, data.origin);
  });
  opener.postMessage("authorizing:${PROVIDER}", data.origin);
})();`

const PAGE_STYLE = `body{margin:0;min-height:100vh;display:grid;place-items:center;background:#f7f4ee;color:#1c1a17;font:1rem/1.6 Georgia,serif}main{max-width:32rem;padding:2rem}h1{font-weight:400;font-size:1.5rem;margin:0 0 1rem}`

async function sha256Source(text: string): Promise<string> {
  const digest = await crypto.subtle.digest("SHA-256", new TextEncoder().encode(text))
  return `'sha256-${btoa(String.fromCharCode(...new Uint8Array(digest)))}'`
}

let headers: Promise<Record<string, string>> | undefined

/**
 * The headers of every answer of the handler: nothing runs but the hand-off script; nothing is
 * stored. The hashes are of constants, so they are computed once.
 */
export const authHeaders = (): Promise<Record<string, string>> => (headers ??= strictHeaders())

async function strictHeaders(): Promise<Record<string, string>> {
  return {
    "Content-Security-Policy": [
      "default-src 'none'",
      `script-src ${await sha256Source(HANDOFF_SCRIPT)}`,
      `style-src ${await sha256Source(PAGE_STYLE)}`,
      "base-uri 'none'",
      "form-action 'none'",
      "frame-ancestors 'none'",
    ].join("; "),
    "Cache-Control": "no-store",
    "Strict-Transport-Security": "max-age=63072000; includeSubDomains; preload",
    "X-Content-Type-Options": "nosniff",
    "X-Frame-Options": "DENY",
    // The callback's address carries the one-time code: it goes nowhere else.
    "Referrer-Policy": "no-referrer",
    "X-Robots-Tag": "noindex, nofollow",
    // The window keeps its opener across GitHub's pages, so the token can reach the CMS that opened it.
    "Cross-Origin-Opener-Policy": "unsafe-none",
  }
}

/** A value for a page's JSON data block: `<` escaped, so no text can close the element. */
const jsonForScript = (value: unknown) => JSON.stringify(value).replace(/</g, "\\u003c")
const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (character) => `&#${character.charCodeAt(0)};`)

interface Outcome {
  status: number
  title: string
  text: string
  /** What the CMS that opened the window is told, through the handshake; nothing when absent. */
  message?: string
}

async function page(origin: string, outcome: Outcome, extraHeaders: Record<string, string> = {}): Promise<Response> {
  const handoff = outcome.message ? { origin, message: outcome.message } : undefined
  const body = `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex, nofollow">
<title>${escapeHtml(outcome.title)}</title>
<style>${PAGE_STYLE}</style>
</head>
<body>
<main>
<h1>${escapeHtml(outcome.title)}</h1>
<p id="status" role="status">${escapeHtml(outcome.text)}</p>
</main>
${handoff ? `<script type="application/json" id="handoff">${jsonForScript(handoff)}</script>\n<script>${HANDOFF_SCRIPT}</script>\n` : ""}</body>
</html>
`
  return new Response(body, {
    status: outcome.status,
    headers: { ...(await authHeaders()), "Content-Type": "text/html; charset=utf-8", ...extraHeaders },
  })
}

const refusal = (status: number, text: string): Outcome => ({
  status,
  title: "Sign-in refused",
  text,
  message: `authorization:${PROVIDER}:error:${JSON.stringify({ message: text })}`,
})

const clearStateCookie = { "Set-Cookie": `${STATE_COOKIE}=; Path=/; Max-Age=0; HttpOnly; Secure; SameSite=Lax` }

function randomState(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(32))
  return btoa(String.fromCharCode(...bytes))
    .replace(/\+/g, "-")
    .replace(/\//g, "_")
    .replace(/=+$/, "")
}

function cookieValue(request: Request, name: string): string | undefined {
  for (const part of (request.headers.get("Cookie") ?? "").split(";")) {
    const [key, ...value] = part.trim().split("=")
    if (key === name) return value.join("=")
  }
  return undefined
}

/** Compares in time independent of where the strings differ. */
function sameText(a: string, b: string): boolean {
  if (a.length !== b.length) return false
  let difference = 0
  for (let index = 0; index < a.length; index += 1) difference |= a.charCodeAt(index) ^ b.charCodeAt(index)
  return difference === 0
}

/** The names of the secrets this host lacks (never their values). */
function missingSecrets(environment: AuthEnvironment): string[] {
  return (["GITHUB_CLIENT_ID", "GITHUB_CLIENT_SECRET"] as const).filter((name) => !environment[name])
}

const notConfigured = (missing: string[]) =>
  refusal(
    500,
    `Sign-in is not set up on this host: ${missing.join(" and ")} ${missing.length > 1 ? "are" : "is"} not set. The site's operator sets ${missing.length > 1 ? "them" : "it"} in the host's environment (README, "Editors on the live site").`,
  )

async function start(request: Request, environment: AuthEnvironment): Promise<Response> {
  const url = new URL(request.url)
  const missing = missingSecrets(environment)
  if (missing.length > 0) return page(url.origin, notConfigured(missing))
  const provider = url.searchParams.get("provider")
  if (provider !== null && provider !== PROVIDER) {
    return page(url.origin, refusal(400, `This sign-in knows GitHub only, not “${provider}”.`))
  }
  const state = randomState()
  const authorize = new URL("/login/oauth/authorize", githubUrl(environment))
  authorize.search = new URLSearchParams({
    client_id: environment.GITHUB_CLIENT_ID!,
    redirect_uri: callbackUrl(url),
    scope: SCOPE,
    state,
  }).toString()
  return new Response(null, {
    status: 302,
    headers: {
      ...(await authHeaders()),
      Location: authorize.href,
      "Set-Cookie": `${STATE_COOKIE}=${state}; Path=/; Max-Age=${STATE_LIFETIME_S}; HttpOnly; Secure; SameSite=Lax`,
    },
  })
}

async function exchange(url: URL, code: string, environment: AuthEnvironment): Promise<Outcome> {
  let answer: { access_token?: string; error?: string; error_description?: string }
  try {
    const response = await fetch(new URL("/login/oauth/access_token", githubUrl(environment)), {
      method: "POST",
      headers: { Accept: "application/json", "Content-Type": "application/json" },
      body: JSON.stringify({
        client_id: environment.GITHUB_CLIENT_ID,
        client_secret: environment.GITHUB_CLIENT_SECRET,
        code,
        redirect_uri: callbackUrl(url),
      }),
    })
    answer = (await response.json()) as typeof answer
  } catch {
    return refusal(502, "GitHub could not be reached to finish the sign-in. Try again in a moment.")
  }
  if (!answer.access_token) {
    return refusal(
      502,
      `GitHub did not grant access: ${answer.error_description || answer.error || "no token in its answer"}. Sign in again from /admin/.`,
    )
  }
  return {
    status: 200,
    title: "Signed in",
    text: "Signed in with GitHub. This window closes by itself.",
    message: `authorization:${PROVIDER}:success:${JSON.stringify({ token: answer.access_token, provider: PROVIDER })}`,
  }
}

async function callback(request: Request, environment: AuthEnvironment): Promise<Response> {
  const url = new URL(request.url)
  const parameters = url.searchParams
  const missing = missingSecrets(environment)
  let outcome: Outcome
  if (missing.length > 0) outcome = notConfigured(missing)
  else if (parameters.get("error")) {
    outcome = refusal(
      403,
      parameters.get("error") === "access_denied"
        ? "GitHub sign-in was declined, so the editor stays signed out. To edit, sign in again and authorise the app."
        : `GitHub ended the sign-in: ${parameters.get("error_description") || parameters.get("error")}.`,
    )
  } else {
    const expected = cookieValue(request, STATE_COOKIE)
    const state = parameters.get("state")
    const code = parameters.get("code")
    if (!expected || !state || !sameText(expected, state)) {
      outcome = refusal(
        400,
        "This sign-in could not be verified (its state does not match the one this browser started with), so it was stopped. Sign in again from /admin/.",
      )
    } else if (!code) outcome = refusal(400, "GitHub sent no authorisation code. Sign in again from /admin/.")
    else outcome = await exchange(url, code, environment)
  }
  return page(url.origin, outcome, clearStateCookie)
}

/** Answers the auth routes; anything else under them is not found. */
export async function handleAuth(request: Request, environment: AuthEnvironment): Promise<Response> {
  const url = new URL(request.url)
  const pathname = url.pathname.replace(/\/$/, "")
  if (request.method !== "GET" && request.method !== "HEAD") {
    return new Response(null, { status: 405, headers: { ...(await authHeaders()), Allow: "GET, HEAD" } })
  }
  if (pathname === AUTH_PATH) return start(request, environment)
  if (pathname === CALLBACK_PATH) return callback(request, environment)
  return page(url.origin, { status: 404, title: "Not found", text: "There is nothing here." })
}
