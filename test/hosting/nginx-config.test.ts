/**
 * nginx's configuration as each release writes it (deploy/release/nginx-config.ts): HTTPS with Mozilla's
 * intermediate settings and HTTP/2 in the form the installed nginx reads, plain HTTP for certbot's
 * challenges and a redirect, the outgoing release's hashed files. test/with-build/release.test.ts
 * runs it in nginx.
 */
import { spawnSync } from "node:child_process"
import fs from "node:fs"
import os from "node:os"
import path from "node:path"
import { describe, expect, it } from "vitest"
import { TLS_INTERMEDIATE, nginxMaps, nginxServer, nginxSite } from "../../deploy/release/nginx-config"
import { MIME_TYPES, nginxMain } from "../../deploy/release/nginx-main"
import { quote } from "../../deploy/release/nginx-text"
import { checkBuildConfig } from "../../deploy/release/nginx-control"
import { SYSTEM_PROGRAMS } from "../../deploy/lib/system-packages"
import { CACHE_IMMUTABLE, CACHE_REVALIDATE } from "../../build-steps/post-build/hosting-policy"
import { type HostingPolicy } from "../../contracts/hosting-policy"

const policy: HostingPolicy = {
  pages: ["/", "/case-studies/wine/"],
  demoSources: ["/", "/404/", "/case-studies/wine/"],
  addresses: { moved: [{ from: "/case-studies/vins/", to: "/case-studies/wine/" }], gone: ["/case-studies/cellars/"] },
  departures: [{ from: "/book-demo/schedule/", to: "https://calendar.example/aurelle?lang=en" }],
  notFound: [
    { prefix: "/case-studies/", file: "/case-studies/404.html" },
    { prefix: "/", file: "/404.html" },
  ],
  headers: { "X-Content-Type-Options": "nosniff" },
  prefixHeaders: [],
  servicePrefixes: ["/api/auth"],
  immutable: {
    prefixes: ["/static/"],
    scripts: { suffix: ".js", except: ["/admin/"] },
    bundles: ["/app-0123456789abcdef0123.js"],
  },
  cacheControl: { immutable: CACHE_IMMUTABLE, revalidate: CACHE_REVALIDATE },
  documentOnlyHeaders: [],
  hostFiles: [],
}
const base = { root: "/srv/site/releases/1/public", brotli: false }
const tls = { certificate: "/etc/cert.pem", key: "/etc/key.pem", httpListen: "80", http2Directive: false }
/** The server blocks of a configuration, each as its lines. */
const servers = (config: string) =>
  config
    .split(/^server \{$/m)
    .slice(1)
    .map((block) => block.split("\n").map((line) => line.trim()))

describe("nginx's configuration", () => {
  it("serves HTTPS with HTTP/2 and Mozilla's intermediate TLS, and plain HTTP only to redirect", () => {
    const [plain, site] = servers(nginxServer(policy, { ...base, listen: "443", tls, serverName: "example.ch" }))
    expect(site).toContain("listen 443 ssl http2;")
    expect(site).toContain('server_name "example.ch";')
    expect(site).toContain('ssl_certificate "/etc/cert.pem";')
    expect(site).toContain('ssl_certificate_key "/etc/key.pem";')
    expect(site).toContain("ssl_protocols TLSv1.2 TLSv1.3;")
    expect(site).toContain(`ssl_ciphers ${TLS_INTERMEDIATE.ciphers};`)
    expect(site).toContain("ssl_session_tickets off;")
    expect(site).toContain("ssl_prefer_server_ciphers off;")
    expect(plain).toContain("listen 80;")
    expect(plain).toContain("return 301 https://$host$request_uri;")
    expect(plain.some((line) => line.startsWith("ssl_") || line.startsWith("add_header"))).toBe(false)
  })

  it("says HTTP/2 the way nginx 1.25.1 and later read it", () => {
    const [, site] = servers(nginxServer(policy, { ...base, listen: "443", tls: { ...tls, http2Directive: true } }))
    expect(site).toContain("listen 443 ssl;")
    expect(site).toContain("http2 on;")
  })

  it("redirects to the HTTPS port it listens on when that is not 443", () => {
    const [plain] = servers(nginxServer(policy, { ...base, listen: "127.0.0.1:8443", tls }))
    expect(plain).toContain("return 301 https://$host:8443$request_uri;")
  })

  it("answers certbot's challenges from the acme folder over plain HTTP, with or without HTTPS", () => {
    const acme = 'location ^~ "/.well-known/acme-challenge/" {'
    const [plain] = servers(nginxServer(policy, { ...base, listen: "443", tls, acmeRoot: "/srv/site/acme" }))
    expect(plain).toContain(acme)
    expect(plain).toContain('root "/srv/site/acme";')
    const [only] = servers(nginxServer(policy, { ...base, listen: "80", acmeRoot: "/srv/site/acme" }))
    expect(only).toContain(acme)
    expect(only.some((line) => line.startsWith("ssl_"))).toBe(false)
  })

  it("leads a moved page's old address, with or without its slash, to it; answers a gone one 410 with its not-found page", () => {
    const config = nginxServer(policy, { ...base, listen: "80" })
    expect(config).toContain('location = "/case-studies/vins/" { return 301 "/case-studies/wine/$is_args$args"; }')
    expect(config).toContain('location = "/case-studies/vins" { return 301 "/case-studies/wine/$is_args$args"; }')
    for (const form of ["/case-studies/cellars/", "/case-studies/cellars"]) {
      expect(config).toContain(
        `location = "${form}" {\n    error_page 410 "/case-studies/404.html";\n    return 410;\n  }`,
      )
    }
  })

  it("finds the outgoing release's hashed files by name, and only those", () => {
    const without = nginxServer(policy, { ...base, listen: "80" })
    expect(without).not.toContain("@previous_release")
    const [site] = servers(nginxServer(policy, { ...base, listen: "80", fallbackRoot: "/srv/site/outgoing/public" }))
    expect(site).toContain('location ~ "^/(?!admin/)[^?]*\\\\.js$" {')
    expect(site).toContain('location ~ "^/static/" {')
    expect(site.filter((line) => line === "try_files $uri @previous_release;")).toHaveLength(2)
    expect(site).toContain('root "/srv/site/outgoing/public";')
  })

  it("leads Book a Demo's address, with or without its slash, to the scheduler (302), and refuses an address nginx would read", () => {
    const config = nginxServer(policy, { ...base, listen: "80" })
    expect(config).toContain(
      `location = "/book-demo/schedule/" { return 302 "https://calendar.example/aurelle?lang=en"; }`,
    )
    expect(config).toContain(
      `location = "/book-demo/schedule" { return 302 "https://calendar.example/aurelle?lang=en"; }`,
    )
    for (const to of [
      "https://calendar.example/$host",
      'https://calendar.example/"x',
      "https://calendar.example/a b",
    ]) {
      const unsafe = { ...policy, departures: [{ from: "/book-demo/schedule/", to }] }
      expect(() => nginxServer(unsafe, { ...base, listen: "80" })).toThrow(/only an https:\/\/ address/)
    }
  })

  it("logs only with a log file named, and serves the report behind a password over HTTPS alone", () => {
    const report = { dir: "/srv/site/report", users: "/srv/site/report-users" }
    const [, site] = servers(
      nginxServer(policy, { ...base, listen: "443", tls, visitsLog: "/srv/site/logs/access.log", report }),
    )
    expect(site).toContain('access_log "/srv/site/logs/access.log" aurelle_visits;')
    expect(site).toContain('location ^~ "/report/" {')
    expect(site).toContain('location = "/report" { return 301 "/report/"; }')
    expect(site).toContain('auth_basic_user_file "/srv/site/report-users";')
    expect(site).toContain(`add_header Cache-Control "private, no-store" always;`)
    expect(site).toContain('add_header "X-Content-Type-Options" $hosting_x_content_type_options always;')
    const [plain] = servers(nginxServer(policy, { ...base, listen: "80", report }))
    expect(plain.join("\n")).not.toContain("/report/")
    expect(plain.join("\n")).not.toContain("access_log")
  })
})

describe("the configuration as written", () => {
  /** Every part of a policy: a prefix's own header, a document-only header, files for CDNs alone. */
  const full: HostingPolicy = {
    ...policy,
    headers: { "X-Content-Type-Options": "nosniff", "Content-Security-Policy": "default-src 'self'" },
    prefixHeaders: [{ prefix: "/admin/", headers: { "Content-Security-Policy": "default-src 'self' 'unsafe-eval'" } }],
    documentOnlyHeaders: ["Content-Security-Policy"],
    hostFiles: ["/_headers", "/_redirects"],
  }
  const report = { dir: "/srv/site/report", users: "/srv/site/report-users" }

  // Each directive's effect is proven by nginx serving it (test/with-build/: the release host, the
  // hosting and load tests); this pins the text between those runs, so that a change to what nginx
  // is told is a change someone reads in the file beside, and makes again with `vitest -u`.
  it("is the same text, for a release over HTTPS with every option and for plain HTTP with none", async () => {
    const https = nginxSite(
      full,
      {
        ...base,
        listen: "443",
        serverName: "example.ch",
        tls,
        brotli: true,
        acmeRoot: "/srv/site/acme",
        fallbackRoot: "/srv/site/outgoing/public",
        authService: "http://127.0.0.1:8787",
        visitsLog: "/srv/site/logs/access.log",
        report,
        previews: { dir: "/srv/site/previews/site", users: "/srv/site/preview-users" },
        locations: ["  location = /extra/ { return 204; }"],
      },
      "Release r1",
    )
    await expect(https).toMatchFileSnapshot("./nginx-config.https.conf")
    const http = nginxSite(
      full,
      { ...base, listen: "8080", acmeRoot: "/srv/site/acme", precompressed: false, report },
      "Local",
    )
    await expect(http).toMatchFileSnapshot("./nginx-config.http.conf")
  })
})

describe("a value written into the configuration", () => {
  // Text an editor, a commit of the history or an operator could bring: each would end a directive,
  // open a block or redirect elsewhere if written as it is.
  const HOSTILE = [
    "/case-studies/a; } server { listen 81; } location = /x {",
    '/case-studies/x" { return 302 https://elsewhere.example/; } #',
    "/case-studies/{ return 302 https://elsewhere.example/; }/",
    '/case-studies/back\\slash\\"/',
    "/case-studies/with space/",
  ]

  it("is quoted so that nginx reads it back whole: the configuration loads, with nothing of it as a directive", () => {
    const hostile: HostingPolicy = {
      ...policy,
      addresses: {
        moved: HOSTILE.map((from) => ({ from, to: "/case-studies/wine/" })),
        gone: HOSTILE.map((a) => `${a}gone/`),
      },
    }
    const config = nginxServer(hostile, { ...base, listen: "127.0.0.1:1", serverName: "example.ch" })
    for (const value of HOSTILE) expect(config).toContain(`location = ${quote(value)} {`)
    expect(quote('a "b" \\c')).toBe('"a \\"b\\" \\\\c"')
    expect(config).not.toMatch(/^\s*(?:server \{\s*)?listen 81;/m)
    const folder = fs.mkdtempSync(path.join(os.tmpdir(), "nginx-quote-"))
    try {
      fs.writeFileSync(path.join(folder, "site.conf"), `${nginxMaps(hostile)}\n${config}`)
      const main = nginxMain({ prefix: folder, mimeTypes: MIME_TYPES, http: `include ${folder}/site.conf;` })
      fs.writeFileSync(path.join(folder, "nginx.conf"), main)
      const check = spawnSync(
        SYSTEM_PROGRAMS.nginx,
        ["-t", "-q", "-p", folder, "-c", path.join(folder, "nginx.conf")],
        {
          encoding: "utf8",
        },
      )
      expect(check.stderr, "nginx -t").toBe("")
      expect(check.status).toBe(0)
    } finally {
      fs.rmSync(folder, { recursive: true, force: true })
    }
  })

  it("names no header, prefix or cache folder unquoted, and refuses a name nginx would read as its own", () => {
    const hostile = {
      ...policy,
      headers: { "X-Content-Type-Options": "nosniff" },
      servicePrefixes: ["/api/auth"],
      immutable: { ...policy.immutable, prefixes: ["/static/"] },
    }
    const config = `${nginxMaps(hostile)}\n${nginxServer(hostile, { ...base, listen: "80", authService: "http://127.0.0.1:8787" })}`
    expect(config).toContain('location ^~ "/api/auth" {')
    expect(config).toContain('"~^/api/auth" "";')
    expect(config).toContain('"~^/static/" "public, max-age=31536000, immutable";')
    for (const name of ["X Two Words", "X-A;add_header Evil 1", "X-$host"])
      expect(() => nginxServer({ ...policy, headers: { [name]: "1" } }, { ...base, listen: "80" }), name).toThrow(
        `${JSON.stringify(name)} cannot be written into nginx's configuration`,
      )
    for (const prefix of ["/api/$host", "/a\nb"])
      expect(() => nginxMaps({ ...policy, servicePrefixes: [prefix] }), prefix).toThrow(
        "cannot be written into nginx's configuration",
      )
  })

  it("is refused, named, where nginx would read part of it as its own: a variable, a control character", () => {
    for (const value of ["/case-studies/$host/", "/x/${uri}/", "/case-studies/a\nb/", "/case-studies/a\u0000/"])
      expect(() => quote(value), JSON.stringify(value)).toThrow(
        `${JSON.stringify(value)} cannot be written into nginx's configuration`,
      )
    // A `$` that names nothing is plain text to nginx (a regular expression's end).
    expect(quote("~^/x$")).toBe('"~^/x$"')
    expect(quote("/book-demo/", "$is_args$args")).toBe('"/book-demo/$is_args$args"')
  })
})

describe("a build's configuration, before it is packed", () => {
  it("is checked by nginx where nginx is at hand, and refused in nginx's words", () => {
    expect(checkBuildConfig(SYSTEM_PROGRAMS.nginx, policy, "/srv/site/public")).toBe(true)
    // A page's address longer than the room nginx's maps give a key: written whole, and refused by nginx.
    const refused = { ...policy, pages: [...policy.pages, `/${"a".repeat(300)}/`] }
    expect(() => checkBuildConfig(SYSTEM_PROGRAMS.nginx, refused, "/srv/site/public")).toThrow(
      /^nginx refused the configuration this build would be served with:\n[^]*could not build map_hash/,
    )
    expect(checkBuildConfig("/no/nginx/here", refused, "/srv/site/public")).toBe(false)
  })
})
