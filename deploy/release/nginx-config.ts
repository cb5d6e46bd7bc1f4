/**
 * The hosting policy (hosting-policy.ts) as an nginx server block. Headers are chosen per response by `map`s,
 * so one `add_header` per header at server level covers every location, error pages included (nginx
 * drops server-level add_header in any location that sets its own). Headers of a prefix follow the
 * address asked for, as a CDN's path rules do; Cache-Control follows the file served, so a 404 page
 * is never cached as a hashed file would be.
 */
import { COMPRESSIBLE_TYPES, MIN_COMPRESSED_LENGTH } from "../../contracts/hosting"
import { type HostingPolicy } from "../../contracts/hosting-policy"
import { MAP_HASH, errorLogOf, visitsLogConfig, visitsLogDirectives } from "./visits-log"
import { type ReportLocation, departureLocations, reportLocation } from "./nginx-funnel"
import { quote } from "./nginx-text"
import { addressesOfBefore, notFoundLocations, slashRedirects } from "./nginx-addresses"
import { type PreviewLocation, previewLocation } from "./nginx-previews"

/**
 * HTTPS as Mozilla's "intermediate" profile has it (ssl-config.mozilla.org, guidelines 6.0): TLS 1.2
 * and 1.3, forward-secret AEAD ciphers for 1.2 (1.3 has only such), the client's order, a shared
 * session cache and no session tickets. No OCSP stapling: Let's Encrypt, which docs/deploying.md's certbot
 * step uses, stopped running OCSP in 2025, and nginx warns on every start that it has no responder.
 */
export const TLS_INTERMEDIATE = {
  protocols: "TLSv1.2 TLSv1.3",
  ciphers: [
    "ECDHE-ECDSA-AES128-GCM-SHA256",
    "ECDHE-RSA-AES128-GCM-SHA256",
    "ECDHE-ECDSA-AES256-GCM-SHA384",
    "ECDHE-RSA-AES256-GCM-SHA384",
    "ECDHE-ECDSA-CHACHA20-POLY1305",
    "ECDHE-RSA-CHACHA20-POLY1305",
  ].join(":"),
  curves: "X25519:prime256v1:secp384r1",
}

/** Where certbot --webroot writes its challenges, answered over plain HTTP (RFC 8555, 8.3). */
export const ACME_CHALLENGE_PREFIX = "/.well-known/acme-challenge/"

export interface TlsOptions {
  /** The certificate with its intermediates (certbot's fullchain.pem) and its key (privkey.pem). */
  certificate: string
  key: string
  /** What the plain-HTTP server's `listen` says: it answers ACME challenges and redirects the rest. */
  httpListen: string
  /** nginx 1.25.1 and later turn HTTP/2 on with `http2 on;`; earlier ones with `listen … http2`. */
  http2Directive: boolean
}

export interface NginxOptions {
  /** Absolute path of the built site (public/). */
  root: string
  /** What `listen` says: a port, or address:port (the HTTPS one with `tls`). */
  listen: string
  /** The host names the server answers (`_`, any, by default). */
  serverName?: string
  /** HTTPS on `listen`, HTTP/2 included, plain HTTP only for ACME challenges and a redirect. */
  tls?: TlsOptions
  /** The folder certbot --webroot writes to (ACME_CHALLENGE_PREFIX is answered from it over HTTP). */
  acmeRoot?: string
  /**
   * Another build whose hashed files (scripts, /static/) are served when this one has no file of that
   * name: a page loaded just before a release still finds its own scripts after it.
   */
  fallbackRoot?: string
  /**
   * Brotli too, sending the build's `.br` copies and compressing the rest (Debian's
   * libnginx-mod-http-brotli-static and libnginx-mod-http-brotli-filter).
   */
  brotli: boolean
  /** Send the build's precompressed copies (compression.ts); `false` compresses every response anew. */
  precompressed?: boolean
  /** Further `location` blocks, for a server that does more than serve the site. */
  locations?: string[]
  /** Where the CMS sign-in service listens (deploy/auth/node-service.ts), e.g. http://127.0.0.1:8787. */
  authService?: string
  /** The visits' log (visits-log.ts): nothing is logged without it. */
  visitsLog?: string
  /** The demo funnel's report (visits-report.ts), served over HTTPS only, to the users of a password file. */
  report?: ReportLocation
  /** Drafts' previews (previews.ts), served over HTTPS only, to the editors. */
  previews?: PreviewLocation
}

