/**
 * After the pages are finished (each with its own Content-Security-Policy: page-policy.ts,
 * finish-pages.ts): the hosting policy read from public/, written for a CDN (public/_headers,
 * public/_redirects) and for the release command (.hosting/policy.json): nginx's own configuration
 * names the folder it serves, so each release writes its own from it (deploy/release/nginx-control.ts).
 */
import type { BuildArgs } from "gatsby"
import fs from "node:fs"
import path from "node:path"
import { headersFile, redirectsFile } from "./cdn"
import { builtAddresses, hostingPolicy, schedulerDepartures } from "./hosting-policy"
import { deletedStudies, studiesFolder, studyAddresses } from "./addresses"
import { CONTENT_DIR } from "../paths"
import { readContent } from "../content/files"
import { SITE_SETTINGS_FILE } from "../../lib/site-settings"
import { projectDirectory, publicDirectory } from "../internals"
import { HOSTING_DIR } from "../../contracts/hosting"
import { HOSTING_POLICY_FILE } from "../../contracts/hosting-policy"
import { replaceFile } from "../../lib/files"

export function writeHostingFiles({ store, reporter }: BuildArgs): void {
  const publicDir = publicDirectory(store)
  const studies = studiesFolder(CONTENT_DIR)
  const history = deletedStudies(studies)
  for (const warning of "warnings" in history ? history.warnings : []) reporter.warn(`Git history: ${warning}`)
  const { unknown, ...addresses } = studyAddresses(studies, builtAddresses(publicDir), history)
  if (unknown) {
    reporter.warn(
      `Deleted case studies' addresses answer 404, not 410 (gone for good): ${unknown}, so their history cannot be read.`,
    )
  }
  const departures = schedulerDepartures(
    (locale) => readContent<{ schedulingUrl: string }>(SITE_SETTINGS_FILE, locale).schedulingUrl,
  )
  const policy = hostingPolicy(publicDir, addresses, departures)
  fs.writeFileSync(path.join(publicDir, "_headers"), headersFile(policy))
  fs.writeFileSync(path.join(publicDir, "_redirects"), redirectsFile(policy))
  const hosting = path.join(projectDirectory(store), HOSTING_DIR)
  fs.mkdirSync(hosting, { recursive: true })
  replaceFile(path.join(hosting, HOSTING_POLICY_FILE), `${JSON.stringify(policy)}\n`)
  reporter.info(
    `Hosting rules: ${policy.pages.length} pages, ${addresses.moved.length} moved and ${addresses.gone.length} gone addresses, ${departures.length} to the scheduler, ${policy.immutable.bundles.length} hashed bundles; wrote public/_headers, public/_redirects, ${HOSTING_DIR}/${HOSTING_POLICY_FILE}`,
  )
}
