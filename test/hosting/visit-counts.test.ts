/**
 * One line of the host's log counted, at each of its edges (deploy/release/visit-counts.ts): what is a
 * page, what a route in `?from=` may be, what led to the demo page and to the scheduler, the log's
 * rotated files in order, the first day kept as counted. The whole report from a log of known visits
 * is test/hosting/visits-report.test.ts's.
 */
import fs from "node:fs"
import os from "node:os"
import path from "node:path"
import zlib from "node:zlib"
import { describe, expect, it } from "vitest"
import {
  type DayCounts,
  type DayTally,
  countLine,
  countLogs,
  dayCounts,
  reconcile,
  siteAddresses,
  weekOf,
} from "../../deploy/release/visit-counts"
import { DIRECT, OTHER_ADDRESSES, OTHER_SITES, SITES_KEPT } from "../../deploy/release/source-tally"
import { logFiles } from "../../deploy/release/log-lines"

const TIME = "2026-12-02T11:00:00+01:00"
const DAY = "2026-12-02"
const line = (address: string, status = 200, from = "-", kind = "person", method = "GET", time = TIME) =>
  [time, "203.0.113.0", method, address, String(status), from, kind].join("\t")

/** The site's pages, as the live release's policy lists them, and the routes `from` may name. */
const PAGES = ["/", "/book-demo/", "/case-studies/", "/case-studies/hotels/", "/case-studies/wine/"]
const SITE = siteAddresses(
  [...PAGES, ...PAGES.map((page) => `/fr${page}`)],
  [...PAGES, "/404/", "/case-studies/%5B...%5D/"],
)

/** The counts of some lines, on the one day they share. */
function counted(...lines: string[]): DayCounts {
  const days: Record<string, DayTally> = {}
  for (const text of lines) countLine(text, days, SITE)
  return days[DAY] ? dayCounts(days[DAY]) : { pages: {}, robots: 0, demo: {}, scheduler: {} }
}

describe("a line of the log", () => {
  it("is left out unless it has the log's seven fields, a GET and a time", () => {
    const days: Record<string, DayTally> = {}
    expect(countLine(`${line("/")}\textra`, days, SITE)).toBeNull()
    expect(countLine(line("/").split("\t").slice(0, 6).join("\t"), days, SITE)).toBeNull()
    expect(countLine(line("/", 200, "-", "person", "POST"), days, SITE)).toBeNull()
    expect(countLine(line("/", 200, "-", "person", "GET", "yesterday"), days, SITE)).toBeNull()
    expect(days).toEqual({})
    expect(countLine(line("/"), days, SITE)).toBe(DAY)
  })

  it("counts a page only at a folder's address outside the files, the data and the services, in its language", () => {
    const { pages } = counted(
      ...["/", "/fr/", "/case-studies/static/", "/french/", "/book-demo"].map((address) => line(address)),
      ...["/admin/", "/fr/admin/", "/api/auth/", "/report/", "/_gatsby/x/", "/page-data/x/", "/fr/static/x/"].map(
        (address) => line(address),
      ),
      line("/case-studies/", 404),
    )
    // A folder the site has no page at is counted on one line.
    expect(pages).toEqual({ "en /": 1, "fr /": 1, [`en ${OTHER_ADDRESSES}`]: 2 })
  })

  it("names what led to the demo page: the route in ?from= when it is one, else the referrer's page or site, else typed", () => {
    const { demo } = counted(
      line("/book-demo/?from=/case-studies/wine/", 200, "/case-studies/wine/"),
      line("/book-demo/?from=/Jane.Doe@example.com/", 200, "/case-studies/"),
      line("/book-demo/?from=case-studies/", 200, "/case-studies"),
      line("/book-demo/?from=/case-studies/ x", 200, "www.linkedin.com"),
      line("/book-demo/"),
    )
    expect(demo).toEqual({
      "en /case-studies/wine/": 1,
      "en /case-studies/": 1,
      [`en ${OTHER_ADDRESSES}`]: 1,
      "en (www.linkedin.com)": 1,
      "en (typed, a bookmark or an app)": 1,
    })
    expect(DIRECT).toBe("(typed, a bookmark or an app)")
  })

  it("counts the scheduler at its address with or without its slash, once redirected, by the page that led to the demo page", () => {
    const { scheduler, pages } = counted(
      line("/book-demo/schedule", 302, "/book-demo/?from=/case-studies/"),
      line("/fr/book-demo/schedule/", 302, "/fr/case-studies/hotels/"),
      line("/book-demo/schedule/", 404, "/book-demo/"),
      line("/book-demo/schedule/", 302, "/book-demo/", "robot"),
      line("/case-studies/", 302, "/book-demo/"),
    )
    expect(scheduler).toEqual({ "en /case-studies/": 1, "fr /case-studies/hotels/": 1 })
    expect(pages).toEqual({})
  })
})

