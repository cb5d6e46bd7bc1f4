/**
 * /.well-known/security.txt (RFC 9116): where to report a security problem, written by every build
 * from the site settings' contact address, so it never names a stale address or expires unnoticed.
 */
import type { BuildArgs } from "gatsby"
import fs from "node:fs"
import path from "node:path"
import { readClock } from "../../contracts/clock"
import { publicDirectory } from "../internals"

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

export function writeSecurityTxt({ getNodesByType, store, reporter }: BuildArgs): void {
  const [settings] = getNodesByType("SiteSettings") as unknown as SecurityContact[]
  const file = path.join(publicDirectory(store), SECURITY_TXT_PATH)
  fs.mkdirSync(path.dirname(file), { recursive: true })
  fs.writeFileSync(file, securityTxt(settings, readClock(process.env).now))
  reporter.info(`Wrote public${SECURITY_TXT_PATH} for ${settings.contactEmail}`)
}
