/**
 * The built site served by the real nginx with the generated configuration, over HTTP on loopback:
 * statuses of every page in both slash forms, unknown paths and slugs, the security headers on pages,
 * assets, redirects and 404s, cache lifetimes and compression. Needs `npm run build` first.
 */
import fs from "node:fs"
import http from "node:http"
import net from "node:net"
import os from "node:os"
import path from "node:path"
import zlib from "node:zlib"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { CACHE_IMMUTABLE, CACHE_REVALIDATE, hostingPolicy } from "../../build-steps/post-build/hosting-policy"
import { ADMIN_CSP, SITE_CSP, pageCsp } from "../../build-steps/post-build/csp"
import { knownInlineCode } from "../../build-steps/post-build/known-inline"
import { PAGE_POLICY_META } from "../../build-steps/post-build/policy-meta"
import { builtPages } from "../../build-steps/post-build/built-pages"
import { parseHtml } from "../../build-steps/built-html"
import { compressibleFiles } from "../../build-steps/post-build/compression"
import { KEEPALIVE_REQUESTS } from "../../deploy/release/nginx-main"
import { readContent } from "../support/content-files"
import { LOCALES, type Locale } from "../../model/locales"
import { UNKNOWN_CASE_FILE, localePath } from "../../model/routes"
import { PUBLIC_DIR, type RunningNginx, startNginx } from "../../deploy/hosting/local-nginx"
import type { HostingPolicy } from "../../contracts/hosting-policy"
import { HOSTING_DIR } from "../../contracts/hosting"
import { TRANSLATIONS_ANSWER_PATH, readTranslationsAnswer } from "../../contracts/translations-answer"
import { gitBlobName } from "../../build-steps/post-build/translations-answer"

let nginx: RunningNginx
let policy: HostingPolicy

beforeAll(async () => {
  policy = hostingPolicy(PUBLIC_DIR)
  nginx = await startNginx()
}, 60_000)

afterAll(async () => {
  await nginx?.stop()
})

const get = (pathname: string, headers: Record<string, string> = {}) =>
  fetch(`${nginx.url}${pathname}`, { redirect: "manual", headers })

/** A response as sent, not decompressed (fetch would decode it), and the connection it came on. */
function rawGet(base: string, pathname: string, encoding: string, agent?: http.Agent) {
  return new Promise<{ headers: http.IncomingHttpHeaders; body: Buffer; socket: unknown }>((resolve, reject) => {
    http
      .get(`${base}${pathname}`, { headers: { "accept-encoding": encoding }, agent }, (response) => {
        const chunks: Buffer[] = []
        response.on("data", (chunk: Buffer) => chunks.push(chunk))
        response.on("end", () =>
          resolve({ headers: response.headers, body: Buffer.concat(chunks), socket: response.socket }),
        )
      })
      .on("error", reject)
  })
}

/** A request sent with its target exactly as written (fetch and http.get would normalise "//" and "\\"). */
function rawRequest(base: string, target: string) {
  const { hostname, port } = new URL(base)
  return new Promise<{ status: number; headers: Record<string, string> }>((resolve, reject) => {
    const socket = net.connect(Number(port), hostname, () =>
      socket.write(`GET ${target} HTTP/1.1\r\nHost: ${hostname}\r\nConnection: close\r\n\r\n`),
    )
    let text = ""
    socket.on("data", (chunk: Buffer) => (text += chunk.toString("latin1")))
    socket.on("end", () => {
      const [head] = text.split("\r\n\r\n")
      const [status, ...lines] = head.split("\r\n")
      const headers = Object.fromEntries(
        lines.map((line) => [line.slice(0, line.indexOf(":")).toLowerCase(), line.slice(line.indexOf(":") + 1).trim()]),
      )
      resolve({ status: Number(status.split(" ")[1]), headers })
    })
    socket.on("error", reject)
  })
}

const firstBundle = () => policy.immutable.bundles[0]
const font = () => `/static/${fs.readdirSync(path.join(PUBLIC_DIR, "static")).find((file) => file.endsWith(".woff2"))}`

