/**
 * A whole nginx configuration: the main file of an nginx of its own (a release's check, the tests'
 * servers), and the site served on its own with it (npm run serve). The site's own part, the header
 * maps and the server blocks, is nginx-config.ts's.
 */
import { type NginxOptions, nginxMaps, nginxServer } from "./nginx-config"
import { MAP_HASH, visitsLogConfig } from "./visits-log"
import { type HostingPolicy } from "../../contracts/hosting-policy"

/** Debian's nginx: its MIME types, and its brotli modules (compression on the fly, and sending the build's .br copies). */
export const MIME_TYPES = "/etc/nginx/mime.types"
export const BROTLI_MODULES = ["filter", "static"].map(
  (kind) => `/usr/lib/nginx/modules/ngx_http_brotli_${kind}_module.so`,
)

/**
 * Requests nginx answers on one kept-alive connection before it closes it (nginx's own default,
 * written out): the last answer says `Connection: close`. Browsers open another connection; the load
 * bench's client does not read that header, so it reconnects itself at this count (bench-load.ts).
 */
export const KEEPALIVE_REQUESTS = 1000

/**
 * A whole nginx configuration serving the site on its own (npm run serve, the tests), with the
 * CMS's local backend (decap-server) on the site's origin for editing against it.
 */
export function nginxStandalone(
  policy: HostingPolicy,
  options: NginxOptions & {
    prefix: string
    mimeTypes: string
    /** The brotli modules to load (a standalone nginx loads no modules of its own). */
    brotliModules?: readonly string[]
    /** decap-server, for editing locally; without it the CMS signs in with GitHub. */
    cmsBackend?: { path: string; url: string }
  },
): string {
  const cmsBackend = options.cmsBackend
    ? [`  location = ${options.cmsBackend.path} {\n    proxy_pass ${options.cmsBackend.url};\n  }`]
    : []
  const server = nginxServer(policy, { ...options, locations: [...(options.locations ?? []), ...cmsBackend] })
  return nginxMain({
    prefix: options.prefix,
    mimeTypes: options.mimeTypes,
    modules: options.brotliModules,
    http: `${MAP_HASH}\n${nginxMaps(policy)}\n\n${visitsLogConfig(policy)}\n\n${server}`,
  })
}

/** The file an nginx of its own (nginxMain) writes its master's process number to. */
export const nginxPidFile = (prefix: string): string => `${prefix}/nginx.pid`

/**
 * The main configuration of an nginx of its own: its prefix folder holds its pid, its log and its
 * temporary files; `modules` are loaded by their full paths; `http` goes in its http block.
 */
export function nginxMain({
  prefix,
  mimeTypes,
  modules = [],
  http,
}: {
  prefix: string
  mimeTypes: string
  modules?: readonly string[]
  http: string
}): string {
  const temporary = ["client_body", "proxy", "fastcgi", "uwsgi", "scgi"]
    .map((kind) => `  ${kind}_temp_path ${prefix}/${kind};`)
    .join("\n")
  return `${modules.map((module) => `load_module ${module};\n`).join("")}worker_processes auto;
pid ${nginxPidFile(prefix)};
error_log ${prefix}/error.log warn;
events {
  worker_connections 1024;
}
http {
  include ${mimeTypes};
  default_type application/octet-stream;
  access_log off;
  sendfile on;
  tcp_nopush on;
  keepalive_timeout 65;
  keepalive_requests ${KEEPALIVE_REQUESTS};
${temporary}

${http.trimEnd()}
}
`
}
