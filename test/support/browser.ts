/** Debian's Chromium and its flags, as the publish path's browser pass starts it. */
export { CHROMIUM_ARGS, chromiumPath } from "../../deploy/publish/browser/chromium"

/**
 * The ports of the servers the browser tests run against: nginx with the generated hosting
 * configuration (deploy/hosting/serve.ts), and decap-server behind it for the CMS's specs. Each is free on the machine, chosen once by playwright.config.ts, whose environment the
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
