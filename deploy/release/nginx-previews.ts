/**
 * Drafts' previews in nginx's server block (previews.ts): /preview/<token>/ served from the previews'
 * folder to the editors alone (HTTP Basic, over HTTPS only: no cookie), kept out of search and out of
 * the visits' log, revalidated on every request. An unknown token, or none, answers 404 once signed in
 * and 401 before, so the address says nothing to anyone else. A preview's unknown path gets its own
 * 404 page; Book a Demo's way out leads where the site's does, uncounted.
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

export const previewLocation = (
  { dir, users }: PreviewLocation,
  departures: readonly Departure[],
  addHeaders: readonly string[],
): string =>
  [
    `  location ^~ ${PREVIEW_PREFIX} {`,
    `    auth_basic "Aurelle Intelligence: drafts";`,
    `    auth_basic_user_file ${quote(users)};`,
    `    root ${quote(dir)};`,
    `    index index.html;`,
    `    access_log off;`,
    ...addHeaders.map((line) => `  ${line}`),
    `    add_header X-Robots-Tag "noindex, nofollow" always;`,
    `    add_header Cache-Control "private, no-cache" always;`,
    ...departures.map(
      ({ from, to }) => `    location ~ ${quote(`^${PREVIEW_PREFIX}${TOKEN}${from}?$`)} { return 302 ${quote(to)}; }`,
    ),
    `    location ~ ${quote(`^${PREVIEW_PREFIX}(?<preview>${TOKEN})/`)} {`,
    `      error_page 404 ${PREVIEW_PREFIX}$preview/404.html;`,
    `    }`,
    `  }`,
  ].join("\n")
