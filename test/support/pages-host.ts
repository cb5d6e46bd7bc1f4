/**
 * The built site as Cloudflare Pages serves it, read from the same files Pages reads: `_redirects`,
 * then the file (or a folder's index.html), else the nearest 404.html with status 404; `_headers`
 * rules in file order, each matching rule adding its headers, "! Name" dropping an earlier value, a
 * header set twice joined by a comma; Pages Functions in functions/ routed by their file's path
 * (functions/api/auth/index.ts answers /api/auth), and the `_headers` rules never applied to what a
 * Function answers. As Pages documents it; no part of Cloudflare runs here. The CDN parity test
 * compares it with nginx, and the CMS tests sign in through it.
 */
import { build } from "esbuild"
import fs from "node:fs"
import http from "node:http"
import os from "node:os"
import path from "node:path"
import { pathToFileURL } from "node:url"
import { requestOf, sendResponse } from "../../deploy/auth/node-service"

export interface HeaderRule {
  matches: RegExp
  detach: string[]
  set: Array<[string, string]>
}

export interface PagesAnswer {
  status: number
  location: string | null
  /** Lower-case names. */
  headers: Map<string, string>
  /** The file whose bytes are the body, relative to the published folder ("/404.html"). */
  file: string | null
}

const patternOf = (rulePath: string) =>
  new RegExp(
    `^${rulePath
      .replace(/[.+?^${}()|[\]\\]/g, "\\$&")
      .replace(/\*/g, ".*")
      .replace(/:\w+/g, "[^/]+")}$`,
  )

export function readHeaderRules(text: string): HeaderRule[] {
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

export function readRedirects(text: string): Map<string, { to: string; status: number }> {
  const rules = new Map<string, { to: string; status: number }>()
  for (const line of text.split("\n")) {
    if (!line.trim() || line.startsWith("#")) continue
    const [from, to, status] = line.trim().split(/\s+/)
    rules.set(from, { to, status: Number(status) })
  }
  return rules
}

const isFile = (publicDir: string, relative: string) => {
  const file = path.join(publicDir, decodeURIComponent(relative))
  return fs.existsSync(file) && fs.statSync(file).isFile()
}

/** The page a CDN answers a path that is no page with: the nearest 404.html up the folders. */
export function nearestNotFound(publicDir: string, pathname: string): string {
  let folder = pathname.endsWith("/") ? pathname : `${path.posix.dirname(pathname)}/`
  for (;;) {
    if (isFile(publicDir, `${folder}404.html`)) return `${folder}404.html`
    if (folder === "/") throw new Error("the build has no 404.html")
    folder = `${path.posix.dirname(folder.slice(0, -1))}/`.replace("//", "/")
  }
}

/** What Pages answers for an address of the published folder (no Function). */
export function pagesAnswer(publicDir: string, address: string): PagesAnswer {
  const [pathname, query] = address.split("?")
  const redirect = readRedirects(fs.readFileSync(path.join(publicDir, "_redirects"), "utf8")).get(pathname)
  const asFile = pathname.endsWith("/") ? `${pathname}index.html` : pathname
  let status: number
  let location: string | null = null
  let file: string | null = null
  if (redirect) {
    status = redirect.status
    location = `${redirect.to}${query ? `?${query}` : ""}`
  } else if (isFile(publicDir, asFile)) {
    status = 200
    file = asFile
  } else {
    status = 404
    file = nearestNotFound(publicDir, pathname)
  }
  const headers = new Map<string, string>()
  for (const rule of readHeaderRules(fs.readFileSync(path.join(publicDir, "_headers"), "utf8"))) {
    if (!rule.matches.test(pathname)) continue
    for (const name of rule.detach) headers.delete(name)
    for (const [name, value] of rule.set)
      headers.set(name, headers.has(name) ? `${headers.get(name)}, ${value}` : value)
  }
  return { status, location, headers, file }
}

const CONTENT_TYPES: Record<string, string> = {
  ".html": "text/html; charset=utf-8",
  ".js": "application/javascript",
  ".css": "text/css",
  ".json": "application/json",
  ".webmanifest": "application/manifest+json",
  ".xml": "application/xml",
  ".txt": "text/plain; charset=utf-8",
  ".yml": "text/yaml",
  ".woff2": "font/woff2",
  ".avif": "image/avif",
  ".webp": "image/webp",
  ".jpg": "image/jpeg",
  ".png": "image/png",
  ".ico": "image/x-icon",
  ".svg": "image/svg+xml",
}

type PagesFunction = (context: { request: Request; env: Record<string, string | undefined> }) => Promise<Response>

/**
 * Pages' file-based routes (functions/api/auth/index.ts answers /api/auth, callback.ts
 * /api/auth/callback), each bundled by esbuild for a browser-like platform, as Pages bundles them for
 * the Workers runtime: a Function that reached for Node would fail here too.
 */
async function functionRoutes(functionsDir: string, bundleDir: string): Promise<Map<string, PagesFunction>> {
  const routes = new Map<string, PagesFunction>()
  const files = fs
    .readdirSync(functionsDir, { recursive: true, encoding: "utf8" })
    .filter((file) => file.endsWith(".ts"))
  for (const file of files) {
    const route = `/${file.replace(/\.ts$/, "").replace(/(^|\/)index$/, "")}`.replace(/\/$/, "") || "/"
    const outfile = path.join(bundleDir, `${file.replace(/\.ts$/, "")}.mjs`)
    await build({
      entryPoints: [path.join(functionsDir, file)],
      bundle: true,
      format: "esm",
      platform: "browser",
      target: "es2022",
      outfile,
      logLevel: "warning",
    })
    const module = (await import(pathToFileURL(outfile).href)) as { onRequest?: PagesFunction }
    if (module.onRequest) routes.set(route, module.onRequest)
  }
  return routes
}

export interface RunningPagesHost {
  url: string
  stop(): Promise<void>
}

export async function startPagesHost({
  publicDir,
  functionsDir,
  env,
  port = 0,
}: {
  publicDir: string
  functionsDir: string
  /** The project's environment variables, as its Functions read them. */
  env: Record<string, string | undefined>
  port?: number
}): Promise<RunningPagesHost> {
  const bundleDir = fs.mkdtempSync(path.join(os.tmpdir(), "pages-functions-"))
  const routes = await functionRoutes(functionsDir, bundleDir)
  const server = http.createServer(async (incoming, outgoing) => {
    const address = incoming.url ?? "/"
    const pathname = address.split("?")[0].replace(/\/$/, "") || "/"
    const run = routes.get(pathname)
    if (run) {
      sendResponse(await run({ request: requestOf(incoming), env }), incoming, outgoing)
      return
    }
    const answer = pagesAnswer(publicDir, address)
    if (answer.location) answer.headers.set("location", answer.location)
    if (answer.file)
      answer.headers.set("content-type", CONTENT_TYPES[path.extname(answer.file)] ?? "application/octet-stream")
    outgoing.writeHead(answer.status, Object.fromEntries(answer.headers))
    if (answer.file && incoming.method !== "HEAD") {
      fs.createReadStream(path.join(publicDir, decodeURIComponent(answer.file))).pipe(outgoing)
    } else outgoing.end()
  })
  await new Promise<void>((done) => server.listen(port, "127.0.0.1", done))
  const { port: bound } = server.address() as { port: number }
  return {
    url: `http://127.0.0.1:${bound}`,
    stop: () =>
      new Promise((done) =>
        server.close(() => {
          fs.rmSync(bundleDir, { recursive: true, force: true })
          done()
        }),
      ),
  }
}