/** Directives Chromium, Firefox and WebKit all know (test/engines/ meets each engine for real). */
const CSP_DIRECTIVES_EVERY_ENGINE_KNOWS = [
  "default-src",
  "script-src",
  "style-src",
  "style-src-attr",
  "img-src",
  "font-src",
  "connect-src",
  "frame-src",
  "worker-src",
  "media-src",
  "object-src",
  "base-uri",
  "form-action",
  "frame-ancestors",
]

/** Every header of the policy; an immutable file (`asset`) without those that govern documents. */
function expectSecurityHeaders(response: Response, pathname: string, asset = false) {
  for (const [header, value] of Object.entries(policy.headers)) {
    if (asset && policy.documentOnlyHeaders.includes(header)) {
      expect(response.headers.get(header), `${header} on ${pathname}`).toBeNull()
      continue
    }
    expect(response.headers.get(header), `${header} on ${pathname}`).toBe(value)
  }
}

describe("pages", () => {
  it("knows every page of the build, with its trailing slash", () => {
    expect(policy.pages).toEqual(
      expect.arrayContaining([
        "/",
        "/book-demo/",
        "/case-studies/",
        "/case-studies/wine/",
        "/privacy-policy/",
        "/terms-of-service/",
        "/fr/",
        "/fr/case-studies/wine/",
      ]),
    )
    // Eleven routes in each of the two languages.
    expect(policy.pages).toHaveLength(22)
  })

  it("answers every page with 200, and its address without the slash with a 301 to it", async () => {
    for (const page of policy.pages) {
      const response = await get(page)
      expect(response.status, page).toBe(200)
      expect(response.headers.get("content-type"), page).toBe("text/html; charset=utf-8")
      if (page === "/") continue
      const slashless = await get(`${page.slice(0, -1)}?ref=mail`)
      expect(slashless.status, page).toBe(301)
      expect(slashless.headers.get("location"), page).toBe(`${page}?ref=mail`)
    }
  })

  it("gives a page no second address: its index.html leads to it (301), in any other spelling answers 404", async () => {
    for (const page of ["/", "/case-studies/hotels/", "/fr/"]) {
      const response = await get(`${page}index.html?ref=mail`)
      expect(response.status, page).toBe(301)
      expect(response.headers.get("location"), page).toBe(`${page}?ref=mail`)
    }
    expect((await get("/case-studies/hotels/%69ndex.html")).status).toBe(404)
  })

  it("leads nowhere off the site from an index.html address, however it is spelt", async () => {
    for (const asked of [
      "//evil.example/index.html",
      "/\\evil.example/index.html",
      "///evil.example/index.html?x=1",
      "//evil.example/case-studies/index.html",
      "/%2F%2Fevil.example/index.html",
      "/%5Cevil.example/index.html",
      "/./evil.example/../index.html",
    ]) {
      const response = await rawRequest(nginx.url, asked)
      const location = response.headers.location
      // A 404, or a redirect to a path of this very site: one slash, then no slash or backslash.
      if (response.status === 404) continue
      expect(response.status, asked).toBe(301)
      expect(location, asked).toMatch(/^\/(?![/\\])/)
      expect(new URL(location!, "https://aurelle.example/").host, asked).toBe("aurelle.example")
    }
    expect((await rawRequest(nginx.url, "//evil.example/index.html")).status).toBe(404)
  })
})

/** Each language's addresses that are no page, and no case study. */
/** Each language's addresses that are no page, and no case study (the not-found pages' own files among them). */
const NO_PAGE: Record<Locale, string[]> = {
  en: ["/no-such-page/", "/no-such-page", "/services/old/", "/book-demo/extra", "/404/", "/404.html"],
  fr: ["/fr/no-such-page/", "/fr/nulle-part", "/fr/services/ancien/", "/fr/404/", "/fr/404.html"],
}
const NO_CASE: Record<Locale, string[]> = {
  en: [
    "/case-studies/not-a-case/",
    "/case-studies/not-a-case",
    "/case-studies/retired/study/",
    "/case-studies/404.html",
  ],
  fr: ["/fr/case-studies/introuvable/", "/fr/case-studies/introuvable", "/fr/case-studies/404.html"],
}
const inEachLanguage = (addresses: Record<Locale, string[]>) =>
  LOCALES.flatMap((locale) => addresses[locale].map((pathname) => [pathname, locale] as const))

