/**
 * The CMS on the deployed hosts, end to end and offline, as the cms-github-*.spec.ts files drive it:
 * a stand-in for GitHub (test/support/github-stand-in.ts) behind the sign-in and the API (which the
 * browser reaches as https://api.github.com), and the hosts that serve the built site:
 * - nginx with the shipped configuration, /api/auth passed to the shipped Node service
 *   (deploy/auth/node-service.ts);
 * - the build as Cloudflare Pages serves it (test/support/pages-host.ts: `_headers`, `_redirects`,
 *   404 pages), /api/auth answered by the Pages Functions in functions/.
 * `useGitHubCms()` starts a stand-in for the file that calls it, seeded with the content as shipped,
 * and stops it with the hosts after the file's last test; the helpers sign in, open an entry, save and
 * publish as an editor does.
 */
import type { AddressInfo } from "node:net"
import http from "node:http"
import path from "node:path"
import { type BrowserContext, type ConsoleMessage, type Page, expect, test } from "@playwright/test"
import { authService } from "../deploy/auth/node-service"
import { CMS_REPOSITORY } from "../cms/config"
import { NO_UNSAVED_CHANGES, REFUSAL_MESSAGE } from "../cms/shared"
import { RELEASE_PAGES_PATH, RELEASE_STAMP_PATH, type ReleaseStamp } from "../contracts/release-stamp"
import { GITHUB_API_ORIGIN, GITHUB_STATUS_ORIGIN } from "../build-steps/post-build/csp"
import { PUBLIC_DIR, startNginx } from "../deploy/hosting/local-nginx"
import { startPagesHost } from "../test/support/pages-host"
import type { AuthEnvironment } from "../deploy/auth/github-oauth"
import { type GitHubStandIn, startGitHubStandIn } from "../test/support/github-stand-in"

export const ROOT = path.resolve(__dirname, "..")
export const CASE_FILE = "content/case-studies/wine.json"
export const CLIENT = { id: "Iv1.standin", secret: "stand-in-secret-not-a-real-one" }
const [OWNER, NAME] = CMS_REPOSITORY.split("/")

/** The file's stand-in, and what the live site says of itself: set by the tests. */
export interface GitHubCms {
  github: GitHubStandIn
  /** What the live site says it is built from (/release.json), as each release writes it. */
  liveStamp: ReleaseStamp
  /** The pages the live release serves (/release-pages.json). */
  livePages: string[]
}

export const cms = { livePages: [] } as unknown as GitHubCms
const services: http.Server[] = []
const stops: Array<() => Promise<void>> = []

/** A server of the test's own on a free port; stopped after the file. */
export async function listen(server: http.Server): Promise<string> {
  services.push(server)
  await new Promise<void>((done) => server.listen(0, "127.0.0.1", done))
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}`
}

/** Stopped after the file's last test. */
export const stopAfterAll = (stop: () => Promise<void>) => stops.push(stop)

export interface Host {
  name: string
  /** Serves the built site with the sign-in reading `env`; returns its address. */
  start(env: AuthEnvironment): Promise<string>
}

export const HOSTS: Host[] = [
  {
    name: "nginx with the Node service",
    start: async (env) => {
      const signIn = await listen(authService(env))
      // No decap-server behind this nginx: the CMS finds no local backend and signs in with GitHub.
      const nginx = await startNginx({ cmsBackend: null, authService: signIn })
      stops.push(() => nginx.stop())
      return nginx.url
    },
  },
  {
    name: "Cloudflare Pages with its Functions",
    start: async (env) => {
      const pages = await startPagesHost({
        publicDir: PUBLIC_DIR,
        functionsDir: path.join(ROOT, "functions"),
        env: { ...env },
      })
      stops.push(() => pages.stop())
      return pages.url
    },
  },
]

export const SECRETS: AuthEnvironment = { GITHUB_CLIENT_ID: CLIENT.id, GITHUB_CLIENT_SECRET: CLIENT.secret }

/**
 * The stand-in for the calling file, and the nginx host (the first of HOSTS) signing in with it, unless
 * the file starts its hosts itself; in order on one worker, as its tests share the stand-in. A failed
 * test is retried alone with the tests after it, on a stand-in started anew (each test reads what it
 * needs from it), not the file.
 */
export function useGitHubCms({ host = true } = {}): { site: () => string } {
  let site = ""
  test.describe.configure({ mode: "default" })
  test.beforeAll(async () => {
    cms.github = await startGitHubStandIn({
      seed: { from: ROOT, folders: ["content"] },
      clientId: CLIENT.id,
      clientSecret: CLIENT.secret,
      owner: OWNER,
      name: NAME,
      login: "camille",
      canPush: true,
    })
    const at = new Date().toISOString()
    cms.liveStamp = { commit: cms.github.git("rev-parse", "main"), builtAt: at, liveSince: at }
    cms.livePages = []
    if (host) site = await HOSTS[0].start({ ...SECRETS, GITHUB_URL: cms.github.url, GITHUB_API_URL: cms.github.apiUrl })
  })
  test.afterAll(async () => {
    await Promise.all(stops.splice(0).map((stop) => stop()))
    await Promise.all(services.splice(0).map((server) => new Promise((done) => server.close(done))))
    await cms.github?.close()
  })
  return { site: () => site }
}

/** Signs in on `site` and opens an entry of a collection from its list, by the text it is listed with. */
export async function openEntry(page: Page, site: string, collection: string, entry: string) {
  await signIn(page, site, "Authorize")
  await page.getByRole("link", { name: collection }).first().click()
  await page.getByText(entry).first().click()
}

/**
 * The browser reaches GitHub's API and status page as it would deployed; both lead to the stand-in.
 * The site's release stamp is the one the test sets.
 */
export async function routeGitHub(context: BrowserContext) {
  await context.route(`**${RELEASE_STAMP_PATH}`, (route) =>
    route.fulfill({ json: cms.liveStamp, headers: { "Cache-Control": "public, max-age=0, must-revalidate" } }),
  )
  await context.route(`**${RELEASE_PAGES_PATH}`, (route) =>
    route.fulfill({
      json: { pages: Object.fromEntries(cms.livePages.map((file) => [file, "0123456789abcdef"])) },
      headers: { "Cache-Control": "public, max-age=0, must-revalidate" },
    }),
  )
  await context.route(`${GITHUB_API_ORIGIN}/**`, async (route) => {
    const url = route.request().url().replace(GITHUB_API_ORIGIN, cms.github.apiUrl)
    try {
      await route.fulfill({ response: await route.fetch({ url }) })
    } catch (error) {
      // Decap gave up on the request (it left the page it was for), or the test ended with one in
      // flight (the form's media list, say), before the stand-in answered: nobody waits for this
      // answer. Anything else is a failure.
      if (!/has been disposed|Target page, context or browser has been closed|Test ended/.test(String(error)))
        throw error
    }
  })
  await context.route(`${GITHUB_STATUS_ORIGIN}/**`, (route) =>
    route.fulfill({
      json: {
        components: [
          { name: "API Requests", status: "operational" },
          { name: "Issues, Pull Requests, Projects", status: "operational" },
        ],
      },
    }),
  )
}

/**
 * On a localhost address (only there) Decap first asks for decap-server at /api/v1, which these hosts
 * do not run: the browser logs that 404, which a deployed host never sees.
 */
