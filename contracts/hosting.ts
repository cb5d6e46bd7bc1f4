/**
 * What the build leaves for a host and the release command reads there: the folder of the build's
 * hosting files beside public/; which files the build compressed ahead of time, so nginx sends those
 * copies; the sign-in service's script, the systemd unit a release writes for it and the address
 * nginx sends the sign-in to. (Plain values: the sign-in service itself reads this file. The hosting
 * policy's schema is beside it, in hosting-policy.ts.)
 */

/** The build's files for a host, beside public/ (never served). */
export const HOSTING_DIR = ".hosting"
/** The sign-in service, bundled by the build to run with Node alone (deploy/auth/node-service.ts). */
export const AUTH_SCRIPT = "cms-auth.mjs"
/** Its systemd unit, written by each release. */
export const AUTH_UNIT = "cms-auth.service"
/** The loopback port it listens on, and the address nginx proxies /api/auth to. */
export const AUTH_PORT = 8787
export const AUTH_UPSTREAM = `http://127.0.0.1:${AUTH_PORT}`

/** The text types compressed by extension, as nginx's mime.types names them (plus the two it lacks). */
export const COMPRESSIBLE_EXTENSIONS: Readonly<Record<string, string>> = {
  html: "text/html",
  css: "text/css",
  js: "application/javascript",
  json: "application/json",
  webmanifest: "application/manifest+json",
  xml: "text/xml",
  txt: "text/plain",
  svg: "image/svg+xml",
  yml: "text/yaml",
}

/** Types nginx compresses on the fly too (a type with no file of its own extension above included). */
export const COMPRESSIBLE_TYPES = [...new Set([...Object.values(COMPRESSIBLE_EXTENSIONS), "application/xml"])]

/** Below this, compression costs more than it saves (nginx's `gzip_min_length` says the same). */
export const MIN_COMPRESSED_LENGTH = 256

/**
 * The folders the host serves that hold no page (their first segment, in any language): Gatsby's
 * page data, bundles and slices (build-steps/gatsby-internals.ts), the admin (admin.ts), the sign-in
 * (sign-in.ts) and the demo funnel's report; the visit counts count no page there.
 */
export const NO_PAGE_FOLDERS = ["page-data", "static", "_gatsby", "admin", "api", "report"] as const
