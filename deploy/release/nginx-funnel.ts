/**
 * The demo funnel in nginx's server block: Book a Demo's way to the scheduler, a redirect the log
 * counts (one a language, from the hosting policy), and the report of it, for the agency alone.
 */
import { DEPARTURE_ADDRESS, type Departure } from "../../contracts/hosting-policy"
import { quote } from "./nginx-text"

export interface ReportLocation {
  /** The folder the report is written to. */
  dir: string
  /** nginx's password file (`name:hash` lines, docs/deploying.md says how to make it). */
  users: string
}

/** Where the report is read, on the nginx host. */
export const REPORT_PREFIX = "/report/"

/** An address the scheduler's way leaves by must hold nothing nginx would read as its own (model/schemas.ts checks it first). */
export function departureLocations(departures: readonly Departure[]): string[] {
  return departures.flatMap(({ from, to }) => {
    if (!DEPARTURE_ADDRESS.test(to))
      throw new Error(
        `${from} cannot lead to ${JSON.stringify(to)}: only an https:// address without spaces, quotes or $`,
      )
    return [from, from.slice(0, -1)].map((address) => `  location = ${quote(address)} { return 302 ${quote(to)}; }`)
  })
}

/**
 * The report, for the agency alone: a password asked for (HTTP Basic, over HTTPS only), never kept by
 * a cache; the site's other headers as everywhere (a location's own add_header drops the server's).
 * Its address without the slash leads to it.
 */
export const reportLocation = ({ dir, users }: ReportLocation, addHeaders: string[]) =>
  [
    `  location = ${quote(REPORT_PREFIX.slice(0, -1))} { return 301 ${quote(REPORT_PREFIX)}; }`,
    `  location ^~ ${quote(REPORT_PREFIX)} {`,
    `    auth_basic "Aurelle Intelligence: the demo funnel";`,
    `    auth_basic_user_file ${quote(users)};`,
    `    alias ${quote(`${dir}/`)};`,
    `    index index.html;`,
    ...addHeaders.map((line) => `  ${line}`),
    `    add_header Cache-Control "private, no-store" always;`,
    `  }`,
  ].join("\n")
