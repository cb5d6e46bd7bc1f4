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
import zlib from "node:zlib"
import { EDITORS_ZONE_NAME, zurichDay, zurichWallTime } from "../../contracts/editors-time"
import { replaceFile } from "../../lib/files"
import { LOGROTATE_FILE, VISITS_LOG, logrotateConfig } from "./visits-log"
import { LIVE, RELEASE_SCRIPT } from "./layout"

/** The counts kept, beside the releases (never served). */
export const VISITS_COUNTS = "visits.json"
/** The report's folder under the root, served at /report/ to the agency (nginx-config.ts). */
export const REPORT_DIR = "report"
/** nginx's password file for the report, made once by the setup (docs/deploying.md). */
export const REPORT_USERS = "report-users"
/** Weeks the chart and the page tables show, newest first. */
const WEEKS_SHOWN = 12
const WEEKS_DETAILED = 4

const LANGUAGES = ["en", "fr"] as const
type Language = (typeof LANGUAGES)[number]
const DEMO_ROUTE = "/book-demo/"
const SCHEDULER_ROUTE = "/book-demo/schedule/"

/** One day's counts, each keyed "language route" (the route is the same in every language). */
export interface DayCounts {
  /** Pages served to people, by page. */
  pages: Record<string, number>
  /** Pages served to robots. */
  robots: number
  /** Demo page views, by the page that led there. */
  demo: Record<string, number>
  /** The scheduler opened, by the page that led to the demo page. */
  scheduler: Record<string, number>
}

export interface VisitCounts {
  days: Record<string, DayCounts>
}

const emptyDay = (): DayCounts => ({ pages: {}, robots: 0, demo: {}, scheduler: {} })
const add = (counts: Record<string, number>, key: string) => (counts[key] = (counts[key] ?? 0) + 1)

/** Sources that are no page of the site. */
export const DIRECT = "(typed, a bookmark or an app)"
const elsewhere = (host: string) => `(${host})`

const languageOf = (pathname: string): Language => (pathname === "/fr/" || pathname.startsWith("/fr/") ? "fr" : "en")
const routeOf = (pathname: string) => (languageOf(pathname) === "fr" ? pathname.slice(3) : pathname)

/** A page's address: a folder, outside the files, the data and the services. */
const isPage = (pathname: string) =>
  pathname.endsWith("/") && !/^\/(?:fr\/)?(?:page-data|static|admin|api|report|_gatsby)\//.test(routeOf(pathname))

/** A route as `?from=` carries it: a path of lowercase letters, digits, hyphens and slashes (or an error page's brackets). */
const ROUTE = /^\/[a-z0-9\-/[\].]*$/

function routeFrom(query: URLSearchParams): string | null {
  const from = query.get("from")
  return from !== null && ROUTE.test(from) ? from : null
}

/** Where a request came from, as the log says it: a path here, another site's host, or nothing. */
function sourceOf(referrer: string): { route: string; query: URLSearchParams } | { other: string } {
  if (referrer === "-") return { other: DIRECT }
  if (!referrer.startsWith("/")) return { other: elsewhere(referrer) }
  const url = new URL(referrer, "https://site.invalid")
  return { route: routeOf(url.pathname), query: url.searchParams }
}

/** Counts one line of the log into `days`; lines of another shape are left out. */
export function countLine(line: string, days: Record<string, DayCounts>): string | null {
  const fields = line.split("\t")
  if (fields.length !== 7) return null
  const [time, , method, address, status, referrer, kind] = fields
  if (method !== "GET" || Number.isNaN(Date.parse(time))) return null
  const url = new URL(address, "https://site.invalid")
  const day = zurichDay(time)
  const counts = (days[day] ??= emptyDay())
  const language = languageOf(url.pathname)
  const route = routeOf(url.pathname.endsWith("/") ? url.pathname : `${url.pathname}/`)
  if (route === SCHEDULER_ROUTE && status === "302") {
    if (kind !== "person") return day
    const source = sourceOf(referrer)
    // From the demo page: the page that led there, as its own address says.
    const led =
      "route" in source
        ? source.route === DEMO_ROUTE
          ? (routeFrom(source.query) ?? DEMO_ROUTE)
          : source.route
        : source.other
    add(counts.scheduler, `${language} ${led}`)
    return day
  }
  if (status !== "200" || !isPage(url.pathname)) return day
  if (kind !== "person") {
    counts.robots += 1
    return day
  }
  add(counts.pages, `${language} ${route}`)
  if (route === DEMO_ROUTE) {
    const source = sourceOf(referrer)
    add(counts.demo, `${language} ${routeFrom(url.searchParams) ?? ("route" in source ? source.route : source.other)}`)
  }
  return day
}

