/**
 * What nginx writes of a visit with the shipped log configuration (deploy/release/visits-log.ts): run
 * by a real nginx, the client's address given by X-Forwarded-For (nginx's realip module, here only:
 * the host sees each visitor's own address), so every form of address a visitor may come from is
 * tried. No full address, no user agent, the referrer as a path here or another site's host.
 */
import fs from "node:fs"
import os from "node:os"
import path from "node:path"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { MIME_TYPES, type NginxProcess, runNginx } from "../../deploy/hosting/local-nginx"
import { nginxMain } from "../../deploy/release/nginx-main"
import { MAP_HASH, visitsLogConfig, visitsLogDirectives } from "../../deploy/release/visits-log"
import { demoSources } from "../../build-steps/post-build/hosting-policy"
import { freePort } from "../../deploy/lib/free-port"

let dir: string
let nginx: NginxProcess
let url: string
const logFile = () => path.join(dir, "access.log")
/** The pages of the site the log is written for. */
const PAGES = ["/", "/book-demo/", "/case-studies/wine/", "/fr/", "/fr/book-demo/", "/fr/case-studies/wine/"]

beforeAll(async () => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), "visits-log-"))
  fs.chmodSync(dir, 0o755)
  fs.writeFileSync(path.join(dir, "index.html"), "<p>A page</p>")
  const port = await freePort()
  url = `http://127.0.0.1:${port}`
  const http = `${MAP_HASH}
${visitsLogConfig({ pages: PAGES, demoSources: demoSources(PAGES) })}
server {
  listen 127.0.0.1:${port};
  root ${dir};
  server_tokens off;
  set_real_ip_from 127.0.0.1;
  real_ip_header X-Forwarded-For;
${visitsLogDirectives(logFile())}
  location / { try_files $uri $uri/index.html =404; }
  # The sign-in service, down.
  location /api/auth/ { proxy_pass http://127.0.0.1:${await freePort()}; }
}`
  const configFile = path.join(dir, "nginx.conf")
  fs.writeFileSync(configFile, nginxMain({ prefix: dir, mimeTypes: MIME_TYPES, http }))
  nginx = await runNginx({ prefix: dir, configFile, url })
}, 30_000)

afterAll(async () => {
  await nginx?.stop()
  fs.rmSync(dir, { recursive: true, force: true })
})

const FIREFOX = "Mozilla/5.0 (X11; Linux x86_64; rv:128.0) Gecko/20100101 Firefox/128.0"
const GOOGLEBOT = "Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)"

/** The log's lines for requests sent with `headers`, each as its seven fields. */
async function logged(requests: Array<{ path?: string; headers: Record<string, string> }>) {
  fs.writeFileSync(logFile(), "")
  for (const request of requests) {
    const response = await fetch(`${url}${request.path ?? "/"}`, { headers: request.headers })
    await response.arrayBuffer()
  }
  // nginx writes a line once it has answered; give the worker a moment.
  for (let waited = 0; waited < 5_000; waited += 50) {
    const lines = fs.readFileSync(logFile(), "utf8").trim().split("\n").filter(Boolean)
    if (lines.length === requests.length) return lines.map((line) => line.split("\t"))
    await new Promise((resolve) => setTimeout(resolve, 50))
  }
  throw new Error(`nginx logged ${fs.readFileSync(logFile(), "utf8")}`)
}

