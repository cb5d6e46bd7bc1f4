/**
 * What a release writes into the root for the report (deploy/release/host-units.ts): the hourly
 * timer that runs the live release's command, and the log's rotation, run here by Debian's logrotate
 * as the host runs it: a file a day, fourteen kept, the oldest deleted.
 */
import { spawnSync } from "node:child_process"
import fs from "node:fs"
import os from "node:os"
import path from "node:path"
import { afterEach, describe, expect, it } from "vitest"
import { readCounts } from "../../deploy/release/visits-report"
import { VISITS_COUNTS, VISITS_LOG } from "../../deploy/release/root/layout"
import { REPORT_SERVICE, REPORT_TIMER, reportHostFiles, writeReportHostFiles } from "../../deploy/release/host-units"
import { LOGROTATE_FILE, LOG_DAYS } from "../../deploy/release/visits-log"
import { ensureSystemPackage } from "../../deploy/lib/system-packages"

let root: string
afterEach(() => fs.rmSync(root, { recursive: true, force: true }))

describe("the report's files on the host", () => {
  it("run the live release's report every hour, and at start after a missed hour", () => {
    root = fs.mkdtempSync(path.join(os.tmpdir(), "report-files-"))
    const files = reportHostFiles("/srv/aurelle")
    expect(files[REPORT_SERVICE]).toContain(
      "ExecStart=/usr/bin/env node /srv/aurelle/live/release.cjs report --root /srv/aurelle",
    )
    expect(files[REPORT_TIMER]).toContain("OnCalendar=hourly")
    expect(files[REPORT_TIMER]).toContain("Persistent=true")
    expect(files[REPORT_TIMER]).toContain("WantedBy=timers.target")
  })

  it("are written into the root under the names the setup links, each whole", () => {
    root = fs.mkdtempSync(path.join(os.tmpdir(), "report-files-"))
    writeReportHostFiles(root)
    expect(fs.readdirSync(root).sort()).toEqual(
      ["aurelle-report.service", "aurelle-report.timer", LOGROTATE_FILE].sort(),
    )
    expect(fs.readFileSync(path.join(root, "aurelle-report.timer"), "utf8")).toBe(reportHostFiles(root)[REPORT_TIMER])
  })

  it("keep the counts in the root, and refuse a counts file that holds no days, changing nothing", () => {
    root = fs.mkdtempSync(path.join(os.tmpdir(), "report-files-"))
    expect(readCounts(root)).toEqual({ days: {} })
    const file = path.join(root, "visits.json")
    expect(VISITS_COUNTS).toBe("visits.json")
    for (const data of [{}, { days: null }, { days: "none" }]) {
      fs.writeFileSync(file, JSON.stringify(data))
      expect(() => readCounts(root), JSON.stringify(data)).toThrow(
        new RegExp(`^${file} is not the demo funnel's counts by day \\(.+\\): .*; nothing was changed$`),
      )
    }
    fs.writeFileSync(
      file,
      JSON.stringify({ days: { "2026-12-01": { pages: {}, robots: 1, demo: {}, scheduler: {} } } }),
    )
    expect(readCounts(root).days["2026-12-01"].robots).toBe(1)
  })

  it("rotate the log daily and delete it after fourteen days, as logrotate runs them", () => {
    ensureSystemPackage("nginx")
    root = fs.mkdtempSync(path.join(os.tmpdir(), "report-files-"))
    const log = path.join(root, VISITS_LOG)
    fs.mkdirSync(path.dirname(log), { recursive: true })
    // Twenty days of files already rotated, the oldest first, and today's.
    const day = (ago: number) => new Date(Date.now() - ago * 86_400_000)
    const stamp = (date: Date) => date.toISOString().slice(0, 10).replace(/-/g, "")
    for (let ago = 20; ago >= 1; ago--) {
      const file = `${log}-${stamp(day(ago))}.gz`
      fs.writeFileSync(file, "old\n")
      fs.utimesSync(file, day(ago), day(ago))
    }
    fs.writeFileSync(log, "today\n")
    const config = path.join(root, LOGROTATE_FILE)
    fs.writeFileSync(config, reportHostFiles(root)[LOGROTATE_FILE])
    const state = path.join(root, "logrotate.state")
    const result = spawnSync("/usr/sbin/logrotate", ["--force", "--state", state, config], { encoding: "utf8" })
    expect(result.stderr).toBe("")
    expect(result.status).toBe(0)
    const kept = fs.readdirSync(path.dirname(log)).sort()
    expect(kept).toContain("access.log")
    expect(kept).toContain(`access.log-${stamp(new Date())}`)
    // The files of the last fourteen days, today's just rotated among them; none older.
    expect(kept.filter((name) => name !== "access.log")).toHaveLength(LOG_DAYS)
    expect(kept).not.toContain(`access.log-${stamp(day(15))}.gz`)
    expect(fs.readFileSync(log, "utf8")).toBe("")
  })
})