/** The log file and its rotated days (`access.log-20261201`, `.gz` once compressed), oldest first. */
export function logFiles(logFile: string): string[] {
  const dir = path.dirname(logFile)
  if (!fs.existsSync(dir)) return []
  const base = path.basename(logFile)
  return fs
    .readdirSync(dir)
    .filter((name) => name === base || name.startsWith(`${base}-`) || name.startsWith(`${base}.`))
    .sort((a, b) => (a === base ? 1 : b === base ? -1 : a.localeCompare(b)))
    .map((name) => path.join(dir, name))
}

const readLog = (file: string) =>
  (file.endsWith(".gz") ? zlib.gunzipSync(fs.readFileSync(file)) : fs.readFileSync(file)).toString("utf8")

/** Every day the logs hold, counted; and the first of them, which the oldest file may hold only the end of. */
export function countLogs(files: readonly string[]): { days: Record<string, DayCounts>; firstDay: string | null } {
  const days: Record<string, DayCounts> = {}
  let firstDay: string | null = null
  for (const file of files) {
    for (const line of readLog(file).split("\n")) {
      const day = line ? countLine(line, days) : null
      if (day && (firstDay === null || day < firstDay)) firstDay = day
    }
  }
  return { days, firstDay }
}

/** The counts kept, with the days the logs hold whole counted again (the first day only if never counted). */
export function reconcile(kept: VisitCounts, counted: ReturnType<typeof countLogs>): VisitCounts {
  const days = { ...kept.days }
  for (const [day, counts] of Object.entries(counted.days)) {
    if (day !== counted.firstDay || !days[day]) days[day] = counts
  }
  return { days: Object.fromEntries(Object.entries(days).sort(([a], [b]) => a.localeCompare(b))) }
}

export function readCounts(root: string): VisitCounts {
  const file = path.join(root, VISITS_COUNTS)
  if (!fs.existsSync(file)) return { days: {} }
  const data = JSON.parse(fs.readFileSync(file, "utf8")) as Partial<VisitCounts>
  if (!data.days || typeof data.days !== "object")
    throw new Error(`${file} holds no counts by day; nothing was changed`)
  return { days: data.days }
}

/** The Monday of the ISO week a day (YYYY-MM-DD) is in, and the week's ISO number. */
export function weekOf(day: string): { monday: string; label: string } {
  const date = new Date(`${day}T00:00:00Z`)
  const weekday = (date.getUTCDay() + 6) % 7
  const monday = new Date(date.getTime() - weekday * 86_400_000)
  const thursday = new Date(monday.getTime() + 3 * 86_400_000)
  const yearStart = Date.UTC(thursday.getUTCFullYear(), 0, 1)
  const number = Math.floor((thursday.getTime() - yearStart) / 86_400_000 / 7) + 1
  return {
    monday: monday.toISOString().slice(0, 10),
    label: `${thursday.getUTCFullYear()}-W${String(number).padStart(2, "0")}`,
  }
}

/** A week's counts, the days of it added up. */
export interface WeekCounts extends DayCounts {
  label: string
  monday: string
}

export function weeks(counts: VisitCounts): WeekCounts[] {
  const byWeek = new Map<string, WeekCounts>()
  for (const [day, dayCounts] of Object.entries(counts.days)) {
    const { monday, label } = weekOf(day)
    const week = byWeek.get(monday) ?? { ...emptyDay(), label, monday }
    week.robots += dayCounts.robots
    for (const kind of ["pages", "demo", "scheduler"] as const) {
      for (const [key, value] of Object.entries(dayCounts[kind])) week[kind][key] = (week[kind][key] ?? 0) + value
    }
    byWeek.set(monday, week)
  }
  return [...byWeek.values()].sort((a, b) => b.monday.localeCompare(a.monday))
}

const total = (counts: Record<string, number>, language?: Language) =>
  Object.entries(counts)
    .filter(([key]) => !language || key.startsWith(`${language} `))
    .reduce((sum, [, value]) => sum + value, 0)

