/**
 * The demo funnel, counted from the host's own log (visits-log.ts), by the host's timer: per week, per
 * language and per page, the pages served to people (robots apart), the demo page's views, the
 * scheduler opened, and which pages led to those. Nothing else is asked of a visitor: a demo page view
 * names the page its Book a Demo link was on (`?from=`, model/routes.ts), the scheduler's redirect the
 * demo page it was followed from (its referrer, sent to the site alone).
 *
 * GoAccess reads nginx's logs well but knows no funnel: it counts requests and referrers each on its
 * own, so it cannot say which page a demo page view came from (the `from` of its address) nor carry it
 * to the scheduler's redirect (the `from` of that request's referrer), nor keep counts past the log's
 * fourteen days. This reads the log's seven fields and does only that.
 *
 * It reconciles: each run reads every log file still kept, counts each day it holds whole, and keeps
 * those counts in the root's visits.json (counts only, no line of the log). A day the oldest file holds
 * only the end of keeps the count made while it was whole; a run late, missed or repeated changes
 * nothing that was counted, and a day the logs no longer hold keeps its count.
 */
import fs from "node:fs"
import path from "node:path"
import { EDITORS_ZONE_NAME, zurichWallTime } from "../../contracts/editors-time"
import { replaceFile } from "../../lib/files"
import { LOGROTATE_FILE, VISITS_LOG, logrotateConfig } from "./visits-log"
import { REPORT_CSS, pendingReportHtml, reportHtml } from "./report-page"
import { LIVE, RELEASE_POLICY, RELEASE_SCRIPT } from "./layout"
import { type SiteAddresses, type VisitCounts, countLogs, logFiles, reconcile, siteAddresses } from "./visit-counts"
import { parseHostingPolicy } from "../../contracts/hosting-policy"

/** The counts kept, beside the releases (never served). */
export const VISITS_COUNTS = "visits.json"
/** The report's folder under the root, served at /report/ to the agency (nginx-config.ts). */
export const REPORT_DIR = "report"
/** nginx's password file for the report, made once by the setup (docs/deploying.md). */
export const REPORT_USERS = "report-users"

export function readCounts(root: string): VisitCounts {
  const file = path.join(root, VISITS_COUNTS)
  if (!fs.existsSync(file)) return { days: {} }
  const data = JSON.parse(fs.readFileSync(file, "utf8")) as Partial<VisitCounts>
  if (!data.days || typeof data.days !== "object")
    throw new Error(`${file} holds no counts by day; nothing was changed`)
  return { days: data.days }
}

/**
 * The live release's pages, and the routes a demo page view may name (the hosting policy its build
 * wrote, kept with it): what the counts name one by one.
 */
export function liveSite(root: string): SiteAddresses {
  const file = path.join(root, LIVE, RELEASE_POLICY)
  if (!fs.existsSync(file))
    throw new Error(
      `${file} is missing: the report counts the pages of the live release, and none is live (or it was released before releases kept their pages); release again, and the next run counts`,
    )
  const policy = parseHostingPolicy(fs.readFileSync(file, "utf8"), file)
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
  const counts = reconcile(readCounts(root), counted)
  replaceFile(path.join(root, VISITS_COUNTS), `${JSON.stringify(counts)}\n`)
  const dir = path.join(root, REPORT_DIR)
  fs.mkdirSync(dir, { recursive: true })
  replaceFile(path.join(dir, "report.css"), REPORT_CSS)
  replaceFile(
    path.join(dir, "index.html"),
    reportHtml(counts, `${zurichWallTime(now.toISOString()).replace("T", " ")} (${EDITORS_ZONE_NAME})`),
  )
  return counts
}

/** The report's timer and the service it starts, written into the root by each release from an artifact. */
export const REPORT_SERVICE = "aurelle-report.service"
export const REPORT_TIMER = "aurelle-report.timer"

/**
 * What the setup installs once for the report (docs/deploying.md): its systemd units, which run the
 * live release's command every hour, and the log's rotation (visits-log.ts).
 */
export function reportHostFiles(root: string): Record<string, string> {
  const command = ["/usr/bin/env", "node", path.join(root, LIVE, RELEASE_SCRIPT), "report", "--root", root]
  return {
    [REPORT_SERVICE]: `# Written by each release (deploy/release/visits-report.ts): the demo funnel counted from the log.
[Unit]
Description=Aurelle Intelligence: the demo funnel's report, from nginx's log

[Service]
Type=oneshot
ExecStart=${command.map((part) => (/\s/.test(part) ? JSON.stringify(part) : part)).join(" ")}
`,
    [REPORT_TIMER]: `# Written by each release (deploy/release/visits-report.ts): every hour, and at start if one was missed.
[Unit]
Description=Aurelle Intelligence: the demo funnel's report, every hour

[Timer]
OnCalendar=hourly
Persistent=true

[Install]
WantedBy=timers.target
`,
    [LOGROTATE_FILE]: logrotateConfig(path.join(root, VISITS_LOG)),
  }
}

/** Writes them into the root, each replaced whole. */
export function writeReportHostFiles(root: string): void {
  for (const [name, text] of Object.entries(reportHostFiles(root))) replaceFile(path.join(root, name), text)
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
