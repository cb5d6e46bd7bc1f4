import { defineConfig, devices } from "@playwright/test"
import { CHROMIUM_ARGS, chromiumPath, e2ePorts } from "./e2e/browser"
import { freePortSync } from "./scripts/lib/free-port"

const PORTS = e2ePorts(freePortSync)

/** Specs that run against the site as production serves it: nginx, with the generated hosting rules. */
const OVER_NGINX = ["**/hosting.spec.ts", "**/cms.spec.ts"]
/**
 * The site grown to many case studies (a copy it builds and serves itself): its own project, run on
 * its own by npm test (scripts/test.sh) so its timings are the page's, not a busy machine's.
 */
const SCALE = ["**/scale.spec.ts"]

const desktop = { ...devices["Desktop Chrome"], viewport: { width: 1440, height: 900 } }

/**
 * End-to-end tests run against the production build: served by `gatsby serve`, and by nginx with
 * the hosting configuration (its headers, Content-Security-Policy included) for the specs above.
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
      testIgnore: [...OVER_NGINX, ...SCALE],
      use: { ...desktop, baseURL: `http://127.0.0.1:${PORTS.site}` },
    },
    { name: "scale", testMatch: SCALE, use: desktop },
    { name: "nginx", testMatch: OVER_NGINX, use: { ...desktop, baseURL: `http://127.0.0.1:${PORTS.nginx}` } },
  ],
  webServer: [
    {
      command: `npx gatsby serve --port ${PORTS.site} --host 127.0.0.1`,
      url: `http://127.0.0.1:${PORTS.site}/`,
      reuseExistingServer: !process.env.CI,
      timeout: 60_000,
      env: { GATSBY_TELEMETRY_DISABLED: "1" },
    },
    {
      command: "npx tsx scripts/serve-nginx.ts",
      url: `http://127.0.0.1:${PORTS.nginx}/`,
      reuseExistingServer: !process.env.CI,
      timeout: 120_000,
      env: { NGINX_PORT: String(PORTS.nginx), DECAP_PORT: String(PORTS.decap) },
    },
  ],
})
