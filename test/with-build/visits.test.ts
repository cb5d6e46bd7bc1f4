/**
 * Book a Demo counted on an nginx host set up as docs/deploying.md says, with the build in public/: the
 * demo page's way to the scheduler is a redirect of the site's own, in each language, that sets no
 * cookie; the host's log counts the funnel with no full address, and the report that counts it answers
 * only the agency, over HTTPS.
 */
import { spawnSync } from "node:child_process"
import fs from "node:fs"
import http2 from "node:http2"
import path from "node:path"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { http2Get, type ReleaseHost, startReleaseHost } from "../support/release-host"
import { settingsIn } from "../support/content"
import { REPORT_USERS, VISITS_LOG } from "../../deploy/release/root/layout"
import { writeReport } from "../../deploy/release/visits-report"
import { weeks } from "../../deploy/release/visit-counts"

const PROJECT_DIR = path.resolve(__dirname, "../..")
const FIREFOX = "Mozilla/5.0 (X11; Linux x86_64; rv:128.0) Gecko/20100101 Firefox/128.0"
const BINGBOT = "Mozilla/5.0 (compatible; bingbot/2.0; +http://www.bing.com/bingbot.htm)"

let host: ReleaseHost

beforeAll(async () => {
  host = await startReleaseHost({ projectDir: PROJECT_DIR })
}, 60_000)

afterAll(async () => {
  await host?.stop()
})

/** A GET over HTTP/2 from a browser's user agent, trusting the host's certificate. */
async function get(pathname: string, headers: Record<string, string> = {}) {
  const session = http2.connect(host.url, { ca: host.ca })
  try {
    return await http2Get(session, pathname, { "user-agent": FIREFOX, ...headers })
  } finally {
    session.close()
  }
}

const logLines = () =>
  fs
    .readFileSync(path.join(host.root, VISITS_LOG), "utf8")
    .split("\n")
    .filter(Boolean)
    .map((line) => line.split("\t"))

const basic = (user: string, password: string) => ({
  authorization: `Basic ${Buffer.from(`${user}:${password}`).toString("base64")}`,
})
/** The agency's password file, as docs/deploying.md makes it. */
function writeUsers() {
  const hash = spawnSync("openssl", ["passwd", "-6", "a long passphrase"], { encoding: "utf8" }).stdout.trim()
  fs.writeFileSync(path.join(host.root, REPORT_USERS), `agency:${hash}\n`)
}

describe("Book a Demo on the nginx host", () => {
  it("says to the agency, until the report's first run, that it has not run yet; leads /report to /report/", async () => {
    writeUsers()
    const pending = await get("/report/", basic("agency", "a long passphrase"))
    expect(pending.status).toBe(200)
    expect(pending.body).toContain("The report has not run yet")
    const slashless = await get("/report", basic("agency", "a long passphrase"))
    expect(slashless.status).toBe(301)
    expect(slashless.headers.get("location")).toBe("/report/")
  })

  it("leads the demo page's address to the scheduler of the page's language, with no cookie, asked of the host each time", async () => {
    for (const [locale, prefix] of [
      ["en", ""],
      ["fr", "/fr"],
    ] as const) {
      for (const address of [`${prefix}/book-demo/schedule/`, `${prefix}/book-demo/schedule`]) {
        const answer = await get(address)
        expect(answer.status, address).toBe(302)
        expect(answer.headers.get("location"), address).toBe(settingsIn(locale).schedulingUrl)
        expect(answer.headers.get("set-cookie"), address).toBeNull()
        expect(answer.headers.get("cache-control"), address).toMatch(/max-age=0/)
      }
    }
  })

  it("counts a visit to the scheduler by the page that led there, robots apart, and keeps no full address", async () => {
    fs.writeFileSync(path.join(host.root, VISITS_LOG), "")
    fs.rmSync(path.join(host.root, "visits.json"), { force: true })
    const here = host.url
    expect((await get("/case-studies/wine/")).status).toBe(200)
    expect((await get("/book-demo/?from=/case-studies/wine/", { referer: `${here}/case-studies/wine/` })).status).toBe(
      200,
    )
    await get("/book-demo/schedule/", { referer: `${here}/book-demo/?from=/case-studies/wine/` })
    expect((await get("/fr/book-demo/", { referer: "https://www.linkedin.com/feed/" })).status).toBe(200)
    await get("/fr/book-demo/schedule/", { referer: `${here}/fr/book-demo/` })
    expect((await get("/", { "user-agent": BINGBOT })).status).toBe(200)
    // nginx writes a line once it has answered.
    for (let waited = 0; logLines().length < 6 && waited < 5_000; waited += 50)
      await new Promise((resolve) => setTimeout(resolve, 50))

    const lines = logLines()
    expect(lines.map((fields) => fields[1])).toEqual(Array(6).fill("127.0.0.0"))
    const text = fs.readFileSync(path.join(host.root, VISITS_LOG), "utf8")
    for (const kept of ["127.0.0.1", "Firefox", "bingbot", "/feed/"]) expect(text).not.toContain(kept)

    const [week] = weeks(await writeReport(host.root))
    expect(week.pages).toEqual({ "en /case-studies/wine/": 1, "en /book-demo/": 1, "fr /book-demo/": 1 })
    expect(week.demo).toEqual({ "en /case-studies/wine/": 1, "fr (www.linkedin.com)": 1 })
    expect(week.scheduler).toEqual({ "en /case-studies/wine/": 1, "fr /book-demo/": 1 })
    expect(week.robots).toBe(1)
  })

  it("shows the report to the agency alone: 401 without its password, nothing over plain HTTP", async () => {
    await writeReport(host.root)
    writeUsers()

    const none = await get("/report/")
    expect(none.status).toBe(401)
    expect(none.headers.get("www-authenticate")).toMatch(/^Basic realm=/)
    expect(none.body).not.toContain("Who books a demo")
    expect((await get("/report/", basic("agency", "a wrong one"))).status).toBe(401)
    expect((await get("/report/report.css", basic("someone", "a long passphrase"))).status).toBe(401)

    const shown = await get("/report/", basic("agency", "a long passphrase"))
    expect(shown.status).toBe(200)
    expect(shown.body).toContain("<h1>Who books a demo</h1>")
    expect(shown.headers.get("cache-control")).toBe("private, no-store")
    expect(shown.headers.get("x-content-type-options")).toBe("nosniff")
    expect((await get("/report/report.css", basic("agency", "a long passphrase"))).status).toBe(200)

    const plain = await fetch(`${host.httpUrl}/report/`, { redirect: "manual" })
    expect(plain.status).toBe(301)
    expect(plain.headers.get("location")).toMatch(/^https:\/\//)
  })
})
