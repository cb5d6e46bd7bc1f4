import { defineConfig, devices } from "@playwright/test"
import { CHROMIUM_ARGS, chromiumPath, e2ePorts } from "./test/support/browser"
import { freePortSync } from "./deploy/lib/free-port"

const PORTS = e2ePorts(freePortSync)

/**
 * The site grown to many case studies (a copy it builds and serves itself): its own project, run on
 * its own by npm test (scripts/test.sh) so its timings are the page's, not a busy machine's.
 */
const SCALE = ["**/scale.spec.ts"]

const desktop = { ...devices["Desktop Chrome"], viewport: { width: 1440, height: 900 } }

/**
 * End-to-end tests run against the production build as production serves it: by nginx with the
 * generated hosting configuration (its headers, Content-Security-Policy and not-found pages included),
 * with Decap's local backend behind it for the CMS's specs.
 */
export default defineConfig({
  testDir: "e2e",
  testMatch: "**/*.spec.ts",
  fullyParallel: true,
  // Two on CI's two cores: three were no faster on a slow machine (109 tests in 11.7 min against
  // about the same with two), each test slower for the third browser.
  workers: process.env.CI ? 2 : undefined,
  retries: process.env.CI ? 1 : 0,
  forbidOnly: Boolean(process.env.CI),
  // Two cores run the build server and the browsers together; give page transitions room.
  expect: { timeout: 10_000 },
  reporter: [["list"], ["json", { outputFile: process.env.E2E_REPORT ?? ".tmp/playwright.json" }]],
  use: {
    launchOptions: { executablePath: chromiumPath(), args: CHROMIUM_ARGS },
    // Recorded for a retry only (CI retries once): a trace of every test, kept or not, costs each
    // action its snapshots on a machine where the suite is most of the run.
    trace: "on-first-retry",
  },
  projects: [
    {
      name: "desktop",
      testIgnore: SCALE,
      use: { ...desktop, baseURL: `http://127.0.0.1:${PORTS.nginx}` },
    },
    { name: "scale", testMatch: SCALE, use: desktop },
  ],
  webServer: [
    {
      command: "npx tsx deploy/hosting/serve.ts",
      url: `http://127.0.0.1:${PORTS.nginx}/`,
      reuseExistingServer: !process.env.CI,
      timeout: 120_000,
      env: { NGINX_PORT: String(PORTS.nginx), DECAP_PORT: String(PORTS.decap) },
    },
  ],
})