describe("the log's files", () => {
  it("are the log and its rotated days, oldest first, the log itself last", () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), "aurelle-logs-"))
    try {
      const log = path.join(dir, "access.log")
      expect(logFiles(path.join(dir, "none", "access.log"))).toEqual([])
      for (const name of [
        "access.log",
        "access.log-20261201.gz",
        "access.log.1",
        "access.log-20261130",
        "error.log",
        "access.logs",
      ])
        fs.writeFileSync(path.join(dir, name), "")
      expect(logFiles(log).map((file) => path.basename(file))).toEqual([
        "access.log-20261130",
        "access.log-20261201.gz",
        "access.log.1",
        "access.log",
      ])
    } finally {
      fs.rmSync(dir, { recursive: true, force: true })
    }
  })

  it("begin on the earliest day they hold, in whatever order its lines come; that day is kept as it was counted", async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), "aurelle-logs-"))
    try {
      const file = path.join(dir, "access.log")
      fs.writeFileSync(
        file,
        [
          line("/", 200, "-", "person", "GET", "2026-12-03T09:00:00+01:00"),
          line("/", 200, "-", "person", "GET", "2026-12-02T23:59:00+01:00"),
          "",
          line("/fr/", 200, "-", "person", "GET", "2026-12-03T10:00:00+01:00"),
        ].join("\n"),
      )
      const logs = await countLogs([file], SITE)
      expect(logs.firstDay).toBe("2026-12-02")
      const whole = { pages: { "en /": 9 }, robots: 0, demo: {}, scheduler: {} }
      const kept = { days: { "2026-12-02": whole, "2026-12-03": whole, "2026-12-01": whole } }
      const after = reconcile(kept, logs)
      expect(Object.keys(after.days)).toEqual(["2026-12-01", "2026-12-02", "2026-12-03"])
      expect(after.days["2026-12-02"]).toBe(whole)
      expect(after.days["2026-12-03"].pages).toEqual({ "en /": 1, "fr /": 1 })
      expect(reconcile({ days: {} }, logs).days["2026-12-02"].pages).toEqual({ "en /": 1 })
    } finally {
      fs.rmSync(dir, { recursive: true, force: true })
    }
  })
})