/** nginx compresses HTML whatever its `gzip_types` say, and warns when they name it. */
const compressedTypes = COMPRESSIBLE_TYPES.filter((type) => type !== "text/html").join(" ")

/** The variable a header's value is mapped to: its name must be a header's (the policy's schema checks it too). */
function variableOf(header: string): string {
  if (!/^[A-Za-z][A-Za-z0-9-]*$/.test(header))
    throw new Error(`${JSON.stringify(header)} cannot be written into nginx's configuration: it is not a header's name`)
  return `$hosting_${header.toLowerCase().replace(/-/g, "_")}`
}
const escapeRegex = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")

/**
 * The immutable files as regular expressions over a path (`$uri`) or an address (`$request_uri`,
 * which may go on with a query): the hashed scripts anywhere but under the folders excepted, and
 * the immutable folders. As many whatever the number of pages and files.
 */
function immutableRegexes({ immutable }: HostingPolicy, end: string): string[] {
  const except = immutable.scripts.except.map((prefix) => escapeRegex(prefix.slice(1))).join("|")
  return [
    `^/(?!${except})[^?]*${escapeRegex(immutable.scripts.suffix)}${end}`,
    ...immutable.prefixes.map((prefix) => `^${escapeRegex(prefix)}`),
  ]
}

/** The same as `map` keys. */
const immutablePatterns = (policy: HostingPolicy, end: string) =>
  immutableRegexes(policy, end).map((regex) => quote(`~${regex}`))

/** A `map` key matching the addresses under `prefix`. */
const prefixKey = (prefix: string) => quote(`~^${escapeRegex(prefix)}`)

/**
 * The `map` blocks (http level): every header by the address asked for (a prefix's own value, nothing
 * under a service's prefix, none of the document headers on an immutable file, else the site's);
 * Cache-Control by the file served.
 */
export function nginxMaps(policy: HostingPolicy): string {
  // Immutable files carry no document headers (policy.documentOnlyHeaders).
  const assets = immutablePatterns(policy, "(?:\\?|$)").map((pattern) => `  ${pattern} "";`)
  const maps: string[] = []
  // An empty value adds no header: a service's answers keep the headers it sent, and only those.
  const services = policy.servicePrefixes.map((prefix) => `  ${prefixKey(prefix)} "";`)
  for (const header of headerNames(policy)) {
    const lines = [
      `  default ${quote(policy.headers[header] ?? "")};`,
      ...services,
      ...(policy.documentOnlyHeaders.includes(header) ? assets : []),
    ]
    for (const { prefix, headers } of policy.prefixHeaders) {
      if (headers[header] !== undefined) lines.push(`  ${prefixKey(prefix)} ${quote(headers[header])};`)
    }
    maps.push(`map $request_uri ${variableOf(header)} {\n${lines.join("\n")}\n}`)
  }
  const cache = [
    `  default ${quote(policy.cacheControl.revalidate)};`,
    ...services,
    ...immutablePatterns(policy, "$").map((pattern) => `  ${pattern} ${quote(policy.cacheControl.immutable)};`),
  ]
  maps.push(`map $uri $hosting_cache_control {\n${cache.join("\n")}\n}`)
  // The types add to mime.types (which lacks these two) at http level; a server-level block would replace it.
  return [`types {\n  application/manifest+json webmanifest;\n  text/yaml yml;\n}`, ...maps].join("\n\n")
}