const escape = (text: string) =>
  text.replace(/[&<>"]/g, (character) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;" })[character]!)

const LANGUAGE_NAMES: Record<Language, string> = { en: "English", fr: "French" }

/** Bars of the demo page's views and the scheduler opened, week by week, oldest on the left. */
function chart(shown: WeekCounts[]): string {
  const weeksLeftToRight = [...shown].reverse()
  const highest = Math.max(1, ...weeksLeftToRight.map((week) => total(week.demo)))
  const [width, height, top, bottom, left] = [720, 240, 16, 40, 36]
  const slot = (width - left) / Math.max(weeksLeftToRight.length, 1)
  const bar = Math.min(22, slot / 3)
  const y = (value: number) => top + (height - top - bottom) * (1 - value / highest)
  const bars = weeksLeftToRight.map((week, index) => {
    const x = left + index * slot + slot / 2 - bar
    const demo = total(week.demo)
    const opened = total(week.scheduler)
    return [
      `<rect class="demo" x="${x.toFixed(1)}" y="${y(demo).toFixed(1)}" width="${bar.toFixed(1)}" height="${(y(0) - y(demo)).toFixed(1)}"><title>${week.label}: ${demo} demo page views</title></rect>`,
      `<rect class="opened" x="${(x + bar).toFixed(1)}" y="${y(opened).toFixed(1)}" width="${bar.toFixed(1)}" height="${(y(0) - y(opened)).toFixed(1)}"><title>${week.label}: scheduler opened ${opened} times</title></rect>`,
      `<text x="${(x + bar).toFixed(1)}" y="${height - bottom + 18}" text-anchor="middle">${week.label.slice(5)}</text>`,
    ].join("")
  })
  return `<svg class="chart" viewBox="0 0 ${width} ${height}" role="img" aria-labelledby="chart-title">
<title id="chart-title">Demo page views and the scheduler opened, by week</title>
<line class="axis" x1="${left}" x2="${width}" y1="${y(0)}" y2="${y(0)}"/>
<text x="${left - 8}" y="${y(highest) + 4}" text-anchor="end">${highest}</text><text x="${left - 8}" y="${y(0) + 4}" text-anchor="end">0</text>
${bars.join("\n")}
</svg>`
}

const rate = (part: number, whole: number) => (whole === 0 ? "–" : `${((100 * part) / whole).toFixed(1)} %`)

function weekRows(shown: WeekCounts[]): string {
  return shown
    .flatMap((week) =>
      LANGUAGES.map((language, index) => {
        const served = total(week.pages, language)
        const demo = total(week.demo, language)
        const opened = total(week.scheduler, language)
        return `<tr>${index === 0 ? `<th scope="rowgroup" rowspan="${LANGUAGES.length}">${week.label}<small>from ${week.monday}</small></th>` : ""}<td>${LANGUAGE_NAMES[language]}</td><td>${served}</td><td>${demo}</td><td>${opened}</td><td>${rate(opened, demo)}</td>${index === 0 ? `<td rowspan="${LANGUAGES.length}">${week.robots}</td>` : ""}</tr>`
      }),
    )
    .join("\n")
}

/** A week's pages: each served, and how many demo page views and schedulers opened it led to. */
function pageRows(week: WeekCounts): string {
  const keys = [...new Set([...Object.keys(week.pages), ...Object.keys(week.demo), ...Object.keys(week.scheduler)])]
  const rows = keys
    .map((key) => ({ key, led: week.demo[key] ?? 0, opened: week.scheduler[key] ?? 0, served: week.pages[key] ?? 0 }))
    .sort((a, b) => b.opened - a.opened || b.led - a.led || b.served - a.served || a.key.localeCompare(b.key))
  return rows
    .map(({ key, led, opened, served }) => {
      const [language, ...rest] = key.split(" ")
      const page = rest.join(" ")
      return `<tr><th scope="row">${escape(page)}</th><td>${LANGUAGE_NAMES[language as Language] ?? escape(language)}</td><td>${served}</td><td>${led}</td><td>${opened}</td></tr>`
    })
    .join("\n")
}

