/**
 * What nginx keeps of a visit, written into each release's configuration: one line a request, with
 * nothing that names a person. The visitor's address is cut to its network in the log itself (IPv4
 * to its first three parts, IPv6 to its first three groups, a /48), the user agent is kept only as
 * "person" or "robot" (isbot's maintained list of robots' user agents), and the page that led to a
 * request only as a path of this site or another site's host name. No cookie, no script: the log is
 * what the host sees anyway. The host rotates it away after LOG_DAYS (logrotate, written here too);
 * the weekly report keeps counts only (visits-report.ts).
 *
 * A line, tab-separated: time (ISO 8601, the host's offset), network, method, address asked for
 * (its path, and of its query only `from`, the page a demo page view came from: a search typed in
 * the case list never reaches the log), status, where it came from ("-", a path here with the same
 * `from` alone, or another site's host), kind.
 */
import path from "node:path"
import { list as robotPatterns } from "isbot"
import { quote } from "./nginx-text"
import { type HostingPolicy } from "../../contracts/hosting-policy"
import { DEMO_SOURCE_PARAM as SOURCE_PARAM } from "../../model/routes"

/** The log_format's name, as the server's access_log names it. */
export const VISITS_LOG_FORMAT = "aurelle_visits"
/** Days a log file is kept before it is deleted (logrotate: daily, this many files). */
export const LOG_DAYS = 14
/** The logrotate configuration each release writes into the root, for the setup to install. */
export const LOGROTATE_FILE = "aurelle-logs.logrotate"

export type VisitorKind = "person" | "robot"

/**
 * isbot's patterns, written for JavaScript, as nginx's PCRE reads them the same: a `-` after a class
 * such as `\d` in brackets is a plain hyphen to JavaScript and an error to PCRE, so it is escaped.
 * (test/hosting/visits-log.test.ts runs them in nginx, and tells robots from people with them.)
 */
export const robotPattern = () => robotPatterns.map((pattern) => pattern.replace(/(\\[wdsWDS])-/g, "$1\\-")).join("|")

/** An IPv6 group as written: one to four hex digits. */
const GROUP = "[0-9A-Fa-f]{1,4}"

/**
 * Before any `map`, in the http block: room in the maps' hash for the longest page address (a 60
 * character slug under /fr/case-studies/); nginx's default is a CPU cache line, 64 bytes.
 */
export const MAP_HASH = "map_hash_bucket_size 128;"

/** An exact-match `map` of each of `keys` to its value. */
const exactMap = (
  from: string,
  to: string,
  fallback: string,
  keys: readonly string[],
  valueOf: (key: string) => string,
) => [
  `map ${from} ${to} {`,
  `  default ${quote(fallback)};`,
  ...keys.map((key) => `  ${quote(key)} ${quote(valueOf(key))};`),
  `}`,
]

/**
 * nginx's `map`s and `log_format` (http level), for a site of `pages`. The address maps take the first
 * match, in order: a full IPv4 address, then the IPv6 forms by how many of the first three groups are
 * written before a `::`. Anything else (a Unix socket) is logged as "-", never as it is. Of what a
 * visitor sends, only what names a page of the site is kept as it is: `from` among the routes the
 * build says it may name (policy.demoSources), a referrer here among the pages (as many entries as pages, whatever the traffic); another site is kept as
 * its host name alone, never the user name or password an address may carry.
 */
