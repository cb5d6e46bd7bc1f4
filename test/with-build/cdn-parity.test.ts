/**
 * The CDN files the build writes (public/_headers, public/_redirects, the 404 pages) and the nginx
 * configuration say the same thing: for every kind of address, the answer a CDN reading those files
 * would give (status, redirect target, each header of the policy) is the answer nginx gives.
 * The CDN is read as Cloudflare Pages documents it: an exact redirect rule first; then the file, or
 * a folder's index.html; else the nearest 404.html with status 404; header rules in file order, each
 * matching rule adding its headers, "! Name" dropping an earlier value, a repeated header joined by
 * commas. Needs `npm run build` first.
 */
import fs from "node:fs"
import path from "node:path"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { CACHE_REVALIDATE, type HostingPolicy, hostingPolicy } from "../../gatsby/hosting/policy"
import { PUBLIC_DIR, type RunningNginx, startNginx } from "../../scripts/lib/nginx"

const PORT = 9401

interface Answer {
  status: number
  location: string | null
  headers: Record<string, string | null>
}

interface HeaderRule {
  matches: RegExp
  detach: string[]
  set: Array<[string, string]>
}

const patternOf = (rulePath: string) =>
  new RegExp(
    `^${rulePath
      .replace(/[.+?^${}()|[\]\\]/g, "\\$&")
      .replace(/\*/g, ".*")
      .replace(/:\w+/g, "[^/]+")}$`,
  )

function readHeaderRules(text: string): HeaderRule[] {
  const rules: HeaderRule[] = []
  for (const line of text.split("\n")) {
    if (!line.trim() || line.trim().startsWith("#")) continue
    if (!/^\s/.test(line)) {
      rules.push({ matches: patternOf(line.trim()), detach: [], set: [] })
      continue
    }
    const rule = rules.at(-1)!
    const entry = line.trim()
    if (entry.startsWith("!")) rule.detach.push(entry.slice(1).trim().toLowerCase())
    else {
      const colon = entry.indexOf(":")
      rule.set.push([entry.slice(0, colon).trim().toLowerCase(), entry.slice(colon + 1).trim()])
    }
  }
  return rules
}

function readRedirects(text: string): Map<string, { to: string; status: number }> {
  const rules = new Map<string, { to: string; status: number }>()
  for (const line of text.split("\n")) {
    if (!line.trim() || line.startsWith("#")) continue
    const [from, to, status] = line.trim().split(/\s+/)
    rules.set(from, { to, status: Number(status) })
  }
  return rules
}

const isFile = (relative: string) => {
  const file = path.join(PUBLIC_DIR, decodeURIComponent(relative))
  return fs.existsSync(file) && fs.statSync(file).isFile()
}

function cdnAnswer(address: string, names: string[]): Answer {
  const [pathname, query] = address.split("?")
  const redirect = readRedirects(fs.readFileSync(path.join(PUBLIC_DIR, "_redirects"), "utf8")).get(pathname)
  let status: number
  let location: string | null = null
  if (redirect) {
    status = redirect.status
    location = `${redirect.to}${query ? `?${query}` : ""}`
  } else if (isFile(pathname.endsWith("/") ? `${pathname}index.html` : pathname)) {
    status = 200
  } else {
    status = 404
  }
  const headers = new Map<string, string>()
  for (const rule of readHeaderRules(fs.readFileSync(path.join(PUBLIC_DIR, "_headers"), "utf8"))) {
    if (!rule.matches.test(pathname)) continue
    for (const name of rule.detach) headers.delete(name)
    for (const [name, value] of rule.set)
      headers.set(name, headers.has(name) ? `${headers.get(name)}, ${value}` : value)
  }
  return { status, location, headers: Object.fromEntries(names.map((name) => [name, headers.get(name) ?? null])) }
}

/** The page a CDN answers a path that is no page with: the nearest 404.html up the folders. */
function nearestNotFound(pathname: string): string {
  let folder = pathname.endsWith("/") ? pathname : `${path.posix.dirname(pathname)}/`
  for (;;) {
    if (isFile(`${folder}404.html`)) return `${folder}404.html`
    if (folder === "/") throw new Error("the build has no 404.html")
    folder = `${path.posix.dirname(folder.slice(0, -1))}/`.replace("//", "/")
  }
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
  nginx = await startNginx({ port: PORT })
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
    "/admin/",
    "/admin/config.yml",
    "/admin/cms.js",
    `/admin/fonts/${adminFont}`,
    "/admin/no-such-file",
    "/static/",
    "/page-data/",
    "/case-studies/%5B...%5D/",
    ...policy.immutable.files,
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
      if (expected.status === 301) served.headers = expected.headers
      // The one deliberate difference: nginx caches a 404 as the page it serves (revalidated), never
      // as the hashed file the address looks like; Pages' documentation leaves that case open.
      if (expected.status === 404) {
        expect(served.headers["cache-control"], address).toBe(CACHE_REVALIDATE)
        served.headers["cache-control"] = expected.headers["cache-control"]
      }
      expect(served, address).toEqual(expected)
      if (expected.status === 404) {
        const page = nearestNotFound(address.split("?")[0])
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