/** The report's page: made anew by each run, from the counts alone. */
export function reportHtml(counts: VisitCounts, madeAt: string): string {
  const all = weeks(counts)
  const shown = all.slice(0, WEEKS_SHOWN)
  const detailed = all.slice(0, WEEKS_DETAILED)
  const body =
    shown.length === 0
      ? `<p>Nothing counted yet: the log holds no visit. The host's timer counts it every hour.</p>`
      : `<figure>${chart(shown)}<figcaption><span class="key demo"></span>Demo page views <span class="key opened"></span>Scheduler opened</figcaption></figure>
<h2>Week by week</h2>
<table>
<thead><tr><th scope="col">Week</th><th scope="col">Language</th><th scope="col">Pages served to people</th><th scope="col">Demo page views</th><th scope="col">Scheduler opened</th><th scope="col">Of the views</th><th scope="col">Pages served to robots</th></tr></thead>
<tbody>
${weekRows(shown)}
</tbody>
</table>
${detailed
  .map(
    (week) => `<h2>${week.label}, page by page</h2>
<p class="note">Each page of the site in the language it was read in: how often it was served to people, how many demo page views its Book a Demo led to, and how many of those opened the scheduler.</p>
<table>
<thead><tr><th scope="col">Page</th><th scope="col">Language</th><th scope="col">Served to people</th><th scope="col">Led to the demo page</th><th scope="col">Led to the scheduler</th></tr></thead>
<tbody>
${pageRows(week)}
</tbody>
</table>`,
  )
  .join("\n")}`
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta http-equiv="Content-Security-Policy" content="default-src 'none'; style-src 'self'">
<meta name="robots" content="noindex, nofollow">
<title>Who books a demo · Aurelle Intelligence</title>
<link rel="stylesheet" href="report.css">
</head>
<body>
<main>
<p class="eyebrow">Aurelle Intelligence</p>
<h1>Who books a demo</h1>
<p class="lede">Counted from the server's log, weeks from Monday, in Zurich's time. People only: requests from known robots are counted apart. Made ${escape(madeAt)}.</p>
${body}
<p class="note">${escape(DIRECT)}: no page of this site led there. A page in brackets is another site. The scheduler's own bookings are in its account: this counts who opened it.</p>
</main>
</body>
</html>
`
}

/** The report's style: the site's ink, ivory and gold, in the faces every computer has. */
export const REPORT_CSS = `:root { color: #14161a; background: #f7f4ee; font: 16px/1.6 "Helvetica Neue", Arial, sans-serif; }
main { max-width: 60rem; margin: 0 auto; padding: 3rem 1.5rem 5rem; }
h1, h2 { font-family: Georgia, "Times New Roman", serif; font-weight: 400; letter-spacing: 0.01em; }
h1 { font-size: 2.6rem; margin: 0.2rem 0 1rem; }
h2 { font-size: 1.6rem; margin: 3.5rem 0 1rem; }
.eyebrow { text-transform: uppercase; letter-spacing: 0.16em; font-size: 0.75rem; color: #7a5c1e; margin: 0; }
.lede, .note { color: #4a4d55; max-width: 44rem; }
.note { font-size: 0.875rem; }
table { width: 100%; border-collapse: collapse; font-variant-numeric: tabular-nums; }
th, td { text-align: left; padding: 0.5rem 0.75rem 0.5rem 0; border-bottom: 1px solid #d9d3c7; vertical-align: top; }
thead th { font-size: 0.75rem; text-transform: uppercase; letter-spacing: 0.08em; color: #4a4d55; font-weight: 500; }
td:nth-child(n+3) { text-align: right; }
tbody th small { display: block; color: #4a4d55; font-weight: 400; }
tbody th { font-weight: 500; }
figure { margin: 2rem 0 0; }
.chart { width: 100%; height: auto; font-size: 12px; fill: #4a4d55; }
.chart .axis { stroke: #14161a; }
.demo { fill: #14161a; }
.opened { fill: #b08d57; }
figcaption { font-size: 0.875rem; color: #4a4d55; }
.key { display: inline-block; width: 0.8rem; height: 0.8rem; margin: 0 0.4rem 0 1rem; vertical-align: -0.1rem; }
.key.demo { background: #14161a; margin-left: 0; }
.key.opened { background: #b08d57; }
@media (max-width: 40rem) { th, td { padding-right: 0.4rem; font-size: 0.875rem; } }
`

/** `report`: the counts brought up to date from the log, and the report written anew from them. */
export function writeReport(root: string, logFile = path.join(root, VISITS_LOG), now = new Date()): VisitCounts {
  const counts = reconcile(readCounts(root), countLogs(logFiles(logFile)))
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