const headerNames = (policy: HostingPolicy) => [
  ...new Set([...Object.keys(policy.headers), ...policy.prefixHeaders.flatMap(({ headers }) => Object.keys(headers))]),
]

/**
 * The CMS sign-in service behind the site's origin: it learns the address the editor used from Host
 * and X-Forwarded-Proto, and answers with its own headers (the maps above add none there).
 */
const authLocation = (policy: HostingPolicy, upstream: string) =>
  policy.servicePrefixes
    .map((prefix) =>
      [
        `  location ^~ ${quote(prefix)} {`,
        `    proxy_pass ${quote(upstream)};`,
        `    proxy_set_header Host $http_host;`,
        `    proxy_set_header X-Forwarded-Proto $scheme;`,
        `  }`,
      ].join("\n"),
    )
    .join("\n")

const compression = (brotli: boolean, precompressed: boolean) =>
  [
    ...(precompressed ? ["gzip_static on;", ...(brotli ? ["brotli_static on;"] : [])] : []),
    "gzip on;",
    "gzip_vary on;",
    "gzip_comp_level 6;",
    `gzip_min_length ${MIN_COMPRESSED_LENGTH};`,
    `gzip_types ${compressedTypes};`,
    ...(brotli
      ? [
          "brotli on;",
          "brotli_comp_level 6;",
          `brotli_min_length ${MIN_COMPRESSED_LENGTH};`,
          `brotli_types ${compressedTypes};`,
        ]
      : []),
  ]
    .map((line) => `  ${line}`)
    .join("\n")

/** Mozilla's intermediate TLS settings (TLS_INTERMEDIATE), with the site's certificate. */
const tlsSettings = ({ certificate, key }: TlsOptions) =>
  [
    `ssl_certificate ${quote(certificate)};`,
    `ssl_certificate_key ${quote(key)};`,
    "ssl_session_timeout 1d;",
    "ssl_session_cache shared:AurelleTLS:10m;",
    "ssl_session_tickets off;",
    `ssl_protocols ${TLS_INTERMEDIATE.protocols};`,
    `ssl_ecdh_curve ${TLS_INTERMEDIATE.curves};`,
    `ssl_ciphers ${TLS_INTERMEDIATE.ciphers};`,
    "ssl_prefer_server_ciphers off;",
  ]
    .map((line) => `  ${line}`)
    .join("\n")

const acmeLocation = (acmeRoot: string) =>
  `  location ^~ ${quote(ACME_CHALLENGE_PREFIX)} {\n    root ${quote(acmeRoot)};\n    default_type text/plain;\n  }`

/**
 * Plain HTTP beside HTTPS: the ACME challenges certbot renews the certificate with, and a permanent
 * redirect of everything else to the same address over HTTPS. It adds no header: a browser keeps
 * Strict-Transport-Security only from HTTPS answers.
 */
function redirectServer({
  tls,
  listen,
  serverName = "_",
  acmeRoot,
  visitsLog,
}: NginxOptions & { tls: TlsOptions }): string {
  const port = /(?:^|:)(\d+)$/.exec(listen)?.[1]
  const target = port && port !== "443" ? `https://$host:${port}$request_uri` : "https://$host$request_uri"
  return `server {
  listen ${tls.httpListen};
  server_name ${quote(serverName)};
  server_tokens off;
  # Nothing here is a visit: not logged (nor by the http block's own log, which keeps whole addresses).
  access_log off;
${visitsLog ? `  error_log ${quote(errorLogOf(visitsLog))} emerg;\n` : ""}${acmeRoot ? `${acmeLocation(acmeRoot)}\n` : ""}  location / {
    return 301 ${target};
  }
}
`
}

/**
 * The hashed files of another build, for a page loaded from it: its scripts and /static/ files are
 * found by name here when this build has none of that name (their names carry their content's hash,
 * so a name means one content). Anything else, pages and page data included, is this build's alone.
 */