export function visitsLogConfig({ pages, demoSources: sources }: Pick<HostingPolicy, "pages" | "demoSources">): string {
  const network = [
    `map $remote_addr $visitor_network {`,
    `  default "-";`,
    `  "~^(?<v4>\\d+\\.\\d+\\.\\d+)\\.\\d+$" $v4.0;`,
    `  "~^(?<v6a>${GROUP}:${GROUP}:${GROUP}):" $v6a::;`,
    `  "~^(?<v6b>${GROUP}:${GROUP})::" $v6b::;`,
    `  "~^(?<v6c>${GROUP})::" $v6c::;`,
    `  "~^::" ::;`,
    `}`,
  ]
  // The referrer: here (the host asked for, any port, whatever user name it carries) its path and its
  // `from`; elsewhere its host name.
  const here = (name: string) => `(?<${name}>\\S+) https?://(?:[^/?#\\s@]*@)?\\k<${name}>(?::\\d+)?`
  const referrer = [
    `map "$host $http_referer" $visitor_ref_path {`,
    `  default "";`,
    `  "~^${here("h1")}(?<p1>/[^?#\\s]*)" $p1;`,
    `}`,
    `map "$host $http_referer" $visitor_ref_from {`,
    `  default "";`,
    `  "~^${here("h2")}/[^?#\\s]*\\?(?:[^#\\s]*&)?${SOURCE_PARAM}=(?<f2>[^&#\\s]*)" $f2;`,
    `}`,
    `map $http_referer $visitor_elsewhere {`,
    `  default "-";`,
    `  "~^https?://(?:[^/?#\\s@]*@)?(?<elsewhere>[A-Za-z0-9.-]{1,253})(?:[:/?#]|$)" $elsewhere;`,
    `}`,
    ...exactMap("$visitor_ref_path", "$visitor_ref_page", "-", ["", ...pages], (page) => page),
    ...exactMap("$visitor_ref_from", "$visitor_ref_source", "", sources, (route) => `?${SOURCE_PARAM}=${route}`),
    `map $visitor_ref_page $visitor_from {`,
    `  default "$visitor_ref_page$visitor_ref_source";`,
    `  "" $visitor_elsewhere;`,
    `  "-" "-";`,
    `}`,
  ]
  // The address asked for: its path as asked (not nginx's $uri, which its try_files and error pages
  // rewrite), with its `from` alone of its query, when it names a page.
  const path = [`map $request_uri $visitor_path {`, `  default "-";`, `  "~^(?<asked>[^?]*)" $asked;`, `}`]
  const source = exactMap(`$arg_${SOURCE_PARAM}`, "$visitor_source", `?${SOURCE_PARAM}=-`, ["", ...sources], (route) =>
    route === "" ? "" : `?${SOURCE_PARAM}=${route}`,
  )
  const kind = [
    `map $http_user_agent $visitor_kind {`,
    `  default person;`,
    `  "" robot;`,
    `  ${quote(`~*${robotPattern()}`)} robot;`,
    `}`,
  ]
  const format = `log_format ${VISITS_LOG_FORMAT} '$time_iso8601\\t$visitor_network\\t$request_method\\t$visitor_path$visitor_source\\t$status\\t$visitor_from\\t$visitor_kind';`
  return [
    "# What the log keeps of a visit (deploy/release/visits-log.ts): no full address, no user agent.",
    network.join("\n"),
    referrer.join("\n"),
    path.join("\n"),
    source.join("\n"),
    kind.join("\n"),
    format,
  ].join("\n")
}

/** The server's error log, beside its visits' log. */
export const errorLogOf = (logFile: string) => path.join(path.dirname(logFile), "error.log")

/**
 * The server's directives: its log; no "file not found" lines; and its error log at `emerg`, nginx's
 * errors about itself alone: an error while answering a request (an upstream down, a handshake cut)
 * names the visitor's full address and the request with its query, which nginx cannot leave out, so
 * such lines are not written.
 */
export const visitsLogDirectives = (logFile: string) =>
  [
    `  access_log ${quote(logFile)} ${VISITS_LOG_FORMAT};`,
    `  log_not_found off;`,
    `  error_log ${quote(errorLogOf(logFile))} emerg;`,
  ].join("\n")

/**
 * logrotate's configuration for the log: a new file every day, LOG_DAYS kept (compressed from the
 * second), the oldest deleted; nginx told to reopen its file (USR1) after each rotation.
 */
export const logrotateConfig = (
  logFile: string,
) => `# Written by each release (deploy/release/visits-log.ts): installed once by the setup (docs/deploying.md).
${logFile} ${errorLogOf(logFile)} {
  daily
  rotate ${LOG_DAYS}
  maxage ${LOG_DAYS}
  missingok
  notifempty
  compress
  delaycompress
  dateext
  dateformat -%Y%m%d
  create 0640 root adm
  sharedscripts
  postrotate
    [ ! -f /run/nginx.pid ] || kill -USR1 "$(cat /run/nginx.pid)"
  endscript
}
`
