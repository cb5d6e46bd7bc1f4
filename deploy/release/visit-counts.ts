/**
 * The demo funnel counted from the lines of the host's log (visits-log.ts): a demo page view names the
 * page its Book a Demo link was on (`?from=`, model/routes.ts), the scheduler's redirect the demo page
 * it was followed from (its referrer, sent to the site alone). Days in Zurich's time, weeks from Monday.
 * visits-report.ts keeps the counts and writes the report from them.
 */
import { zurichDay } from "../../contracts/editors-time"
import { NO_PAGE_FOLDERS } from "../../contracts/hosting"
import type { Locale } from "../../model/locales"
import { BOOK_DEMO_PATH, DEMO_SOURCE_PARAM, SCHEDULER_PATH, localeOfPath, routeOf } from "../../model/routes"
import type { DayCounts, VisitCounts } from "./root/records"
import { logBytes, logLines } from "./log-lines"
import { DIRECT, OTHER_ADDRESSES, OTHER_SITES, SourceTally, add } from "./source-tally"

/**
 * One day's counts, each keyed "language route" (the route is the same in every language): pages
 * served to people, by page; pages served to robots; demo page views, by the page that led there; the
 * scheduler opened, by the page that led to the demo page. As the root's visits.json keeps them
 * (root/records.ts).
 */
export type { DayCounts, VisitCounts }

/** One day's counts while the log is read (DayCounts once counted). */
export interface DayTally {
  pages: Record<string, number>
  robots: number
  demo: SourceTally
  scheduler: SourceTally
}

const emptyTally = (): DayTally => ({ pages: {}, robots: 0, demo: new SourceTally(), scheduler: new SourceTally() })

/** A day's counts as kept, once its lines are read. */
export const dayCounts = ({ pages, robots, demo, scheduler }: DayTally): DayCounts => ({
  pages,
  robots,
  demo: demo.kept(),
  scheduler: scheduler.kept(),
})

const elsewhere = (host: string) => `(${host})`

/**
 * What the site has, from the live release (its pages, and the routes a demo page view's `from` may
 * name): the counts name these, and put everything else on one line, so that what is kept grows with
 * the site, never with what anyone sends.
 */
export interface SiteAddresses {
  /** Each page's address, in every language (/, /fr/case-studies/wine/). */
  pages: ReadonlySet<string>
  /** The routes `from` may name, decoded (/case-studies/wine/, /case-studies/[...]/). */
  sources: ReadonlySet<string>
}

export const siteAddresses = (pages: readonly string[], sources: readonly string[]): SiteAddresses => ({
  pages: new Set(pages),
  sources: new Set(sources.map((source) => (URL.canParse(`https://x${source}`) ? decodeURIComponent(source) : source))),
})

/** A page's address: a folder, outside the files, the data and the services. */
const isPage = (pathname: string) =>
  pathname.endsWith("/") && !NO_PAGE_FOLDERS.some((folder) => routeOf(pathname).startsWith(`/${folder}/`))

/** The route `?from=` names, when it is one the site has (else the referrer says what led there). */
function routeFrom(query: URLSearchParams, site: SiteAddresses): string | null {
  const from = query.get(DEMO_SOURCE_PARAM)
  return from !== null && site.sources.has(from) ? from : null
}