describe("addresses that are no page", () => {
  it.each(inEachLanguage(NO_PAGE))(
    "%s answers 404 with the home content in its language (%s), kept out of search",
    async (pathname, locale) => {
      const response = await get(pathname)
      expect(response.status).toBe(404)
      const html = await response.text()
      expect(html).toContain(readContent("home/hero.json", locale).titleLead)
      expect(parseHtml(html).querySelector("html")?.getAttribute("lang")).toBe(locale)
      expect(parseHtml(html).querySelector('meta[name="robots"]')?.getAttribute("content")).toMatch(/^noindex/)
    },
  )

  it.each(inEachLanguage(NO_CASE))(
    "%s answers 404 with the case studies' fallback in its language (%s), which sends the visitor to the list",
    async (pathname, locale) => {
      const response = await get(pathname)
      expect(response.status).toBe(404)
      const html = await response.text()
      const fallback = path.join(PUBLIC_DIR, localePath(UNKNOWN_CASE_FILE, locale))
      expect(html).toBe(fs.readFileSync(fallback, "utf8"))
    },
  )

  it("serves the security contact (RFC 9116) as plain text, from the settings, valid for a year", async () => {
    const response = await get("/.well-known/security.txt")
    expect(response.status).toBe(200)
    expect(response.headers.get("content-type")).toBe("text/plain; charset=utf-8")
    const fields = Object.fromEntries(
      (await response.text())
        .trim()
        .split("\n")
        .map((line) => line.split(/: (.*)/s).slice(0, 2)),
    )
    const settings = readContent("site/settings.json")
    expect(fields.Contact).toBe(`mailto:${settings.contactEmail}`)
    expect(fields.Canonical).toBe(`${settings.siteUrl}/.well-known/security.txt`)
    const expires = Date.parse(fields.Expires)
    const built = fs.statSync(path.join(PUBLIC_DIR, ".well-known/security.txt")).mtimeMs
    expect(Math.abs(expires - built - 365 * 24 * 3600 * 1000)).toBeLessThan(2 * 24 * 3600 * 1000)
  })

  it("serves the admin's answer of the translations to check: every content file by its git hash, out of search", async () => {
    const response = await get(TRANSLATIONS_ANSWER_PATH)
    expect(response.status).toBe(200)
    expect(response.headers.get("content-type")).toBe("application/json")
    expect(response.headers.get("cache-control")).toBe(CACHE_REVALIDATE)
    expect(response.headers.get("x-robots-tag")).toBe("noindex, nofollow")
    const answer = readTranslationsAnswer(await response.json())
    const contentFile = (relative: string) => fs.readFileSync(path.resolve(PUBLIC_DIR, "../content", relative), "utf8")
    expect(answer?.files["site/settings.json"]?.blob).toBe(gitBlobName(contentFile("site/settings.json")))
    expect(Object.keys(answer!.files)).toContain("case-studies/wine.json")
  })

  it("never serves the CDN's instruction files", async () => {
    for (const file of ["/_headers", "/_redirects"]) expect((await get(file)).status, file).toBe(404)
  })
})

