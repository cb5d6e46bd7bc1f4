/**
 * The site's settings as the Node side reads them before anything else: its name, description and
 * address (content/site/settings.json, English: the site's metadata is the same in every language).
 * Read here, once, by the Gatsby configuration, the build's steps, the publish path and the release
 * command, which needs the site's host name and nothing else of the content. The build checks the
 * whole file against its schema first (model/schemas.ts); this reads only what it returns.
 */
import fs from "node:fs"
import path from "node:path"

/** The settings file, under the content folder. */
export const SITE_SETTINGS_FILE = "site/settings.json"

export interface SiteSettings {
  name: string
  shortName: string
  description: string
  /** The site's address, without a trailing slash: https://aurelle.example */
  siteUrl: string
}

/** The English settings under `contentDir`; throws naming the file and field when one is not there. */
export function readSiteSettings(contentDir: string): SiteSettings {
  const file = path.join(contentDir, SITE_SETTINGS_FILE)
  const settings = (JSON.parse(fs.readFileSync(file, "utf8")) as { en?: Partial<SiteSettings> }).en
  for (const field of ["name", "shortName", "description", "siteUrl"] as const) {
    if (typeof settings?.[field] !== "string" || settings[field] === "")
      throw new Error(`${file}: en.${field} must be a text, not ${JSON.stringify(settings?.[field])}`)
  }
  if (!URL.canParse(settings!.siteUrl!))
    throw new Error(`${file}: en.siteUrl must be an address, not ${JSON.stringify(settings!.siteUrl)}`)
  return settings as SiteSettings
}

/** The site's host name (aurelle.example), from the settings under `contentDir`. */
export const siteHostName = (contentDir: string): string => new URL(readSiteSettings(contentDir).siteUrl).hostname
