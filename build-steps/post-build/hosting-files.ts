/**
 * After the pages are finished (each with its own Content-Security-Policy: page-policy.ts,
 * finish-pages.ts): the hosting policy read from public/, written for a CDN (public/_headers,
 * public/_redirects) and for the release command (.hosting/policy.json): nginx's own configuration
 * names the folder it serves, so each release writes its own from it (deploy/release/nginx-control.ts).
 */
import fs from "node:fs"
import path from "node:path"
import { headersFile, redirectsFile } from "./cdn"
import { builtAddresses, hostingPolicy, schedulerDepartures } from "./hosting-policy"
import { deletedStudies, studyAddresses } from "./addresses"
import { SITE_SETTINGS_FILE } from "../../lib/site-settings"
import type { BuildContext } from "../context"
import { CASE_STUDIES } from "../../model/registry"
import { contentIn } from "../content/documents"
import type { BuiltSite } from "./built-site"
import { HOSTING_DIR } from "../../contracts/hosting"
import { HOSTING_POLICY_FILE } from "../../contracts/hosting-policy"
import { replaceFile } from "../../lib/files"

export function writeHostingFiles({ projectDir, publicDir, log }: BuiltSite, { content }: BuildContext): void {
  const history = deletedStudies(path.join(content.root, CASE_STUDIES.location))
  for (const warning of "warnings" in history ? history.warnings : []) log.warn(`Git history: ${warning}`)
  const { unknown, ...addresses } = studyAddresses(content.studies, builtAddresses(publicDir), history)
  if (unknown) {
    log.warn(
      `Deleted case studies' addresses answer 404, not 410 (gone for good): ${unknown}, so their history cannot be read.`,
    )
  }
  const departures = schedulerDepartures(
    (locale) => contentIn<{ schedulingUrl: string }>(content, SITE_SETTINGS_FILE, locale).schedulingUrl,
  )
  const policy = hostingPolicy(publicDir, addresses, departures)
  fs.writeFileSync(path.join(publicDir, "_headers"), headersFile(policy))
  fs.writeFileSync(path.join(publicDir, "_redirects"), redirectsFile(policy))
  const hosting = path.join(projectDir, HOSTING_DIR)
  fs.mkdirSync(hosting, { recursive: true })
  replaceFile(path.join(hosting, HOSTING_POLICY_FILE), `${JSON.stringify(policy)}\n`)
  log.info(
    `Hosting rules: ${policy.pages.length} pages, ${addresses.moved.length} moved and ${addresses.gone.length} gone addresses, ${departures.length} to the scheduler, ${policy.immutable.bundles.length} hashed bundles; wrote public/_headers, public/_redirects, ${HOSTING_DIR}/${HOSTING_POLICY_FILE}`,
  )
}
