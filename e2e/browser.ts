import fs from "node:fs"
import chromiumFlags from "./chromium-flags.json"

/** Debian's Chromium (or CHROME_PATH): tests never download a browser. */
export function chromiumPath(): string {
  const candidates = [process.env.CHROME_PATH, "/usr/bin/chromium", "/usr/bin/chromium-browser"]
  const found = candidates.find((candidate): candidate is string => Boolean(candidate && fs.existsSync(candidate)))
  if (!found) {
    throw new Error("No Chromium found. Install it with: apt-get install -y chromium (or set CHROME_PATH)")
  }
  return found
}

/** The flags every Chromium of the tests starts with: Playwright's, the screenshots' and Lighthouse's. */
export const CHROMIUM_ARGS: string[] = chromiumFlags

export const E2E_PORT = Number(process.env.E2E_PORT ?? 9100)

/** nginx with the generated hosting configuration (scripts/serve-nginx.ts), for the specs that need it. */
export const NGINX_E2E_PORT = Number(process.env.NGINX_E2E_PORT ?? 9101)
