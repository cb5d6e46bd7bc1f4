/**
 * Drafts' previews in nginx's server block (previews.ts): /preview/<token>/ served from the previews'
 * folder to the editors alone (HTTP Basic, over HTTPS only: no cookie), kept out of search and out of
 * the visits' log, revalidated on every request. Every address under /preview/ asks for the password
 * first, a token that exists or not alike, so the address says nothing to anyone else; signed in, a
 * preview's unknown path gets its own 404 page, and any other address (an unknown token, with its
 * slash or without) a 404 of its own, private and unlogged like the rest. Book a Demo's way out leads
 * where the site's does, uncounted, once the password is given: a redirect is answered after the
 * password's check only from a named location (try_files runs after access; `return` before it).
 *
 * A draft is data here too: its pages are shown as they were built, and none of its scripts runs
 * (`script-src 'none'`, beside the site's own policy: a browser enforces both). Served from the site's
 * own origin, a draft's code would run where the editors' admin keeps their GitHub sign-in.
 */
import type { Departure } from "../../contracts/hosting-policy"
import { PREVIEW_PREFIX, PREVIEW_TOKEN_PATTERN as TOKEN } from "../../contracts/previews"
import { quote } from "./nginx-text"

export interface PreviewLocation {
  /** The folder served at /, under which each preview is at preview/<token>/. */
  dir: string
  /** nginx's password file: the editors. */
  users: string
}

/** What every answer under /preview/ carries beside the site's headers: no script of a draft's runs. */
export const PREVIEW_SCRIPTS_POLICY = "script-src 'none'"
const PREVIEW_HEADERS = [
  `add_header X-Robots-Tag "noindex, nofollow" always;`,
  `add_header Cache-Control "private, no-cache" always;`,
  `add_header Content-Security-Policy ${quote(PREVIEW_SCRIPTS_POLICY)} always;`,
]

/** A named location's name, for the previews' answers made after the password's check. */
const NOT_FOUND = "@preview_not_found"
const departureName = (index: number) => `@preview_departure_${index}`

/** A path no preview holds: try_files finds nothing there, and hands the request to a named location. */
const NOWHERE = "/.no-preview-file"

export const previewLocation = (
  { dir, users }: PreviewLocation,
  departures: readonly Departure[],
  addHeaders: readonly string[],
): string => {
  const headers = (indent: string) =>
    [...addHeaders.map((line) => line.trim()), ...PREVIEW_HEADERS].map((line) => `${indent}${line}`)
  return [
    `  location ^~ ${quote(PREVIEW_PREFIX)} {`,
    `    auth_basic "Aurelle Intelligence: drafts";`,
    `    auth_basic_user_file ${quote(users)};`,
    `    root ${quote(dir)};`,
    `    index index.html;`,
    `    access_log off;`,
    ...headers("    "),
    `    error_page 403 404 = ${NOT_FOUND};`,
    ...departures.map(
      ({ from }, index) =>
        `    location ~ ${quote(`^${PREVIEW_PREFIX}${TOKEN}${from}?$`)} { try_files ${NOWHERE} ${departureName(index)}; }`,
    ),
    `    location ~ ${quote(`^${PREVIEW_PREFIX}(?<preview>${TOKEN})/`)} {`,
    `      error_page 403 =404 ${PREVIEW_PREFIX}$preview/404.html;`,
    `      error_page 404 ${PREVIEW_PREFIX}$preview/404.html;`,
    // A token no preview has: no 404 page of its own either, so the previews' own answer (a second
    // error page, which the first location must allow).
    `      recursive_error_pages on;`,
    `      location ~ ${quote(`^${PREVIEW_PREFIX}${TOKEN}/404\\.html$`)} {`,
    `        error_page 404 = ${NOT_FOUND};`,
    `      }`,
    `    }`,
    `  }`,
    `  location ${NOT_FOUND} {`,
    `    access_log off;`,
    `    default_type text/plain;`,
    ...headers("    "),
    `    return 404 "No preview at this address.\\n";`,
    `  }`,
    ...departures.flatMap(({ to }, index) => [
      `  location ${departureName(index)} {`,
      `    access_log off;`,
      ...headers("    "),
      `    return 302 ${quote(to)};`,
      `  }`,
    ]),
  ].join("\n")
}
