/**
 * The publish path's browser pass (deploy/publish/publish.ts runs it with this configuration): the
 * pages a content change made different (pages.spec.ts), in Debian's Chromium, against the build
 * served as production serves it, by nginx with the generated hosting configuration
 * (deploy/hosting/serve.ts) on a free port.
 */
import path from "node:path"
import { defineConfig, devices } from "@playwright/test"
import { freePortSync } from "../../lib/free-port"
import { CHROMIUM_ARGS, chromiumPath } from "./chromium"

const ROOT = path.resolve(__dirname, "../../..")
// Chosen once, in the runner's process, whose environment its workers inherit.
process.env.PUBLISH_NGINX_PORT ??= String(freePortSync())
const origin = `http://127.0.0.1:${process.env.PUBLISH_NGINX_PORT}`

export default defineConfig({
  testDir: ".",
  testMatch: "pages.spec.ts",
  fullyParallel: true,
  // As many as pages.spec.ts shares each width's pages among.
  workers: 2,
  retries: process.env.CI ? 1 : 0,
  forbidOnly: Boolean(process.env.CI),
  expect: { timeout: 10_000 },
  reporter: [
    ["line"],
    ["json", { outputFile: process.env.E2E_REPORT ?? path.join(ROOT, ".tmp/publish/playwright.json") }],
  ],
  use: {
    ...devices["Desktop Chrome"],
    viewport: { width: 1440, height: 900 },
    baseURL: origin,
    launchOptions: { executablePath: chromiumPath(), args: CHROMIUM_ARGS },
    trace: "on-first-retry",
  },
  webServer: {
    command: "npx tsx deploy/hosting/serve.ts",
    cwd: ROOT,
    url: `${origin}/`,
    reuseExistingServer: false,
    timeout: 120_000,
    env: { NGINX_PORT: process.env.PUBLISH_NGINX_PORT },
  },
})
