import { createHash } from "node:crypto"
import type http from "node:http"
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest"
import { HANDOFF_SCRIPT, STATE_COOKIE, handleAuth } from "../../deploy/auth/github-oauth"
import { requestOf } from "../../deploy/auth/node-service"

const SITE = "https://www.example.ch"
const SECRETS = { GITHUB_CLIENT_ID: "client-1", GITHUB_CLIENT_SECRET: "secret-value-1", GITHUB_URL: "https://gh.test" }

const get = (path: string, cookie?: string) =>
  handleAuth(new Request(`${SITE}${path}`, { headers: cookie ? { Cookie: cookie } : {} }), SECRETS)

/** What an editor's browser would keep from the start: the state it must come back with. */
async function started() {
  const response = await get("/api/auth?provider=github&site_id=www.example.ch&scope=repo")
  const location = new URL(response.headers.get("Location")!)
  const cookie = response.headers.get("Set-Cookie")!
  return { response, location, cookie, state: location.searchParams.get("state")! }
}

const handoffOf = (html: string) =>
  JSON.parse(/<script type="application\/json" id="handoff">(.*?)<\/script>/s.exec(html)![1]) as {
    origin: string
    message: string
  }

let logged: unknown[]
beforeEach(() => {
  logged = []
  for (const method of ["log", "info", "warn", "error", "debug"] as const) {
    vi.spyOn(console, method).mockImplementation((...args) => void logged.push(args))
  }
})
afterEach(() => vi.restoreAllMocks())

describe("the start of the sign-in (/api/auth)", () => {
  it("sends the editor to GitHub with a fresh state that only this origin's cookie holds", async () => {
    const { response, location, cookie, state } = await started()
    expect(response.status).toBe(302)
    expect(location.origin + location.pathname).toBe("https://gh.test/login/oauth/authorize")
    expect(Object.fromEntries(location.searchParams)).toMatchObject({
      client_id: "client-1",
      redirect_uri: `${SITE}/api/auth/callback`,
      scope: "repo",
    })
    expect(state).toMatch(/^[\w-]{43}$/)
    expect(cookie).toBe(`${STATE_COOKIE}=${state}; Path=/; Max-Age=600; HttpOnly; Secure; SameSite=Lax`)
    expect((await started()).state).not.toBe(state)
    expect(response.headers.get("Cache-Control")).toBe("no-store")
    expect(response.headers.get("Location")).not.toContain("secret-value-1")
  })

  it("refuses, naming the missing secret but never a value, when the host lacks one", async () => {
    const response = await handleAuth(new Request(`${SITE}/api/auth`), { GITHUB_CLIENT_ID: "client-1" })
    const html = await response.text()
    expect(response.status).toBe(500)
    expect(response.headers.get("Location")).toBeNull()
    expect(html).toContain("Sign-in is not set up on this host: GITHUB_CLIENT_SECRET is not set.")
    expect(handoffOf(html).message).toMatch(/^authorization:github:error:.*GITHUB_CLIENT_SECRET is not set/)
    expect(html).not.toContain("client-1")
  })
})