describe("other sites", () => {
  it("are named up to a day's SITES_KEPT most frequent in each language, the most frequent first then by name; the rest, and what is no host name, on one line", async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), "aurelle-logs-"))
    try {
      const file = path.join(dir, "access.log")
      const demo = (from: string, address = "/book-demo/") => line(address, 200, from)
      const hosts = Array.from(
        { length: SITES_KEPT + 1 },
        (_, index) => `host-${String(index + 1).padStart(2, "0")}.example`,
      )
      fs.writeFileSync(
        file,
        [
          // The last by name is the most frequent: kept. Of the others, the first by name.
          ...hosts.map((host) => demo(host)),
          demo(hosts[SITES_KEPT]),
          demo(hosts[SITES_KEPT]),
          demo("www.linkedin.com", "/fr/book-demo/"),
          demo("jane doe"),
          demo(`${"a".repeat(250)}.ch`),
          demo("-"),
          demo("/nowhere/"),
        ].join("\n"),
      )
      const { days } = await countLogs([file], SITE)
      const { demo: counts } = days[DAY]
      const named = Object.keys(counts).filter((key) => key.startsWith("en (host-"))
      expect(named).toHaveLength(SITES_KEPT)
      expect(counts[`en (${hosts[SITES_KEPT]})`]).toBe(3)
      expect(named).not.toContain(`en (${hosts[SITES_KEPT - 1]})`)
      expect(counts[`en ${OTHER_SITES}`]).toBe(1 + 2)
      expect(counts["fr (www.linkedin.com)"]).toBe(1)
      expect(counts[`en ${DIRECT}`]).toBe(1)
      expect(counts[`en ${OTHER_ADDRESSES}`]).toBe(1)
    } finally {
      fs.rmSync(dir, { recursive: true, force: true })
    }
  })

  it("and a day's counts are added up across the files that hold it, robots included; the first day is the earliest of all", async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), "aurelle-logs-"))
    try {
      const file = path.join(dir, "access.log")
      const at = (time: string) => line("/", 200, "-", "robot", "GET", time)
      fs.writeFileSync(`${file}-20261202`, `${at("2026-12-02T09:00:00+01:00")}\n${at("2026-12-02T10:00:00+01:00")}\n`)
      fs.writeFileSync(file, `${at("2026-12-02T23:00:00+01:00")}\n${at("2026-12-01T23:00:00+01:00")}\n`)
      const logs = await countLogs(logFiles(file), SITE)
      expect(logs.days[DAY].robots).toBe(3)
      expect(logs.firstDay).toBe("2026-12-01")
    } finally {
      fs.rmSync(dir, { recursive: true, force: true })
    }
  })
})

describe("a damaged rotated log", () => {
  it("is skipped with its name, its days left as kept, and every other file counted", async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), "aurelle-logs-"))
    try {
      const file = path.join(dir, "access.log")
      const at = (day: string) => `${day}T09:00:00+01:00`
      const lines = (...days: string[]) =>
        `${days.map((day) => line("/", 200, "-", "person", "GET", at(day))).join("\n")}\n`
      fs.writeFileSync(`${file}-20261130.gz`, zlib.gzipSync(lines("2026-11-29", "2026-11-30")))
      // Not gzip at all, and a gzip cut short after its first day's lines.
      fs.writeFileSync(`${file}-20261201.gz`, "this is not gzip")
      const whole = zlib.gzipSync(lines("2026-12-01", ...Array(2000).fill("2026-12-02")))
      fs.writeFileSync(`${file}-20261202.gz`, whole.subarray(0, Math.floor(whole.length / 2)))
      fs.writeFileSync(file, lines("2026-12-03"))
      const logs = await countLogs(logFiles(file), SITE)
      expect(logs.damaged).toHaveLength(2)
      expect(logs.damaged[0]).toMatch(/access\.log-20261201\.gz could not be read \(.+\): skipped/)
      expect(logs.damaged[1]).toMatch(/access\.log-20261202\.gz could not be read \(.+\): skipped/)
      expect(Object.keys(logs.days).sort()).toEqual(["2026-11-29", "2026-11-30", "2026-12-03"])
      const kept = { pages: { "en /": 7 }, robots: 0, demo: {}, scheduler: {} }
      const after = reconcile({ days: { "2026-12-01": kept, "2026-12-02": kept } }, logs)
      expect(after.days["2026-12-01"]).toBe(kept)
      expect(after.days["2026-12-02"]).toBe(kept)
      expect(after.days["2026-12-03"].pages).toEqual({ "en /": 1 })
    } finally {
      fs.rmSync(dir, { recursive: true, force: true })
    }
  })
})

describe("weeks", () => {
  it("are labelled with two digits", () => {
    expect(weekOf("2026-01-28")).toEqual({ monday: "2026-01-26", label: "2026-W05" })
  })
})
