/**
 * The demo funnel's report from a log of known visits, in the shape nginx writes it
 * (deploy/release/visits-log.ts): people and robots, both languages, the pages that led to the demo
 * page and to the scheduler, weeks from Monday in Zurich's time, the rotated days read too, and a
 * run late or repeated changing nothing that was counted.
 */
import { spawn, spawnSync } from "node:child_process"
import { once } from "node:events"
import fs from "node:fs"
import os from "node:os"
import path from "node:path"
import zlib from "node:zlib"
import { afterEach, describe, expect, it } from "vitest"
import { liveSite, readCounts, writePendingReport, writeReport } from "../../deploy/release/visits-report"
import { REPORT_DIR, VISITS_COUNTS, VISITS_LOG } from "../../deploy/release/root/layout"
import { LIVE, RELEASE_POLICY } from "../../deploy/release/root/layout"
import { smallPolicy } from "../support/hosting-policy"
import { siteAddresses, weekOf, weeks } from "../../deploy/release/visit-counts"
import { DIRECT, OTHER_ADDRESSES, OTHER_SITES, SITES_KEPT } from "../../deploy/release/source-tally"
import { bundleReleaseCommand } from "../../deploy/publish/artifact"

const line = (time: string, address: string, status: number, from = "-", kind = "person", method = "GET") =>
  [time, "203.0.113.0", method, address, String(status), from, kind].join("\t")

/** Week 49 of 2026 (Monday 30 November): what each line is, beside it. */
const WEEK_49 = [
  line("2026-11-30T09:00:00+01:00", "/", 200), // en page
  line("2026-11-30T09:00:05+01:00", "/case-studies/wine/", 200, "/"), // en page
  line("2026-11-30T09:01:00+01:00", "/book-demo/?from=/case-studies/wine/", 200, "/case-studies/wine/"), // en page, demo from wine
  line("2026-11-30T09:02:00+01:00", "/book-demo/schedule/", 302, "/book-demo/?from=/case-studies/wine/"), // scheduler from wine
  line("2026-12-01T10:00:00+01:00", "/fr/", 200, "www.google.com"), // fr page
  line("2026-12-01T10:00:30+01:00", "/fr/book-demo/?from=/", 200, "/fr/"), // fr page, demo from home
  line("2026-12-01T10:01:00+01:00", "/fr/book-demo/schedule/", 302, "/fr/book-demo/?from=/"), // fr scheduler from home
  line("2026-12-02T11:00:00+01:00", "/fr/book-demo/", 200, "www.linkedin.com"), // fr page, demo from LinkedIn
  line("2026-12-02T11:00:40+01:00", "/fr/book-demo/schedule/", 302, "/fr/book-demo/"), // fr scheduler from the demo page
  line("2026-12-02T11:05:00+01:00", "/book-demo/", 200), // en page, demo typed in
  // Not counted as people's pages:
  line("2026-12-02T11:06:00+01:00", "/", 200, "-", "robot"), // a robot's page
  line("2026-12-02T11:06:01+01:00", "/case-studies/", 200, "-", "robot"), // a robot's page
  line("2026-12-02T11:06:02+01:00", "/book-demo/schedule/", 302, "/book-demo/", "robot"), // a robot on the way
  line("2026-12-02T11:07:00+01:00", "/page-data/index/page-data.json", 200, "/"), // data, no page
  line("2026-12-02T11:07:01+01:00", "/static/face-1a2b3c.woff2", 200, "/"), // a file
  line("2026-12-02T11:07:02+01:00", "/case-studies/nope/", 404), // no page
  line("2026-12-02T11:07:03+01:00", "/", 200, "-", "person", "HEAD"), // no page read
  "a line of another shape",
  // Anyone may ask anything: addresses no browser would follow are left out, never stop the count.
  line("2026-12-02T11:08:00+01:00", "//[", 400),
  line("2026-12-02T11:08:01+01:00", "//elsewhere.example/book-demo/", 200),
  line("2026-12-02T11:08:02+01:00", "/book-demo/", 200, "//["),
]

/** Sunday 29 November in Zurich, though Monday in no other way: 23:30 UTC is 00:30 in Zurich, so week 49. */
const ZURICH_MIDNIGHT = line("2026-11-29T23:30:00Z", "/case-studies/", 200)
/** Week 48: one English demo page view from the hotels study that never opened the scheduler. */
const WEEK_48 = [
  line("2026-11-25T15:00:00+01:00", "/case-studies/hotels/", 200),
  line("2026-11-25T15:02:00+01:00", "/book-demo/?from=/case-studies/hotels/", 200, "/case-studies/hotels/"),
]

