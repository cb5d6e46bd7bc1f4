/**
 * Mozilla Observatory's rules (its scoring table, version 1.4) applied to the headers nginx really
 * sends, with each page's own policy in its HTML: what the policy earns and loses, and the grade. Measured once with the Observatory's own
 * tests and grader on these responses (HTTPS assumed, as deployed): 110 (A+) for the site's pages,
 * 100 (A+) for the CMS. The CMS and its sign-in are graded on the CDN too (the build served as
 * Cloudflare Pages serves it, with its Functions). Needs `npm run build` first.
 */
import type { AddressInfo } from "node:net"
import type http from "node:http"
import path from "node:path"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { authService } from "../../deploy/auth/node-service"
import { PUBLIC_DIR, type RunningNginx, startNginx } from "../../deploy/hosting/local-nginx"
import { type RunningPagesHost, startPagesHost } from "../support/pages-host"
import { gradeOf, observatoryScore } from "./observatory-rules"

let nginx: RunningNginx
let pages: RunningPagesHost
let signIn: http.Server
/** The sign-in's settings (its GitHub is never reached by these requests). */
const AUTH_ENV = { GITHUB_CLIENT_ID: "id", GITHUB_CLIENT_SECRET: "secret", GITHUB_URL: "http://127.0.0.1:9" }

beforeAll(async () => {
  // The CMS sign-in service behind nginx, as shipped.
  signIn = authService(AUTH_ENV)
  await new Promise<void>((done) => signIn.listen(0, "127.0.0.1", done))
  const { port } = signIn.address() as AddressInfo
  nginx = await startNginx({ authService: `http://127.0.0.1:${port}` })
  pages = await startPagesHost({
    publicDir: PUBLIC_DIR,
    functionsDir: path.resolve(__dirname, "../../functions"),
    env: AUTH_ENV,
  })
}, 60_000)

afterAll(async () => {
  await nginx?.stop()
  await pages?.stop()
  await new Promise((done) => signIn?.close(done))
})

const hostUrl = (host: "nginx" | "CDN") => (host === "nginx" ? nginx.url : pages.url)
const HOSTS = ["nginx", "CDN"] as const

describe("Mozilla Observatory's rules", () => {
  // The pages' default-src is their own origin, not 'none' (build-steps/post-build/hosting-policy.ts: prefetches and
  // the manifest fall under it), which forgoes the 10 points of extra credit 'none' earns; A+ holds.
  it.each(["/", "/case-studies/wine/", "/book-demo/", "/no-such-page/"])(
    "grade %s A+, a policy without anything unsafe",
    async (pathname) => {
      const response = await fetch(`${nginx.url}${pathname}`)
      const { score, reasons } = observatoryScore(response.headers, await response.text())
      expect(reasons).toEqual([
        "csp-implemented-with-no-unsafe",
        "x-frame-options-implemented-via-csp",
        "referrer-policy-private",
      ])
      expect(score).toBe(110)
      expect(gradeOf(score)).toBe("A+")
    },
  )

  const SIGN_IN = ["/api/auth?provider=github", "/api/auth/callback?code=c&state=s"]
  it.each(HOSTS.flatMap((host) => SIGN_IN.map((address) => ({ host, address }))))(
    "grade the CMS sign-in on $host ($address) A+ with full extra credit, with its own headers only",
    async ({ host, address }) => {
      const response = await fetch(`${hostUrl(host)}${address}`, { redirect: "manual" })
      const { score, reasons } = observatoryScore(response.headers)
      expect(reasons).toEqual([
        "csp-implemented-with-no-unsafe-default-src-none",
        "x-frame-options-implemented-via-csp",
        "referrer-policy-private",
      ])
      expect(score).toBe(120)
      // One policy, the sign-in's: the host adds none of the site's beside it.
      expect(response.headers.get("content-security-policy")).toMatch(/^default-src 'none'; script-src 'sha256-[^,]+$/)
      expect(response.headers.get("cache-control")).toBe("no-store")
      expect(response.headers.get("x-content-type-options")).toBe("nosniff")
    },
  )

  it.each(HOSTS)("grade the CMS on %s A+, its one deduction the eval Decap needs", async (host) => {
    const { score, reasons } = observatoryScore((await fetch(`${hostUrl(host)}/admin/`)).headers)
    expect(reasons[0]).toBe("csp-implemented-with-unsafe-eval")
    expect(score).toBe(100)
    expect(gradeOf(score)).toBe("A+")
  })
})