describe("headers", () => {
  it("sends every security header on pages, data, redirects and 404s; the immutable files only those not about documents", async () => {
    for (const pathname of [
      "/",
      "/case-studies/wine/",
      "/fr/book-demo/",
      "/page-data/app-data.json",
      "/book-demo",
      "/nope/",
      "/fr/nope/",
    ]) {
      expectSecurityHeaders(await get(pathname), pathname)
    }
    for (const pathname of [firstBundle(), font()]) {
      const response = await get(pathname)
      expectSecurityHeaders(response, pathname, true)
      // A font's headers leave it room in the first round trip of a new connection (ten segments).
      const headerBytes = [...response.headers].reduce((sum, [name, value]) => sum + name.length + value.length + 4, 0)
      expect(headerBytes, pathname).toBeLessThan(600)
    }
  })

  it("has page policies that allow no eval, no inline code but the page's own, no wildcard, no frame, worker, media or plugin; the header frames nothing", () => {
    const policies = builtPages(PUBLIC_DIR).map((file) => [...fs.readFileSync(file, "utf8").matchAll(PAGE_POLICY_META)])
    // Every page carries exactly one policy of its own.
    expect(policies.map((found) => found.length)).toEqual(policies.map(() => 1))
    for (const csp of [...policies.map(([[, csp]]) => csp), SITE_CSP]) {
      const directives = new Map(csp.split("; ").map((directive) => [directive.split(" ")[0], directive]))
      for (const name of ["frame-src", "worker-src", "media-src", "object-src", "base-uri"]) {
        expect(directives.get(name)).toBe(`${name} 'none'`)
      }
      // Only directives every engine the site targets knows (WebKit has no manifest-src).
      expect([...directives.keys()].filter((name) => !CSP_DIRECTIVES_EVERY_ENGINE_KNOWS.includes(name))).toEqual([])
      expect(csp).not.toMatch(/unsafe-eval|unsafe-inline|\*/)
      if (csp === SITE_CSP) {
        expect(directives.get("frame-ancestors")).toBe("frame-ancestors 'none'")
        continue
      }
      // The site's own origin for what no directive names: prefetches of linked pages, the manifest.
      expect(directives.get("default-src")).toBe("default-src 'self'")
      expect(csp).toMatch(/script-src 'self'( 'sha256-[A-Za-z0-9+/]+=*')+;/)
      // A browser ignores frame-ancestors in a page (and says so in the console): the header has it.
      expect(directives.has("frame-ancestors")).toBe(false)
    }
  })

  it("sends one policy header everywhere, and each page its own policy in its HTML, wherever it is answered from", async () => {
    const known = knownInlineCode(PUBLIC_DIR)
    for (const [pathname, file] of [
      ["/", "index.html"],
      ["/book-demo/", "book-demo/index.html"],
      ["/case-studies/wine/", "case-studies/wine/index.html"],
      ["/no-such-page/", "404.html"],
      ["/case-studies/no-such-case/", "case-studies/404.html"],
      ["/fr/case-studies/no-such-case/", "fr/case-studies/404.html"],
      ["/fr/no-such-page/", "fr/404.html"],
    ]) {
      const response = await get(pathname)
      expect(response.headers.get("content-security-policy"), pathname).toBe(SITE_CSP)
      const [[, csp]] = [...(await response.text()).matchAll(PAGE_POLICY_META)]
      expect(csp, pathname).toBe(pageCsp([path.join(PUBLIC_DIR, file)], known))
    }
  })

  it("gives the CMS its own policy and keeps it out of search", async () => {
    const response = await get("/admin/")
    expect(response.status).toBe(200)
    expect(response.headers.get("content-security-policy")).toBe(ADMIN_CSP)
    expect(response.headers.get("x-robots-tag")).toBe("noindex, nofollow")
    expect(response.headers.get("strict-transport-security")).toBe(policy.headers["Strict-Transport-Security"])
    // The CMS holds a GitHub token: no other window keeps a handle on it, save the sign-in it opens.
    expect(response.headers.get("cross-origin-opener-policy")).toBe("same-origin-allow-popups")
  })

  it("caches hashed files for a year and makes everything else revalidate", async () => {
    for (const pathname of [firstBundle(), font(), policy.immutable.bundles.at(-1)!]) {
      expect((await get(pathname)).headers.get("cache-control"), pathname).toBe(CACHE_IMMUTABLE)
    }
    for (const pathname of [
      "/",
      "/case-studies/",
      "/page-data/index/page-data.json",
      "/page-data/app-data.json",
      "/nope/",
      "/admin/",
    ]) {
      expect((await get(pathname)).headers.get("cache-control"), pathname).toBe(CACHE_REVALIDATE)
    }
  })
})

