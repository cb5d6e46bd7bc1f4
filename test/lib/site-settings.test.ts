import fs from "node:fs"
import os from "node:os"
import path from "node:path"
import { afterEach, describe, expect, it } from "vitest"
import { CONTENT_DIR } from "../../build-steps/paths"
import { SITE_SETTINGS_FILE, readSiteSettings, siteHostName } from "../../lib/site-settings"

const folders: string[] = []
afterEach(() => folders.splice(0).forEach((folder) => fs.rmSync(folder, { recursive: true, force: true })))

/** A content folder whose settings file holds `en`. */
function contentWith(en: object): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "site-settings-"))
  folders.push(dir)
  fs.mkdirSync(path.join(dir, "site"))
  fs.writeFileSync(path.join(dir, SITE_SETTINGS_FILE), JSON.stringify({ en, fr: {} }))
  return dir
}

describe("the site's settings, as the Node side reads them", () => {
  it("are the shipped English settings, the host name taken from the address", () => {
    const shipped = JSON.parse(fs.readFileSync(path.join(CONTENT_DIR, SITE_SETTINGS_FILE), "utf8")).en
    expect(readSiteSettings(CONTENT_DIR)).toMatchObject({ name: shipped.name, siteUrl: shipped.siteUrl })
    expect(siteHostName(CONTENT_DIR)).toBe(new URL(shipped.siteUrl).hostname)
  })

  it("stop naming the file and the field when the address is missing or not one", () => {
    const base = { name: "Aurelle", shortName: "Aurelle", description: "Intelligence" }
    const missing = contentWith(base)
    expect(() => readSiteSettings(missing)).toThrow(
      `${path.join(missing, SITE_SETTINGS_FILE)}: en.siteUrl must be a text, not undefined`,
    )
    const wrong = contentWith({ ...base, siteUrl: "aurelle" })
    expect(() => siteHostName(wrong)).toThrow(/settings\.json: en\.siteUrl must be an address, not "aurelle"/)
  })
})
