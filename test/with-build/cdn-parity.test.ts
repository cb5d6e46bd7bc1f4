/**
 * The CDN files the build writes (public/_headers, public/_redirects, the 404 pages) and the nginx
 * configuration say the same thing: for every kind of address, the answer a CDN reading those files
 * would give (status, redirect target, each header of the policy) is the answer nginx gives.
 * The CDN is read as Cloudflare Pages documents it (test/support/pages-host.ts). Needs `npm run build`
 * first.
 */
import fs from "node:fs"
import path from "node:path"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { CACHE_REVALIDATE, hostingPolicy } from "../../build-steps/post-build/hosting-policy"
import { PUBLIC_DIR, type RunningNginx, startNginx } from "../../deploy/hosting/local-nginx"
import { nearestNotFound, pagesAnswer, readHeaderRules } from "../support/pages-host"
import { type HostingPolicy } from "../../contracts/hosting-policy"

interface Answer {
  status: number
  location: string | null
  headers: Record<string, string | null>
}

function cdnAnswer(address: string, names: string[]): Answer {
  const { status, location, headers } = pagesAnswer(PUBLIC_DIR, address)
  return { status, location, headers: Object.fromEntries(names.map((name) => [name, headers.get(name) ?? null])) }
}

let nginx: RunningNginx
let policy: HostingPolicy
let names: string[]

beforeAll(async () => {
  policy = hostingPolicy(PUBLIC_DIR)
  names = [
    ...new Set([
      ...Object.keys(policy.headers),
      ...policy.prefixHeaders.flatMap(({ headers }) => Object.keys(headers)),
      "Cache-Control",
    ]),
  ].map((name) => name.toLowerCase())
  nginx = await startNginx()
}, 60_000)

afterAll(async () => {
  await nginx?.stop()
})

async function nginxAnswer(address: string): Promise<Answer & { body: string }> {
  const response = await fetch(`${nginx.url}${address}`, { redirect: "manual" })
  return {
    status: response.status,
    location: response.headers.get("location"),
    headers: Object.fromEntries(names.map((name) => [name, response.headers.get(name)])),
    body: await response.text(),
  }
}

/** One of every kind of address the site answers. */
function addresses(): string[] {
  const staticFiles = fs.readdirSync(path.join(PUBLIC_DIR, "static"), { recursive: true, encoding: "utf8" })
  const firstOf = (extension: string) => `/static/${staticFiles.find((file) => file.endsWith(extension))}`
  const adminFont = fs.readdirSync(path.join(PUBLIC_DIR, "admin", "fonts"))[0]
  return [
    ...policy.pages,
    ...policy.pages.filter((page) => page !== "/").map((page) => `${page.slice(0, -1)}?ref=mail`),
    "/no-such-page/",
    "/no-such-page",
    "/case-studies/not-a-case/",
    "/case-studies/not-a-case",
    "/fr/no-such-page/",
    "/fr/case-studies/not-a-case/",
    "/admin/",
    "/admin/config.yml",
    "/admin/cms.js",
    `/admin/fonts/${adminFont}`,
    "/admin/no-such-file",
    "/static/",
    "/page-data/",
    "/case-studies/%5B...%5D/",
    ...policy.departures.flatMap(({ from }) => [from, from.slice(0, -1)]),
    "/book-demo/?from=/case-studies/wine/",
    ...policy.immutable.bundles,
    "/~partytown/partytown.js",
    `${policy.immutable.bundles[0]}?v=1`,
    firstOf(".woff2"),
    firstOf(".avif"),
    firstOf(".jpg"),
    "/page-data/app-data.json",
    "/page-data/index/page-data.json",
    "/manifest.webmanifest",
    "/sitemap-index.xml",
    "/robots.txt",
    "/.well-known/security.txt",
    "/favicon-32x32.png",
    "/favicon.ico",
  ]
}

describe("the CDN files and the nginx configuration", () => {
  it("answer every kind of address alike: status, redirect and every header of the policy", async () => {
    const list = addresses()
    // Gatsby's runtime at least (webpack runtime, framework, app) is among the hashed files compared.
    for (const bundle of ["webpack-runtime", "framework", "app"]) {
      expect(
        list.some((address) => address.startsWith(`/${bundle}-`)),
        bundle,
      ).toBe(true)
    }
    for (const address of list) {
      const { body, ...served } = await nginxAnswer(address)
      const expected = cdnAnswer(address, names)
      // A CDN applies its redirect rules before its header rules: a redirect carries none of them.
      if (expected.status === 301 || expected.status === 302) served.headers = expected.headers
      // The one deliberate difference: nginx caches a 404 as the page it serves (revalidated), never
      // as the hashed file the address looks like; Pages' documentation leaves that case open.
      if (expected.status === 404) {
        expect(served.headers["cache-control"], address).toBe(CACHE_REVALIDATE)
        served.headers["cache-control"] = expected.headers["cache-control"]
      }
      expect(served, address).toEqual(expected)
      if (expected.status === 404) {
        const page = nearestNotFound(PUBLIC_DIR, address.split("?")[0])
        expect(body, `${address} answered with ${page}`).toBe(fs.readFileSync(path.join(PUBLIC_DIR, page), "utf8"))
      }
    }
  })

  it("would be read by Cloudflare Pages whole: within its rule and line limits", () => {
    const text = fs.readFileSync(path.join(PUBLIC_DIR, "_headers"), "utf8")
    expect(readHeaderRules(text).length).toBeLessThanOrEqual(100)
    for (const line of text.split("\n")) expect(line.length).toBeLessThanOrEqual(2000)
  })
})
