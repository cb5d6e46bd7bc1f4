/**
 * /.well-known/security.txt (RFC 9116): where to report a security problem, written by every build
 * from the site settings' contact address, so it never names a stale address or expires unnoticed.
 */
import fs from "node:fs"
import path from "node:path"
import type { BuildContext } from "../context"
import { SITE_SETTINGS_FILE } from "../../lib/site-settings"
import type { BuiltSite } from "./built-site"

export const SECURITY_TXT_PATH = "/.well-known/security.txt"

interface SecurityContact {
  contactEmail: string
  siteUrl: string
}

/**
 * The file's text; it expires one year after the day of `built` (UTC), so a site left unbuilt that
 * long stops vouching for it, and every build of one day writes the same file (a release carries it
 * only when it changed).
 */
export function securityTxt({ contactEmail, siteUrl }: SecurityContact, built: Date): string {
  const expires = new Date(Date.UTC(built.getUTCFullYear() + 1, built.getUTCMonth(), built.getUTCDate()))
  return [
    `Contact: mailto:${contactEmail}`,
    `Expires: ${expires.toISOString().replace(/\.\d{3}Z$/, "Z")}`,
    "Preferred-Languages: en",
    `Canonical: ${siteUrl}${SECURITY_TXT_PATH}`,
    "",
  ].join("\n")
}

/** Writes the file, from the site settings as the build read them, dated by the build's clock. */
export function writeSecurityTxt({ publicDir, log }: BuiltSite, { clock, content }: BuildContext): void {
  // Validated with the rest of the content at the build's start (model/schemas.ts, siteSettingsSchema).
  const settings = (JSON.parse(content.texts.get(SITE_SETTINGS_FILE)!) as { en: SecurityContact }).en
  const file = path.join(publicDir, SECURITY_TXT_PATH)
  fs.mkdirSync(path.dirname(file), { recursive: true })
  fs.writeFileSync(file, securityTxt(settings, clock.now))
  log.info(`Wrote public${SECURITY_TXT_PATH} for ${settings.contactEmail}`)
}