describe("the visits' log", () => {
  it("keeps no visitor's full address: IPv4 to its /24, IPv6 to its /48, whatever its written form", async () => {
    const addresses: Record<string, string> = {
      "192.0.2.33": "192.0.2.0",
      "2001:db8:85a3:8d3:1319:8a2e:370:7348": "2001:db8:85a3::",
      "2001:db8::1": "2001:db8::",
      "2001::7": "2001::",
      "fe80::1": "fe80::",
      "::1": "::",
      "::ffff:192.0.2.128": "::",
    }
    const lines = await logged(
      Object.keys(addresses).map((address) => ({ headers: { "x-forwarded-for": address, "user-agent": FIREFOX } })),
    )
    expect(lines.map((fields) => fields[1])).toEqual(Object.values(addresses))
    const text = fs.readFileSync(logFile(), "utf8")
    for (const address of Object.keys(addresses)) expect(text).not.toContain(address)
  })

  it("keeps of the user agent only whether it is a robot, of an address or a referrer here its path and its from, of another site its host", async () => {
    const lines = await logged([
      {
        path: "/?q=my+name&from=/case-studies/wine/",
        headers: { "user-agent": FIREFOX, referer: `${url}/case-studies/wine/?q=a` },
      },
      {
        path: "/book-demo/?from=/",
        headers: { "user-agent": FIREFOX, referer: `${url}/book-demo/?q=b&from=/case-studies/%5B...%5D/` },
      },
      { headers: { "user-agent": GOOGLEBOT, referer: "https://www.linkedin.com/feed/update/123?trk=abc" } },
      { path: "/nowhere/?q=secret", headers: { "user-agent": "" } },
    ])
    expect(
      lines.map(([, network, method, address, status, from, kind]) => [network, method, address, status, from, kind]),
    ).toEqual([
      ["127.0.0.0", "GET", "/?from=/case-studies/wine/", "200", "/case-studies/wine/", "person"],
      ["127.0.0.0", "GET", "/book-demo/?from=/", "404", "/book-demo/?from=/case-studies/%5B...%5D/", "person"],
      ["127.0.0.0", "GET", "/", "200", "www.linkedin.com", "robot"],
      ["127.0.0.0", "GET", "/nowhere/", "404", "-", "robot"],
    ])
    expect(Number.isNaN(Date.parse(lines[0][0]))).toBe(false)
    const text = fs.readFileSync(logFile(), "utf8")
    // Of the user agents, the other site's page and the searches typed in, nothing.
    for (const kept of ["Mozilla", "Firefox", "Googlebot", "feed/update", "trk=", "q=", "my+name", "secret"])
      expect(text).not.toContain(kept)
  })

  it("keeps no person of what a visitor sends: from only as a page's route, no user name, no error with an address or a query", async () => {
    const here = new URL(url)
    const lines = await logged([
      { path: "/book-demo/?from=jane.doe@example.com", headers: { "user-agent": FIREFOX } },
      { path: "/book-demo/?From=jane.doe", headers: { "user-agent": FIREFOX } },
      { path: `/book-demo/?from=/spam-1-${"x".repeat(7000)}/`, headers: { "user-agent": FIREFOX } },
      { path: "/book-demo/?from=/fr/case-studies/wine/", headers: { "user-agent": FIREFOX } },
      {
        path: "/book-demo/?from=/case-studies/wine/",
        headers: { "user-agent": FIREFOX, referer: "https://jane.doe:secret@www.linkedin.com/feed/" },
      },
      {
        path: "/book-demo/",
        headers: { "user-agent": FIREFOX, referer: `http://jane.doe:secret@${here.host}/case-studies/wine/?q=x` },
      },
      {
        path: "/book-demo/",
        headers: { "user-agent": FIREFOX, referer: `${url}/jane.doe@example.com/?from=jane.doe@example.com` },
      },
      {
        path: "/book-demo/",
        headers: { "user-agent": FIREFOX, referer: `${url}/book-demo/?from=jane.doe@example.com` },
      },
      { path: "/api/auth/callback?code=secret-code&state=jane", headers: { "user-agent": FIREFOX } },
    ])
    expect(lines.map(([, , , address, , from]) => [address, from])).toEqual([
      ["/book-demo/?from=-", "-"],
      ["/book-demo/?from=-", "-"],
      ["/book-demo/?from=-", "-"],
      ["/book-demo/?from=-", "-"],
      ["/book-demo/?from=/case-studies/wine/", "www.linkedin.com"],
      ["/book-demo/", "/case-studies/wine/"],
      ["/book-demo/", "-"],
      ["/book-demo/", "/book-demo/"],
      ["/api/auth/callback", "-"],
    ])
    expect(lines[8][4]).toBe("502")
    // Every log the server writes: the visits', and its error log (the sign-in service was down).
    const logs = fs.readdirSync(dir).filter((name) => name.endsWith(".log"))
    expect(logs.sort()).toEqual(["access.log", "error.log"])
    for (const name of logs) {
      const text = fs.readFileSync(path.join(dir, name), "utf8")
      for (const kept of ["127.0.0.1", "jane", "secret", "example.com", "spam", "code=", "state="])
        expect(text, name).not.toContain(kept)
    }
  })

  it("tells the browsers people use from robots", async () => {
    const agents: Record<string, "person" | "robot"> = {
      [FIREFOX]: "person",
      "Mozilla/5.0 (iPhone; CPU iPhone OS 18_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.1 Mobile/15E148 Safari/604.1":
        "person",
      "Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Mobile Safari/537.36":
        "person",
      "Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36 Edg/131.0.0.0":
        "person",
      [GOOGLEBOT]: "robot",
      "Mozilla/5.0 (compatible; bingbot/2.0; +http://www.bing.com/bingbot.htm)": "robot",
      "Mozilla/5.0 AppleWebKit/537.36 (KHTML, like Gecko; compatible; GPTBot/1.2; +https://openai.com/gptbot)": "robot",
      "curl/8.5.0": "robot",
      "python-requests/2.32.3": "robot",
    }
    const lines = await logged(Object.keys(agents).map((agent) => ({ headers: { "user-agent": agent } })))
    expect(lines.map((fields) => fields[6])).toEqual(Object.values(agents))
  })
})