/** The site's pages, as the live release's policy lists them, and the routes `from` may name. */
const ROUTES = ["/", "/book-demo/", "/case-studies/", "/case-studies/hotels/", "/case-studies/wine/"]
const SITE = siteAddresses([...ROUTES, ...ROUTES.map((route) => `/fr${route}`)], [...ROUTES, "/404/"])

let roots: string[] = []
afterEach(() => {
  for (const root of roots) fs.rmSync(root, { recursive: true, force: true })
  roots = []
})

/** A release root whose log holds `current`, with `rotated` as yesterday's file, compressed. */
function rootWithLog(current: string[], rotated: string[] = []): string {
  const root = fs.mkdtempSync(path.join(os.tmpdir(), "visits-"))
  roots.push(root)
  const log = path.join(root, VISITS_LOG)
  fs.mkdirSync(path.dirname(log), { recursive: true })
  fs.writeFileSync(log, `${current.join("\n")}\n`)
  if (rotated.length > 0) fs.writeFileSync(`${log}-20261126.gz`, zlib.gzipSync(`${rotated.join("\n")}\n`))
  return root
}

describe("the demo funnel's report", () => {
  it("counts a log of known visits exactly: pages, robots apart, demo page views and the scheduler, by what led there", async () => {
    const root = rootWithLog([...WEEK_49, ZURICH_MIDNIGHT], WEEK_48)
    const [week49, week48] = weeks(await writeReport(root, { site: SITE }))
    expect(week49.label).toBe("2026-W49")
    expect(week49.pages).toEqual({
      "en /": 1,
      "en /case-studies/": 1,
      "en /case-studies/wine/": 1,
      "en /book-demo/": 2,
      "fr /": 1,
      "fr /book-demo/": 2,
    })
    expect(week49.robots).toBe(2)
    expect(week49.demo).toEqual({
      "en /case-studies/wine/": 1,
      [`en ${DIRECT}`]: 1,
      "fr /": 1,
      "fr (www.linkedin.com)": 1,
    })
    expect(week49.scheduler).toEqual({ "en /case-studies/wine/": 1, "fr /": 1, "fr /book-demo/": 1 })
    expect(week48).toMatchObject({
      label: "2026-W48",
      pages: { "en /case-studies/hotels/": 1, "en /book-demo/": 1 },
      demo: { "en /case-studies/hotels/": 1 },
      scheduler: {},
      robots: 0,
    })
  })

  it("shows the counts on the report's page: the chart, each week by language, each week's pages", async () => {
    const root = rootWithLog([...WEEK_49, ZURICH_MIDNIGHT], WEEK_48)
    await writeReport(root, { site: SITE, now: new Date("2026-12-02T12:00:00Z") })
    const html = fs.readFileSync(path.join(root, REPORT_DIR, "index.html"), "utf8")
    const cells = (row: string) => row.replace(/<[^>]+>/g, "|").replace(/\|+/g, "|")
    const rows = html
      .split("\n")
      .filter((text) => text.startsWith("<tr>"))
      .map(cells)
    // Week, language, pages served to people, demo page views, scheduler opened, rate, robots' pages.
    expect(rows).toContain("|2026-W49|from 2026-11-30|English|5|2|1|50.0 %|2|")
    expect(rows).toContain("|French|3|2|2|100.0 %|")
    expect(rows).toContain("|2026-W48|from 2026-11-23|English|2|1|0|0.0 %|0|")
    // A page: served to people, led to the demo page, led to the scheduler.
    expect(rows).toContain("|/case-studies/wine/|English|1|1|1|")
    expect(rows).toContain("|/|French|1|1|1|")
    expect(html).toContain("Made 2026-12-02 13:00 (Zurich)")
    expect(html).toContain('<svg class="chart"')
    expect(html).toContain("2026-W49: scheduler opened 3 times")
    expect(fs.existsSync(path.join(root, REPORT_DIR, "report.css"))).toBe(true)
  })

  it("keeps what it counted when the log no longer holds it, and a day only partly kept as it was counted whole", async () => {
    const root = rootWithLog(WEEK_48)
    await writeReport(root, { site: SITE })
    // Two weeks later: week 48's file is gone; the oldest file kept begins in the middle of 30 November.
    fs.writeFileSync(path.join(root, VISITS_LOG), `${WEEK_49.slice(2).join("\n")}\n`)
    const first = fs.readFileSync(path.join(root, VISITS_COUNTS), "utf8")
    await writeReport(root, { site: SITE })
    const counts = readCounts(root)
    expect(counts.days["2026-11-25"].demo).toEqual({ "en /case-studies/hotels/": 1 })
    expect(Object.keys(counts.days)).toEqual(["2026-11-25", "2026-11-30", "2026-12-01", "2026-12-02"])
    expect(first).not.toBe(fs.readFileSync(path.join(root, VISITS_COUNTS), "utf8"))
    // A run repeated changes nothing.
    const again = fs.readFileSync(path.join(root, VISITS_COUNTS), "utf8")
    await writeReport(root, { site: SITE })
    expect(fs.readFileSync(path.join(root, VISITS_COUNTS), "utf8")).toBe(again)
  })

  it("keeps a day counted whole when the oldest file kept holds only its end", async () => {
    const root = rootWithLog(WEEK_49)
    await writeReport(root, { site: SITE })
    expect(readCounts(root).days["2026-11-30"].pages["en /"]).toBe(1)
    // The next run: the file holding the morning of 30 November is rotated away, its afternoon stays.
    fs.writeFileSync(path.join(root, VISITS_LOG), `${WEEK_49.slice(3).join("\n")}\n`)
    await writeReport(root, { site: SITE })
    expect(readCounts(root).days["2026-11-30"].pages["en /"]).toBe(1)
    expect(readCounts(root).days["2026-11-30"].scheduler).toEqual({ "en /case-studies/wine/": 1 })
  })

  it("keeps counts, a report and the command's memory bounded, whatever is sent: 1.2 million other sites, a 600 MB line", async () => {
    // The release command as a host runs it (bundled, Node alone), in a process of its own whose peak
    // memory it says, reading a log this test writes into a pipe as it goes: nothing of it is stored.
    const root = fs.mkdtempSync(path.join(os.tmpdir(), "visits-hostile-"))
    roots.push(root)
    const script = path.join(root, "release.cjs")
    const pages = [...ROUTES, ...ROUTES.map((route) => `/fr${route}`)]
    fs.mkdirSync(path.join(root, LIVE))
    fs.writeFileSync(
      path.join(root, LIVE, RELEASE_POLICY),
      JSON.stringify(smallPolicy({ pages, demoSources: [...ROUTES, "/404/"] })),
    )
    const log = path.join(root, VISITS_LOG)
    fs.mkdirSync(path.dirname(log), { recursive: true })
    await bundleReleaseCommand(script)
    expect(spawnSync("mkfifo", [log]).status).toBe(0)
    const started = performance.now()
    const report = spawn(process.execPath, [script, "report", "--root", root], { stdio: ["ignore", "pipe", "pipe"] })
    let said = ""
    report.stdout.on("data", (chunk: Buffer) => (said += chunk))
    report.stderr.on("data", (chunk: Buffer) => (said += chunk))
    const ended = new Promise<number | null>((resolve) => report.on("close", resolve))

    const SITES = 1_200_000
    const at = (index: number) => new Date(Date.parse("2026-11-30T08:00:00Z") + index * 250).toISOString()
    const pipe = fs.createWriteStream(log)
    const send = async (text: string | Buffer) => {
      if (!pipe.write(text)) await once(pipe, "drain")
    }
    for (let block = 0; block < SITES; block += 10_000) {
      const lines: string[] = []
      for (let index = block; index < block + 10_000; index++) {
        // A demo page view naming a made-up page, from a made-up site with a user name, and a page no one has.
        lines.push(
          line(
            at(index),
            `/book-demo/?from=/spam-${index}-${"x".repeat(index % 1000 === 0 ? 7_000 : 20)}/`,
            200,
            `spam-${index}.example`,
          ),
        )
        if (index % 12 === 0)
          lines.push(
            line(at(index), `/fr/book-demo/schedule/`, 302, `/fr/book-demo/?from=/jane.doe-${index}@example.com/`),
            line(at(index), `/spam-${index}/jane.doe@example.com/`, 200, `/case-studies/spam-${index}/`),
          )
      }
      await send(`${lines.join("\n")}\n`)
      // Half way, one line of 600 MB, as a log damaged or written by something else could hold.
      if (block === SITES / 2) {
        const megabyte = Buffer.alloc(1024 * 1024, "x")
        for (let sent = 0; sent < 600; sent++) await send(megabyte)
        await send("\n")
      }
    }
    pipe.end()
    expect(await ended, said).toBe(0)
    const seconds = (performance.now() - started) / 1000
    const peak = Number(/peak memory of this command: (\d+) MB/.exec(said)?.[1])
    expect(said).toContain("1 line(s) of the log longer than 16 kB skipped")
    expect(peak, said).toBeLessThan(200)

    const days = Object.keys(readCounts(root).days)
    const [week] = weeks(readCounts(root))
    expect(week.pages).toEqual({ "en /book-demo/": SITES, [`en ${OTHER_ADDRESSES}`]: SITES / 12 })
    expect(week.scheduler).toEqual({ "fr /book-demo/": SITES / 12 })
    const demo = Object.entries(week.demo)
    // The most frequent other sites of each day one by one (here all alike), the rest on one line.
    expect(demo.filter(([key]) => key.startsWith("en (spam-")).length).toBeLessThanOrEqual(days.length * SITES_KEPT)
    expect(week.demo[`en ${OTHER_SITES}`]).toBeGreaterThan(SITES - days.length * SITES_KEPT - 1)
    expect(demo.reduce((sum, [, count]) => sum + count, 0)).toBe(SITES)
    const kept = fs.statSync(path.join(root, VISITS_COUNTS)).size
    const page = fs.readFileSync(path.join(root, REPORT_DIR, "index.html"), "utf8")
    expect(kept).toBeLessThan(20_000)
    expect(page.length).toBeLessThan(60_000)
    for (const text of [page, fs.readFileSync(path.join(root, VISITS_COUNTS), "utf8")]) {
      expect(text).not.toContain("jane")
      expect(text).not.toContain("xxxxxxxxxx")
    }
    console.info(
      `${SITES.toLocaleString("en")} other sites and a 600 MB line, streamed: counted in ${seconds.toFixed(1)} s, peak memory ${peak} MB; visits.json ${kept} bytes, the report ${page.length} bytes`,
    )
    // No verdict on the time (a host at half speed with neighbours takes several times it): the
    // memory and the sizes are the promise.
  }, 180_000)

  it("counts the live release's pages, from the policy it keeps; with none live, says so and counts nothing", async () => {
    const root = rootWithLog(WEEK_49)
    expect(() => liveSite(root)).toThrow(
      `${path.join(root, LIVE, RELEASE_POLICY)} is missing: the report counts the pages of the live release, and none is live`,
    )
    await expect(writeReport(root)).rejects.toThrow(/is missing: the report counts the pages of the live release/)
    expect(fs.existsSync(path.join(root, VISITS_COUNTS))).toBe(false)
    fs.mkdirSync(path.join(root, LIVE))
    const policy = { pages: ["/", "/fr/book-demo/"], demoSources: ["/", "/case-studies/%5B...%5D/"] }
    fs.writeFileSync(path.join(root, LIVE, RELEASE_POLICY), JSON.stringify(smallPolicy(policy)))
    const site = liveSite(root)
    expect([...site.pages]).toEqual(["/", "/fr/book-demo/"])
    expect([...site.sources]).toEqual(["/", "/case-studies/[...]/"])
    const [week] = weeks(await writeReport(root))
    expect(week.pages).toEqual({
      "en /": 1,
      "fr /book-demo/": 2,
      [`en ${OTHER_ADDRESSES}`]: 3,
      [`fr ${OTHER_ADDRESSES}`]: 1,
    })
  })

  it("says, until its first run, that it has not run yet, and leaves a report already written as it is", async () => {
    const root = rootWithLog([])
    const page = path.join(root, REPORT_DIR, "index.html")
    writePendingReport(root)
    expect(fs.readFileSync(page, "utf8")).toContain("The report has not run yet")
    expect(fs.existsSync(path.join(root, REPORT_DIR, "report.css"))).toBe(true)
    await writeReport(root, { site: SITE })
    const written = fs.readFileSync(page, "utf8")
    writePendingReport(root)
    expect(fs.readFileSync(page, "utf8")).toBe(written)
    expect(written).not.toContain("The report has not run yet")
  })

  it("numbers weeks as ISO 8601 does, from Monday", async () => {
    expect(weekOf("2026-11-30")).toEqual({ monday: "2026-11-30", label: "2026-W49" })
    expect(weekOf("2026-12-06")).toEqual({ monday: "2026-11-30", label: "2026-W49" })
    expect(weekOf("2027-01-01")).toEqual({ monday: "2026-12-28", label: "2026-W53" })
  })
})
