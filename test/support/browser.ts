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

/**
 * The ports of the servers the browser tests run against: nginx with the generated hosting
 * configuration (scripts/serve-nginx.ts), and decap-server behind it for the CMS's specs. Each is free on the machine, chosen once by playwright.config.ts, whose environment the
 * test workers inherit; a port set in the environment beforehand is used as it is.
 */
export function e2ePorts(choose: () => number): { nginx: number; decap: number } {
  process.env.NGINX_E2E_PORT ??= String(choose())
  process.env.DECAP_E2E_PORT ??= String(choose())
  return {
    nginx: Number(process.env.NGINX_E2E_PORT),
    decap: Number(process.env.DECAP_E2E_PORT),
  }
}