const fallbackLocations = (policy: HostingPolicy, fallbackRoot: string) =>
  [
    ...immutableRegexes(policy, "$").map(
      (regex) => `  location ~ ${quote(regex)} {\n    try_files $uri @previous_release;\n  }`,
    ),
    `  location @previous_release {\n    root ${quote(fallbackRoot)};\n  }`,
  ].join("\n")

export function nginxServer(policy: HostingPolicy, options: NginxOptions): string {
  const { root, listen, serverName = "_", tls, acmeRoot, fallbackRoot } = options
  const { brotli, precompressed = true, locations = [], authService, visitsLog, report, previews } = options
  const addHeaders = headerNames(policy).map((header) => `  add_header ${quote(header)} ${variableOf(header)} always;`)
  const departures = departureLocations(policy.departures)
  const redirects = slashRedirects(policy)
  const { moved, gone } = addressesOfBefore(policy)
  const listenLine = tls
    ? `  listen ${listen} ssl${tls.http2Directive ? "" : " http2"};${tls.http2Directive ? "\n  http2 on;" : ""}`
    : `  listen ${listen};`
  const site = `server {
${listenLine}
  server_name ${quote(serverName)};
  root ${quote(root)};
  charset utf-8;
  server_tokens off;
${visitsLog ? `${visitsLogDirectives(visitsLog)}\n` : ""}  # Redirects say "/book-demo/", not "http://host:port/book-demo/": right behind any proxy or CDN.
  absolute_redirect off;
${tls ? `\n  # Mozilla's "intermediate" TLS (deploy/release/nginx-config.ts, TLS_INTERMEDIATE).\n${tlsSettings(tls)}\n` : ""}
  # The build's .br and .gz copies where they exist (written once at the highest levels), else
  # compression on the fly at a level cheap enough to do per response.
${compression(brotli, precompressed)}
${addHeaders.join("\n")}
  add_header Cache-Control $hosting_cache_control always;

  error_page 404 ${quote(policy.notFound[policy.notFound.length - 1].file)};

  # Instructions for CDNs, not content.
${policy.hostFiles.map((file) => `  location = ${quote(file)} { return 404; }`).join("\n")}

  # Every page has one address, with its trailing slash.
${redirects.join("\n")}
${departures.length > 0 ? `\n  # Book a Demo's way to the scheduler: counted in the log, kept by no cache.\n${departures.join("\n")}\n` : ""}${moved.length > 0 ? `\n  # Addresses a page moved from, to the page in one hop.\n${moved.join("\n")}\n` : ""}${gone.length > 0 ? `\n  # Addresses of pages deleted: gone for good.\n${gone.join("\n")}\n` : ""}
  # A path that is no page: the nearest 404 page, with status 404; a page has no second address.
${notFoundLocations(policy)}
${fallbackRoot ? `\n  # The previous release's scripts and images, for pages loaded before this one went live.\n${fallbackLocations(policy, fallbackRoot)}\n` : ""}${!tls && acmeRoot ? `\n  # Certificate challenges (certbot --webroot).\n${acmeLocation(acmeRoot)}\n` : ""}${tls && report ? `\n  # The demo funnel's report, for the agency (docs/deploying.md, "Who books a demo").\n${reportLocation(report, addHeaders)}\n` : ""}${tls && previews ? `\n  # Drafts' previews, for the editors (docs/deploying.md, "Previews of drafts").\n${previewLocation(previews, policy.departures, addHeaders)}\n` : ""}${authService ? `\n  # The editors' sign-in (README, "Editors on the live site").\n${authLocation(policy, authService)}\n` : ""}${locations.map((location) => `\n${location}\n`).join("")}}
`
  return tls ? `${redirectServer({ ...options, tls })}\n${site}` : site
}

/** What goes in nginx's http block for the site: the header maps and the server blocks. */
export function nginxSite(policy: HostingPolicy, options: NginxOptions, heading: string): string {
  return `# ${heading}\n${MAP_HASH}\n${nginxMaps(policy)}\n\n${visitsLogConfig(policy)}\n\n${nginxServer(policy, options)}`
}