describe("compression", () => {
  it("compresses text with brotli where asked and possible, else gzip", async () => {
    for (const pathname of ["/", firstBundle(), "/page-data/index/page-data.json", "/manifest.webmanifest"]) {
      expect((await get(pathname, { "accept-encoding": "gzip" })).headers.get("content-encoding"), pathname).toBe(
        "gzip",
      )
      const brotli = await get(pathname, { "accept-encoding": "br, gzip" })
      expect(brotli.headers.get("content-encoding"), pathname).toBe(nginx.brotli ? "br" : "gzip")
      expect(brotli.headers.get("vary"), pathname).toBe("Accept-Encoding")
    }
  })

  it("finds a brotli and a gzip copy of every text file of the build beside it, holding the file's bytes", () => {
    const files = compressibleFiles(PUBLIC_DIR)
    expect(files.length).toBeGreaterThan(50)
    for (const file of files) {
      const bytes = fs.readFileSync(file)
      // Current when it decompresses to the file, whatever its time: a build with the cache keeps a
      // copy whose file Gatsby wrote again with the same bytes (chunk-map.json).
      for (const [extension, decompress] of [
        [".br", zlib.brotliDecompressSync],
        [".gz", zlib.gunzipSync],
      ] as const) {
        const copy = `${file}${extension}`
        expect(fs.existsSync(copy), copy).toBe(true)
        expect(decompress(fs.readFileSync(copy)).equals(bytes), copy).toBe(true)
      }
    }
  })

  it("sends the build's precompressed copies byte for byte, with their length", async () => {
    for (const [pathname, file] of [
      ["/", "index.html"],
      [firstBundle(), firstBundle().slice(1)],
      ["/page-data/index/page-data.json", "page-data/index/page-data.json"],
      ["/case-studies/no-such-case/", "case-studies/404.html"],
    ]) {
      for (const [encoding, extension] of nginx.brotli
        ? [
            ["br", ".br"],
            ["gzip", ".gz"],
          ]
        : [["gzip", ".gz"]]) {
        const copy = fs.readFileSync(path.join(PUBLIC_DIR, file + extension))
        const response = await rawGet(nginx.url, pathname, encoding)
        expect(response.headers["content-encoding"], `${pathname} ${encoding}`).toBe(encoding)
        expect(response.headers["content-length"], `${pathname} ${encoding}`).toBe(String(copy.length))
        expect(response.body.equals(copy), `${pathname} ${encoding}: the build's ${file}${extension}`).toBe(true)
      }
    }
  })

  it("still compresses on the fly a text file that has no copy", async () => {
    const build = fs.mkdtempSync(path.join(os.tmpdir(), "site-"))
    const site = path.join(build, "public")
    fs.cpSync(PUBLIC_DIR, site, { recursive: true })
    fs.cpSync(path.join(PUBLIC_DIR, "..", HOSTING_DIR), path.join(build, HOSTING_DIR), { recursive: true })
    // nginx's workers may run as another user than its root master.
    for (const folder of [build, site]) fs.chmodSync(folder, 0o755)
    for (const extension of [".br", ".gz"]) fs.rmSync(path.join(site, `index.html${extension}`))
    const bare = await startNginx({ publicDir: site, cmsBackend: null })
    try {
      for (const encoding of bare.brotli ? ["br", "gzip"] : ["gzip"]) {
        const response = await rawGet(bare.url, "/", encoding)
        expect(response.headers["content-encoding"], encoding).toBe(encoding)
        const body = encoding === "br" ? zlib.brotliDecompressSync(response.body) : zlib.gunzipSync(response.body)
        expect(body.equals(fs.readFileSync(path.join(site, "index.html"))), encoding).toBe(true)
      }
    } finally {
      await bare.stop()
      fs.rmSync(build, { recursive: true, force: true })
    }
  }, 30_000)

  it("leaves already-compressed files alone", async () => {
    expect((await get(font(), { "accept-encoding": "br, gzip" })).headers.get("content-encoding")).toBeNull()
  })
})

describe("connections", () => {
  it("keeps a connection alive for exactly KEEPALIVE_REQUESTS answers, the last saying so (the load bench reconnects there)", async () => {
    const agent = new http.Agent({ keepAlive: true, maxSockets: 1 })
    const sockets = new Set<unknown>()
    const closes: number[] = []
    try {
      for (let request = 1; request <= KEEPALIVE_REQUESTS + 1; request++) {
        const { headers, socket } = await rawGet(nginx.url, "/robots.txt", "identity", agent)
        sockets.add(socket)
        if (headers.connection === "close") closes.push(request)
      }
    } finally {
      agent.destroy()
    }
    expect(closes).toEqual([KEEPALIVE_REQUESTS])
    expect(sockets.size).toBe(2)
  }, 30_000)
})