export const localBackendProbe = (message: ConsoleMessage) => message.location().url.endsWith("/api/v1")

/** Clicks "Login with GitHub" and answers GitHub's consent page in the window that opens. */
export async function signIn(page: Page, site: string, answer: "Authorize" | "Cancel") {
  await page.goto(`${site}/admin/`)
  const popup = page.waitForEvent("popup")
  await page.getByRole("button", { name: "Login with GitHub" }).click()
  const signInWindow = await popup
  // The CMS closes the window once it has its answer, possibly before the click returns.
  const closed = signInWindow.waitForEvent("close")
  await signInWindow.getByRole("link", { name: answer }).click()
  await closed
}

export const mainFile = (file: string) => cms.github.git("show", `main:${file}`)
export const openPulls = () => cms.github.pulls().filter((pull) => pull.state === "open")

/** The live site built from main as it is now (an earlier test may have left another stamp). */
export const liveNow = (): ReleaseStamp => {
  const at = new Date().toISOString()
  return { commit: cms.github.git("rev-parse", "main"), builtAt: at, liveSince: at }
}

/** Save, then In review, Ready and Publish now: the editorial workflow's way to main. */
export async function saveAndPublish(page: Page) {
  // Watched from before the click (Decap's toast stays 4 s); a refusal says why, in the form's words.
  const outcome = Promise.race([
    page
      .getByRole("alert")
      .getByText("Entry saved")
      .waitFor({ timeout: 45_000 })
      .then(() => "saved"),
    page
      .getByText(REFUSAL_MESSAGE)
      .first()
      .waitFor({ timeout: 45_000 })
      .then(() => "refused"),
  ])
  await page.getByRole("button", { name: "Save", exact: true }).click()
  if ((await outcome) === "refused") {
    const problems = await page.getByRole("region", { name: /to put right before saving/ }).allInnerTexts()
    throw new Error(`The save was refused: ${problems.join("\n")}`)
  }
  await expect(page.getByText(NO_UNSAVED_CHANGES)).toBeVisible({ timeout: 45_000 })
  // Each status is on the pull request (its label) before the next step: a publish asked for while
  // "Ready" is still on its way is the editor's click too early, not what is tested here.
  for (const [status, label] of [
    ["In review", "decap-cms/pending_review"],
    ["Ready", "decap-cms/pending_publish"],
  ]) {
    await page.getByRole("button", { name: /^Status:/ }).click()
    await page.getByRole("menuitem", { name: status }).click()
    await expect
      .poll(() => openPulls().flatMap((pull) => pull.labels.map(({ name }) => name)), { timeout: 30_000 })
      .toEqual([label])
  }
  const before = cms.github.git("rev-parse", "main")
  // Decap says "Entry published" once it has merged the pull request and deleted its branch: a test
  // that moves on before (a reload, the next save) leaves the branch, and the next save's branch is
  // then refused with a 422 (seen once in a CI run).
  const published = page.getByRole("alert").getByText("Entry published").waitFor({ timeout: 45_000 })
  await page.getByRole("button", { name: "Publish", exact: true }).click()
  await page.getByRole("menuitem", { name: "Publish now" }).click()
  await published
  expect(cms.github.git("rev-parse", "main")).not.toBe(before)
}
