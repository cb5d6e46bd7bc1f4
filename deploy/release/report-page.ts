/**
 * The demo funnel's report as a page (visits-report.ts counts it): a chart of the last weeks, each
 * week by language, and each recent week page by page. Plain HTML and its stylesheet, no script: it
 * is read behind a password, on any screen.
 */
import { LANGUAGE_NAMES_IN_ENGLISH as LANGUAGE_NAMES, LOCALES, type Locale } from "../../model/locales"
import { REPORT_PREFIX } from "./nginx-funnel"
import { type VisitCounts, type WeekCounts, weeks } from "./visit-counts"
import { DIRECT, OTHER_ADDRESSES, OTHER_SITES, SITES_KEPT } from "./source-tally"

/** Weeks the chart and the page tables show, newest first. */
const WEEKS_SHOWN = 12
const WEEKS_DETAILED = 4

const total = (counts: Record<string, number>, language?: Locale) =>
  Object.entries(counts)
    .filter(([key]) => !language || key.startsWith(`${language} `))
    .reduce((sum, [, value]) => sum + value, 0)

const escape = (text: string) =>
  text.replace(/[&<>"]/g, (character) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;" })[character]!)

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
      LOCALES.map((language, index) => {
        const served = total(week.pages, language)
        const demo = total(week.demo, language)
        const opened = total(week.scheduler, language)
        return `<tr>${index === 0 ? `<th scope="rowgroup" rowspan="${LOCALES.length}">${week.label}<small>from ${week.monday}</small></th>` : ""}<td>${LANGUAGE_NAMES[language]}</td><td class="n">${served}</td><td class="n">${demo}</td><td class="n">${opened}</td><td class="n">${rate(opened, demo)}</td>${index === 0 ? `<td class="n" rowspan="${LOCALES.length}">${week.robots}</td>` : ""}</tr>`
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
      return `<tr><th scope="row">${escape(page)}</th><td>${LANGUAGE_NAMES[language as Locale] ?? escape(language)}</td><td class="n">${served}</td><td class="n">${led}</td><td class="n">${opened}</td></tr>`
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
<div class="wide" tabindex="0" role="region" aria-label="Table, scrolls sideways on a narrow screen"><table>
<thead><tr><th scope="col">Week</th><th scope="col">Language</th><th scope="col">Pages served to people</th><th scope="col">Demo page views</th><th scope="col">Scheduler opened</th><th scope="col">Opened, of the views</th><th scope="col">Pages served to robots</th></tr></thead>
<tbody>
${weekRows(shown)}
</tbody>
</table></div>
${detailed
  .map(
    (week) => `<h2>${week.label}, page by page</h2>
<p class="note">Each page of the site in the language it was read in: how often it was served to people, how many demo page views its Book a Demo led to, and how many of those opened the scheduler.</p>
<div class="wide" tabindex="0" role="region" aria-label="Table, scrolls sideways on a narrow screen"><table>
<thead><tr><th scope="col">Page</th><th scope="col">Language</th><th scope="col">Served to people</th><th scope="col">Led to the demo page</th><th scope="col">Led to the scheduler</th></tr></thead>
<tbody>
${pageRows(week)}
</tbody>
</table></div>`,
  )
  .join("\n")}`
  return reportPage(
    `Counted from the server's log, weeks from Monday, in Zurich's time. People only: requests from known robots are counted apart. Made ${escape(madeAt)}.`,
    `${body}
<p class="note">${escape(DIRECT)}: no page of this site led there. A page in brackets is another site; ${escape(OTHER_SITES)} adds up those beyond each day's ${SITES_KEPT} most frequent. ${escape(OTHER_ADDRESSES)}: addresses asked for or named that are no page of the site. The scheduler's own bookings are in its account: this counts who opened it.</p>`,
  )
}

/**
 * The report before the host's timer first ran (a release writes it where there is none): it says
 * so, rather than the site's not-found page answering the agency's password.
 */
export const pendingReportHtml = (): string =>
  reportPage(
    "The report has not run yet: the host counts its log every hour, and this page shows the counts from the first run on.",
    `<p>Nothing counted yet.</p>`,
  )

/** The report's page around its lede and body. */
function reportPage(lede: string, body: string): string {
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta http-equiv="Content-Security-Policy" content="default-src 'none'; style-src 'self'"/>
<meta name="robots" content="noindex, nofollow">
<title>Who books a demo · Aurelle Intelligence</title>
<link rel="stylesheet" href="${REPORT_PREFIX}report.css">
</head>
<body>
<main>
<p class="eyebrow">Aurelle Intelligence</p>
<h1>Who books a demo</h1>
<p class="lede">${lede}</p>
${body}
</main>
</body>
</html>
`
}

/** The report's style: the site's ink, ivory and gold, in the faces every computer has. */
export const REPORT_CSS = `:root { color: #14161a; background: #f7f4ee; font: 16px/1.6 "Helvetica Neue", Arial, sans-serif; }
main { max-width: 60rem; margin: 0 auto; padding: 3rem 1.5rem 5rem; }
h1, h2 { font-family: Georgia, "Times New Roman", serif; font-weight: 400; letter-spacing: 0.01em; }
h1 { font-size: 2.6rem; line-height: 1.15; margin: 0.2rem 0 1rem; }
h2 { font-size: 1.6rem; margin: 3.5rem 0 1rem; }
.eyebrow { text-transform: uppercase; letter-spacing: 0.16em; font-size: 0.75rem; color: #7a5c1e; margin: 0; }
.lede, .note { color: #4a4d55; max-width: 44rem; }
.note { font-size: 0.875rem; }
.wide { overflow-x: auto; }
table { width: 100%; min-width: 36rem; border-collapse: collapse; font-variant-numeric: tabular-nums; }
th, td { text-align: left; padding: 0.5rem 0.75rem 0.5rem 0; border-bottom: 1px solid #d9d3c7; vertical-align: top; }
thead th { font-size: 0.75rem; text-transform: uppercase; letter-spacing: 0.08em; color: #4a4d55; font-weight: 500; }
.n { text-align: right; }
thead th:nth-child(n+3) { text-align: right; }
tbody th[scope="rowgroup"] { white-space: nowrap; }
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