describe("the return from GitHub (/api/auth/callback)", () => {
  it("exchanges the code server-side and hands the token to the site's own origin only", async () => {
    const { cookie, state } = await started()
    const github = vi
      .spyOn(globalThis, "fetch")
      .mockResolvedValue(Response.json({ access_token: "gho_token</script>" }))
    const response = await get(`/api/auth/callback?code=code-1&state=${state}`, cookie.split(";")[0])
    const html = await response.text()

    expect(response.status).toBe(200)
    const [url, init] = github.mock.calls[0] as [URL, RequestInit]
    expect(String(url)).toBe("https://gh.test/login/oauth/access_token")
    expect(JSON.parse(String(init.body))).toEqual({
      client_id: "client-1",
      client_secret: "secret-value-1",
      code: "code-1",
      redirect_uri: `${SITE}/api/auth/callback`,
    })
    expect(handoffOf(html)).toEqual({
      origin: SITE,
      message: 'authorization:github:success:{"token":"gho_token</script>","provider":"github"}',
    })
    // The token cannot close its data block, and the secret never reaches the page.
    expect(html).not.toContain("gho_token</script>")
    expect(html).not.toContain("secret-value-1")
    expect(html).toContain(`<script>${HANDOFF_SCRIPT}</script>`)
    expect(HANDOFF_SCRIPT).toContain("opener.postMessage(data.message, data.origin)")
    expect(HANDOFF_SCRIPT).not.toMatch(/postMessage\([^)]*"\*"/)
    expect(response.headers.get("Set-Cookie")).toBe(
      `${STATE_COOKIE}=; Path=/; Max-Age=0; HttpOnly; Secure; SameSite=Lax`,
    )
    expect(logged).toEqual([])
  })

  it("allows exactly its own script and style, stores nothing and sends no referrer", async () => {
    const { cookie, state } = await started()
    vi.spyOn(globalThis, "fetch").mockResolvedValue(Response.json({ access_token: "t" }))
    const response = await get(`/api/auth/callback?code=c&state=${state}`, cookie.split(";")[0])
    const html = await response.text()
    const hash = (text: string) => `'sha256-${createHash("sha256").update(text).digest("base64")}'`
    const script = /<script>(.*?)<\/script>/s.exec(html)![1]
    const style = /<style>(.*?)<\/style>/s.exec(html)![1]
    expect(response.headers.get("Content-Security-Policy")).toBe(
      `default-src 'none'; script-src ${hash(script)}; style-src ${hash(style)}; base-uri 'none'; form-action 'none'; frame-ancestors 'none'`,
    )
    expect(Object.fromEntries(response.headers)).toMatchObject({
      "cache-control": "no-store",
      "referrer-policy": "no-referrer",
      "x-content-type-options": "nosniff",
      "x-frame-options": "DENY",
    })
  })

  it.each([
    ["a state this browser did not start with", (state: string) => `code=c&state=${state}x`],
    ["no state at all", () => "code=c"],
  ])("stops a return with %s before asking GitHub anything", async (_case, query) => {
    const { cookie, state } = await started()
    const github = vi.spyOn(globalThis, "fetch")
    const response = await get(`/api/auth/callback?${query(state)}`, cookie.split(";")[0])
    const html = await response.text()
    expect(response.status).toBe(400)
    expect(html).toContain("This sign-in could not be verified")
    expect(handoffOf(html).message).toMatch(/^authorization:github:error:/)
    expect(github).not.toHaveBeenCalled()
  })

  it("stops a return without the state cookie (another browser, or one past ten minutes)", async () => {
    const { state } = await started()
    const response = await get(`/api/auth/callback?code=c&state=${state}`)
    expect(response.status).toBe(400)
  })

  it("tells the editor that a declined authorisation leaves them signed out", async () => {
    const { cookie } = await started()
    const response = await get(`/api/auth/callback?error=access_denied&error_description=denied`, cookie.split(";")[0])
    const html = await response.text()
    expect(response.status).toBe(403)
    expect(html).toContain("GitHub sign-in was declined, so the editor stays signed out.")
  })

  it("says so when GitHub refuses the code, and when it cannot be reached", async () => {
    const { cookie, state } = await started()
    vi.spyOn(globalThis, "fetch").mockResolvedValueOnce(
      Response.json({ error: "bad_verification_code", error_description: "The code passed is incorrect or expired." }),
    )
    const refused = await get(`/api/auth/callback?code=old&state=${state}`, cookie.split(";")[0])
    expect(refused.status).toBe(502)
    expect(await refused.text()).toContain("GitHub did not grant access: The code passed is incorrect or expired.")
    vi.spyOn(globalThis, "fetch").mockRejectedValueOnce(new TypeError("fetch failed"))
    const unreachable = await get(`/api/auth/callback?code=c&state=${state}`, cookie.split(";")[0])
    expect(await unreachable.text()).toContain("GitHub could not be reached")
  })
})

describe("the Node service behind nginx", () => {
  it("rebuilds the address the editor used from what nginx passes on", () => {
    const incoming = {
      url: "/api/auth?provider=github",
      method: "GET",
      headers: { host: "www.example.ch", "x-forwarded-proto": "https", cookie: "a=b" },
    } as unknown as http.IncomingMessage
    const request = requestOf(incoming)
    expect(request.url).toBe("https://www.example.ch/api/auth?provider=github")
    expect(request.headers.get("cookie")).toBe("a=b")
  })
})

describe("the Cloudflare Pages Functions", () => {
  it("answer both routes with the same handler, secrets from the project's environment", async () => {
    const { onRequest: start } = await import("../../functions/api/auth/index")
    const { onRequest: callback } = await import("../../functions/api/auth/callback")
    const started = await start({ request: new Request(`${SITE}/api/auth?provider=github`), env: SECRETS })
    expect(started.status).toBe(302)
    expect(started.headers.get("Location")).toMatch(/^https:\/\/gh\.test\/login\/oauth\/authorize\?client_id=client-1&/)
    const refused = await callback({ request: new Request(`${SITE}/api/auth/callback?code=c&state=s`), env: {} })
    expect(refused.status).toBe(500)
    expect(await refused.text()).toContain("GITHUB_CLIENT_ID and GITHUB_CLIENT_SECRET are not set")
  })
})
