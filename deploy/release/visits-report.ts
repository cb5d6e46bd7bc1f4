/**
 * The demo funnel, counted from the host's own log (visits-log.ts) by the host's timer: per week,
 * language and page, the pages served to people, the demo page's views, the scheduler opened, and
 * which pages led to those (a log analyser such as GoAccess counts requests and referrers each on its
 * own, and knows no funnel). It reconciles: each run counts every day the kept logs hold whole into
 * the root's visits.json (counts only, no line of the log), so a run late, missed or repeated changes
 * nothing counted, and a day the logs no longer hold keeps its count.
 */
import fs from "node:fs"
import path from "node:path"
import { POLICY_RECORD, VISITS_RECORD, readRecord, readRecordIfAny, writeRecord } from "./root/records"
import { EDITORS_ZONE_NAME, zurichWallTime } from "../../contracts/editors-time"
import { replaceFile } from "../../lib/files"

import { REPORT_CSS, pendingReportHtml, reportHtml } from "./report-page"
import { LIVE, RELEASE_POLICY, REPORT_DIR, VISITS_LOG } from "./root/layout"
import { type SiteAddresses, type VisitCounts, countLogs, reconcile, siteAddresses } from "./visit-counts"
import { MAX_LINE_BYTES, logFiles } from "./log-lines"

export const readCounts = (root: string): VisitCounts => readRecord(root, VISITS_RECORD)

/**
 * The live release's pages, and the routes a demo page view may name (the hosting policy its build
 * wrote, kept with it): what the counts name one by one.
 */
export function liveSite(root: string): SiteAddresses {
  const policy = readRecordIfAny(path.join(root, LIVE), POLICY_RECORD)
  if (!policy)
    throw new Error(
      `${path.join(root, LIVE, RELEASE_POLICY)} is missing: the report counts the pages of the live release, and none is live (or it was released before releases kept their pages); release again, and the next run counts`,
    )
  return siteAddresses(policy.pages, policy.demoSources)
}

export interface ReportOptions {
  /** The log, the root's own by default. */
  logFile?: string
  /** The time the report says it was made. */
  now?: Date
  /** Told each log file that cannot be read, and skipped. */
  warn?: (message: string) => void
  /** The site's pages: the live release's by default (liveSite). */
  site?: SiteAddresses
}

/**
 * `report`: the counts brought up to date from the log, and the report written anew from them; a log
 * file that cannot be read is named to `warn` and skipped (visit-counts.ts's countLogs). What is kept
 * grows with the site's pages and the days, never with the traffic.
 */
export async function writeReport(
  root: string,
  {
    logFile = path.join(root, VISITS_LOG),
    now = new Date(),
    warn = (message) => console.warn(message),
    site = liveSite(root),
  }: ReportOptions = {},
): Promise<VisitCounts> {
  const counted = await countLogs(logFiles(logFile), site)
  for (const message of counted.damaged) warn(message)
  if (counted.skipped > 0)
    warn(
      `${counted.skipped} line(s) of the log longer than ${MAX_LINE_BYTES / 1024} kB skipped: no request nginx logs is`,
    )
  const counts = reconcile(readCounts(root), counted)
  writeRecord(root, VISITS_RECORD, counts)
  const dir = path.join(root, REPORT_DIR)
  fs.mkdirSync(dir, { recursive: true })
  replaceFile(path.join(dir, "report.css"), REPORT_CSS)
  replaceFile(
    path.join(dir, "index.html"),
    reportHtml(counts, `${zurichWallTime(now.toISOString()).replace("T", " ")} (${EDITORS_ZONE_NAME})`),
  )
  return counts
}

/**
 * Until the timer's first run, a report that says it has not run yet, where a release goes live (one
 * already written is left as it is): the agency's password never opens the site's not-found page.
 */
export function writePendingReport(root: string): void {
  const dir = path.join(root, REPORT_DIR)
  if (fs.existsSync(path.join(dir, "index.html"))) return
  fs.mkdirSync(dir, { recursive: true })
  replaceFile(path.join(dir, "report.css"), REPORT_CSS)
  replaceFile(path.join(dir, "index.html"), pendingReportHtml())
}