/** A host name as a referrer's may be (RFC 1123), bounded. */
const HOST = /^[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?(?:\.[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?)*$/i

/** Where a request came from, as the log says it: a page here, another site's host (`site`), or nothing. */
function sourceOf(
  referrer: string,
  site: SiteAddresses,
): { route: string; query: URLSearchParams } | { other: string; isSite?: true } {
  if (referrer === "-") return { other: DIRECT }
  if (!referrer.startsWith("/"))
    return referrer.length <= 253 && HOST.test(referrer)
      ? { other: elsewhere(referrer.toLowerCase()), isSite: true }
      : { other: OTHER_SITES }
  const url = parsed(referrer)!
  if (!site.pages.has(url.pathname)) return { other: OTHER_ADDRESSES }
  return { route: routeOf(url.pathname), query: url.searchParams }
}

/**
 * The day in Zurich a log's time falls on. Zurich's offsets are whole hours, so a time's hour and
 * offset decide its day: each is worked out once (Intl's formatting costs about 0.1 ms a call, the
 * whole of a line's count many times over).
 */
const daysByHour = new Map<string, string>()
function dayOf(time: string): string {
  const hour = `${time.slice(0, 13)}${time.slice(19)}`
  let day = daysByHour.get(hour)
  if (day === undefined) daysByHour.set(hour, (day = zurichDay(time)))
  return day
}

/** An address or a referrer's path as a URL; null for what no browser would have asked (`//[`). */
function parsed(address: string): URL | null {
  try {
    const url = new URL(address, "https://site.invalid")
    return url.origin === "https://site.invalid" ? url : null
  } catch {
    return null
  }
}

/**
 * Counts one line of the log into `days`; lines of another shape, and addresses no browser could
 * have asked, are left out; a page the site does not have, or a source that is none of its pages, is
 * counted as OTHER_ADDRESSES (anyone may send any request).
 */
export function countLine(line: string, days: Record<string, DayTally>, site: SiteAddresses): string | null {
  const fields = line.split("\t")
  if (fields.length !== 7) return null
  const [time, , method, address, status, referrer, kind] = fields
  if (method !== "GET" || Number.isNaN(Date.parse(time))) return null
  const url = parsed(address)
  if (!url || (referrer.startsWith("/") && !parsed(referrer))) return null
  const day = dayOf(time)
  const counts = (days[day] ??= emptyTally())
  const language: Locale = localeOfPath(url.pathname)
  const route = routeOf(url.pathname.endsWith("/") ? url.pathname : `${url.pathname}/`)
  if (route === SCHEDULER_PATH && status === "302") {
    if (kind !== "person") return day
    const source = sourceOf(referrer, site)
    // From the demo page: the page that led there, as its own address says.
    const led =
      "route" in source
        ? source.route === BOOK_DEMO_PATH
          ? (routeFrom(source.query, site) ?? BOOK_DEMO_PATH)
          : source.route
        : source.other
    counts.scheduler.add(`${language} ${led}`, "isSite" in source)
    return day
  }
  if (status !== "200" || !isPage(url.pathname)) return day
  if (kind !== "person") {
    counts.robots += 1
    return day
  }
  add(counts.pages, `${language} ${site.pages.has(url.pathname) ? route : OTHER_ADDRESSES}`)
  if (route === BOOK_DEMO_PATH) {
    const source = sourceOf(referrer, site)
    const named = routeFrom(url.searchParams, site)
    const led = named ?? ("route" in source ? source.route : source.other)
    counts.demo.add(`${language} ${led}`, !named && "isSite" in source)
  }
  return day
}

export interface CountedLogs {
  days: Record<string, DayCounts>
  /** The first day the logs hold, which the oldest file may hold only the end of. */
  firstDay: string | null
  /** A line for each log file that could not be read to its end (not gzip, cut short), skipped. */
  damaged: string[]
  /** Lines longer than MAX_LINE_BYTES, skipped. */
  skipped: number
}

/** Adds one file's counts of a day to the day's counts so far. */
function addDay(into: DayTally, from: DayTally): void {
  into.robots += from.robots
  for (const [key, value] of Object.entries(from.pages)) add(into.pages, key, value)
  into.demo.merge(from.demo)
  into.scheduler.merge(from.scheduler)
}

/**
 * Every day the logs hold, counted. A file that cannot be read to its end (a rotated day that is not
 * gzip, or cut short) is skipped with a line naming it, and the days it held lines of are not
 * counted again: the counts kept from before stay for them, rather than a part of a day replacing a
 * whole one. The report still runs. Each day's other sites are bounded as they are counted
 * (SourceTally), and a line longer than MAX_LINE_BYTES is skipped and counted as such: what the count
 * holds grows with the site's pages and the days, never with the traffic or what anyone sends.
 */
export async function countLogs(
  files: readonly string[],
  site: SiteAddresses,
  read: (file: string) => AsyncIterable<Buffer> = logBytes,
): Promise<CountedLogs> {
  const days: Record<string, DayTally> = {}
  const unsure = new Set<string>()
  const damaged: string[] = []
  let skipped = 0
  let firstDay: string | null = null
  for (const file of files) {
    const fileDays: Record<string, DayTally> = {}
    let fileFirstDay: string | null = null
    try {
      for await (const lines of logLines(read(file), () => skipped++)) {
        for (const line of lines) {
          const day = line ? countLine(line, fileDays, site) : null
          if (day && (fileFirstDay === null || day < fileFirstDay)) fileFirstDay = day
        }
      }
    } catch (error) {
      damaged.push(`${file} could not be read (${(error as Error).message}): skipped, its days left as counted before`)
      for (const day of Object.keys(fileDays)) unsure.add(day)
      continue
    }
    for (const [day, counts] of Object.entries(fileDays)) {
      if (days[day]) addDay(days[day], counts)
      else days[day] = counts
    }
    if (fileFirstDay && (firstDay === null || fileFirstDay < firstDay)) firstDay = fileFirstDay
  }
  for (const day of unsure) delete days[day]
  const counted = Object.fromEntries(Object.entries(days).map(([day, tally]) => [day, dayCounts(tally)]))
  return { days: counted, firstDay, damaged, skipped }
}

/** The counts kept, with the days the logs hold whole counted again (the first day only if never counted). */
export function reconcile(kept: VisitCounts, counted: CountedLogs): VisitCounts {
  const days = { ...kept.days }
  for (const [day, counts] of Object.entries(counted.days)) {
    if (day !== counted.firstDay || !days[day]) days[day] = counts
  }
  return { days: Object.fromEntries(Object.entries(days).sort(([a], [b]) => a.localeCompare(b))) }
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

const emptyDay = (): DayCounts => ({ pages: {}, robots: 0, demo: {}, scheduler: {} })

/** Adds a day's counts to a week's. */
function addCounts(into: DayCounts, from: DayCounts): void {
  into.robots += from.robots
  for (const kind of ["pages", "demo", "scheduler"] as const) {
    for (const [key, value] of Object.entries(from[kind])) add(into[kind], key, value)
  }
}

export function weeks(counts: VisitCounts): WeekCounts[] {
  const byWeek = new Map<string, WeekCounts>()
  for (const [day, dayCounts] of Object.entries(counts.days)) {
    const { monday, label } = weekOf(day)
    const week = byWeek.get(monday) ?? { ...emptyDay(), label, monday }
    addCounts(week, dayCounts)
    byWeek.set(monday, week)
  }
  return [...byWeek.values()].sort((a, b) => b.monday.localeCompare(a.monday))
}
