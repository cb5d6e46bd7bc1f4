/**
 * The Chromium every browser pass starts: Debian's (or CHROME_PATH), never a downloaded one, with
 * the flags the publish path's browser pass, the browser tests, the screenshots and Lighthouse share.
 */
import fs from "node:fs"
import chromiumFlags from "./chromium-flags.json"

/** Debian's Chromium (or CHROME_PATH): nothing downloads a browser. */
export function chromiumPath(): string {
  const candidates = [process.env.CHROME_PATH, "/usr/bin/chromium", "/usr/bin/chromium-browser"]
  const found = candidates.find((candidate): candidate is string => Boolean(candidate && fs.existsSync(candidate)))
  if (!found) {
    throw new Error("No Chromium found. Install it with: apt-get install -y chromium (or set CHROME_PATH)")
  }
  return found
}

/** The flags every Chromium starts with: Playwright's, the screenshots' and Lighthouse's. */
export const CHROMIUM_ARGS: string[] = chromiumFlags
