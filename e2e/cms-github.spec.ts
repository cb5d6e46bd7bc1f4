/**
 * The CMS on both deployed hosts, end to end and offline, with a stand-in for GitHub
 * (github-stand-in.ts) behind the sign-in and the API (which the browser reaches as
 * https://api.github.com):
 * - nginx with the shipped configuration, /api/auth passed to the shipped Node service
 *   (deploy/auth/node-service.ts);
 * - the build as Cloudflare Pages serves it (test/support/pages-host.ts: `_headers`, `_redirects`,
 *   404 pages), /api/auth answered by the Pages Functions in functions/.
 * On each, an editor signs in through the real /admin/, edits a case study, sends it to review and
 * publishes it; `main` changes only at Publish, by exactly the edited line. An invalid save, an
 * account without write access, a declined authorisation, a forged state, a window opened by a
 * foreign page and a host without its secret are each refused in words.
 */
import type { AddressInfo } from "node:net"
import fs from "node:fs"
import http from "node:http"
import path from "node:path"
import { type BrowserContext, type ConsoleMessage, type Page, type Request, expect, test } from "@playwright/test"
import { authService } from "../deploy/auth/node-service"
import { CMS_REPOSITORY } from "../cms/config"
import { NO_UNSAVED_CHANGES, REFUSAL_MESSAGE, RELEASE_STATE } from "../cms/shared"
import { RELEASE_STATUS_CONTEXT } from "../contracts/statuses"
import { ASK_AGAIN_MS, formatSince } from "../cms/release-state"
import { RELEASE_PAGES_PATH, RELEASE_STAMP_PATH, type ReleaseStamp } from "../contracts/release-stamp"
import { GITHUB_API_ORIGIN, GITHUB_STATUS_ORIGIN } from "../build-steps/post-build/csp"
import { PUBLIC_DIR, startNginx } from "../deploy/hosting/local-nginx"
import { startPagesHost } from "../test/support/pages-host"
import type { AuthEnvironment } from "../deploy/auth/github-oauth"
import { type GitHubStandIn, startGitHubStandIn } from "../test/support/github-stand-in"
import { collectErrors } from "./page-errors"
import { postPreviewStatus } from "../deploy/publish/preview-status"
import { PREVIEW_EDITOR, previewOnReleaseHost } from "../test/support/preview-host"
import { isUntranslated } from "../model/translations"
import { checkContentFiles } from "../model/content-check"
import { formatProblem } from "../model/problems"

const ROOT = path.resolve(__dirname, "..")
const CASE_FILE = "content/case-studies/wine.json"
const CLIENT = { id: "Iv1.standin", secret: "stand-in-secret-not-a-real-one" }
const [OWNER, NAME] = CMS_REPOSITORY.split("/")

let github: GitHubStandIn
const services: http.Server[] = []
const stops: Array<() => Promise<void>> = []

async function listen(server: http.Server): Promise<string> {
  services.push(server)
  await new Promise<void>((done) => server.listen(0, "127.0.0.1", done))
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}`
}

// In order on one worker, as they share the GitHub stand-in; a failed test is retried alone with the
// tests after it, on a stand-in started anew (each test reads what it needs from it), not the file:
// in serial mode one flaky save cost a CI run the whole file again, 9 minutes.
test.describe.configure({ mode: "default" })

interface Host {
  name: string
  /** Serves the built site with the sign-in reading `env`; returns its address. */
  start(env: AuthEnvironment): Promise<string>
}

const HOSTS: Host[] = [
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

const SECRETS: AuthEnvironment = { GITHUB_CLIENT_ID: CLIENT.id, GITHUB_CLIENT_SECRET: CLIENT.secret }

test.beforeAll(async () => {
  github = await startGitHubStandIn({
    seed: { from: ROOT, folders: ["content"] },
    clientId: CLIENT.id,
    clientSecret: CLIENT.secret,
    owner: OWNER,
    name: NAME,
    login: "camille",
    canPush: true,
  })
  const shipped = github.git("rev-parse", "main")
  const at = new Date().toISOString()
  liveStamp = { commit: shipped, builtAt: at, liveSince: at }
})

test.afterAll(async () => {
  await Promise.all(stops.splice(0).map((stop) => stop()))
  await Promise.all(services.map((server) => new Promise((done) => server.close(done))))
  await github?.close()
})

/** What the live site says it is built from (/release.json), as each release writes it: set by the tests. */
let liveStamp: ReleaseStamp
/** The pages the live release serves (/release-pages.json): set by the tests. */
let livePages: string[] = []

/**
 * The browser reaches GitHub's API and status page as it would deployed; both lead to the stand-in.
 * The site's release stamp is the one the test sets.
 */
async function routeGitHub(context: BrowserContext) {
  await context.route(`**${RELEASE_STAMP_PATH}`, (route) =>
    route.fulfill({ json: liveStamp, headers: { "Cache-Control": "public, max-age=0, must-revalidate" } }),
  )
  await context.route(`**${RELEASE_PAGES_PATH}`, (route) =>
    route.fulfill({
      json: { pages: Object.fromEntries(livePages.map((file) => [file, "0123456789abcdef"])) },
      headers: { "Cache-Control": "public, max-age=0, must-revalidate" },
    }),
  )
  await context.route(`${GITHUB_API_ORIGIN}/**`, async (route) => {
    const url = route.request().url().replace(GITHUB_API_ORIGIN, github.apiUrl)
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
const localBackendProbe = (message: ConsoleMessage) => message.location().url.endsWith("/api/v1")

/** Clicks "Login with GitHub" and answers GitHub's consent page in the window that opens. */
async function signIn(page: Page, site: string, answer: "Authorize" | "Cancel") {
  await page.goto(`${site}/admin/`)
  const popup = page.waitForEvent("popup")
  await page.getByRole("button", { name: "Login with GitHub" }).click()
  const signInWindow = await popup
  // The CMS closes the window once it has its answer, possibly before the click returns.
  const closed = signInWindow.waitForEvent("close")
  await signInWindow.getByRole("link", { name: answer }).click()
  await closed
}

const mainFile = (file: string) => github.git("show", `main:${file}`)
const openPulls = () => github.pulls().filter((pull) => pull.state === "open")

/** The live site built from main as it is now (an earlier test may have left another stamp). */
const liveNow = (): ReleaseStamp => {
  const at = new Date().toISOString()
  return { commit: github.git("rev-parse", "main"), builtAt: at, liveSince: at }
}

/** Save, then In review, Ready and Publish now: the editorial workflow's way to main. */
async function saveAndPublish(page: Page) {
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
  const before = github.git("rev-parse", "main")
  // Decap says "Entry published" once it has merged the pull request and deleted its branch: a test
  // that moves on before (a reload, the next save) leaves the branch, and the next save's branch is
  // then refused with a 422 (seen once in a CI run).
  const published = page.getByRole("alert").getByText("Entry published").waitFor({ timeout: 45_000 })
  await page.getByRole("button", { name: "Publish", exact: true }).click()
  await page.getByRole("menuitem", { name: "Publish now" }).click()
  await published
  expect(github.git("rev-parse", "main")).not.toBe(before)
}

for (const host of HOSTS) {
  test.describe(`on ${host.name}`, () => {
    let site: string
    test.beforeAll(async () => {
      site = await host.start({ ...SECRETS, GITHUB_URL: github.url })
    })

    test("an editor signs in with GitHub, edits a case study, sends it to review and publishes it", async ({
      page,
      context,
      browser,
    }) => {
      test.setTimeout(240_000)
      await routeGitHub(context)
      const errors = collectErrors(page, localBackendProbe)
      const before = mainFile(CASE_FILE)
      const study = (JSON.parse(before) as { en: { title: string } }).en

      await signIn(page, site, "Authorize")
      await page.getByRole("link", { name: "Case studies" }).first().click()
      await page.getByText(study.title).first().click()
      // The English side of the editor, the left of the two languages. The first entry opened loads
      // the collection's history through the API, one git log each, which takes a slow machine 30 s.
      const title = page.getByRole("textbox", { name: "Title", exact: true }).first()
      await expect(title).toHaveValue(study.title, { timeout: 45_000 })

      // Invalid content is refused before anything reaches GitHub, in the build's words.
      await title.fill("")
      await page.getByRole("button", { name: "Save", exact: true }).click()
      await expect(page.getByText(REFUSAL_MESSAGE)).toBeVisible()
      expect(openPulls()).toEqual([])
      expect(github.git("branch", "--list", "cms/*")).toBe("")
      // Decap's editor leaves its refusal as a promise rejected without a reason (Editor.js,
      // handlePersistEntry); the admin keeps it off the console (cms/app/index.tsx).
      expect(errors.splice(0)).toEqual([])

      const edited = `${study.title} (revised)`
      await title.fill(edited)

      // Save: a draft on its own branch with a pull request; the published content is untouched.
      // Said once the draft's branch, commit and pull request are made, a handful of API calls, for
      // 4 s (Decap's toast): watched from before the click, in the page, so that a busy host's slow
      // polling cannot miss it.
      const saved = page.getByRole("alert").getByText("Entry saved").waitFor({ timeout: 45_000 })
      await page.getByRole("button", { name: "Save", exact: true }).click()
      await saved
      // Decap then loads the entry anew from its draft branch, a dozen calls to the API: its toolbar
      // says the changes are saved once they are all answered (20-30 s on a slow 2-core machine).
      await expect(page.getByText(NO_UNSAVED_CHANGES)).toBeVisible({ timeout: 45_000 })
      await expect
        .poll(() => openPulls().map((pull) => pull.labels.map((label) => label.name)))
        .toEqual([["decap-cms/draft"]])
      expect(mainFile(CASE_FILE)).toBe(before)
      const [draft] = openPulls()
      const pull = () => github.pulls().find((candidate) => candidate.number === draft.number)!
      expect(draft.head.ref).toBe("cms/case-studies/wine")
      // The title, and the English its French was made from: the French title is now to check.
      // (On the second host the title is edited again: the record keeps the English of the first.)
      const asEdited = JSON.parse(before) as { en: Record<string, unknown> }
      const madeFrom = (asEdited.en.translatedFrom as { fr: { title: string } } | undefined)?.fr.title ?? study.title
      asEdited.en = { ...asEdited.en, title: edited, translatedFrom: { fr: { title: madeFrom } } }
      expect(JSON.parse(github.git("show", `${draft.head.sha}:${CASE_FILE}`))).toEqual(asEdited)

      // The build server builds the draft, publishes its preview and says where it is with the commit
      // status the CMS reads (.github/workflows/site.yml, deploy/publish/preview-status.ts): until then the
      // toolbar can only check; then "View Preview" opens the draft's page on the preview.
      const viewPreview = page.getByRole("link", { name: "View Preview" })
      await expect(page.getByRole("button", { name: "Check for Preview" })).toBeVisible()
      await expect(viewPreview).toHaveCount(0)
      // Each host's kind of address: a Pages preview of its own, or a path of the nginx host's, there
      // a preview on the release test host (deploy/release/previews.ts).
      const onHost = host.name.startsWith("nginx") ? await previewOnReleaseHost(ROOT) : null
      if (onHost) stops.push(onHost.stop)
      const preview = onHost?.address ?? "https://cms-case-studies-wine.aurelle-site.pages.dev"
      const status = {
        apiUrl: github.apiUrl,
        token: github.issueToken(),
        repository: CMS_REPOSITORY,
        sha: draft.head.sha,
      }
      await postPreviewStatus({ ...status, state: "pending" })
      // The build server posts the nginx host's address with its slash, as its workflow writes it.
      const posted = host.name.startsWith("nginx") ? `${preview}/` : preview
      await postPreviewStatus({ ...status, state: "success", url: posted })
      // Decap looks for the preview for a while after a save and stops at the first status it finds,
      // a pending one too; the editor then asks again with the toolbar's button.
      await expect(async () => {
        if ((await viewPreview.count()) === 0) {
          await page.getByRole("button", { name: "Check for Preview" }).click({ timeout: 5_000 })
        }
        await expect(viewPreview).toHaveAttribute("href", `${preview}/case-studies/wine/`, { timeout: 5_000 })
      }).toPass({ timeout: 30_000 })
      // It opens the draft's page beside the CMS; on the nginx host, the preview answers the editor who
      // gives the editors' password (a browser of their own here: this one holds no such password).
      const asked: string[] = []
      const watch = (request: Request) => asked.push(request.url())
      context.on("request", watch)
      const [opened] = await Promise.all([context.waitForEvent("page"), viewPreview.click()])
      await expect.poll(() => asked).toContain(`${preview}/case-studies/wine/`)
      context.off("request", watch)
      await opened.close()
      if (onHost) {
        const editor = await browser.newContext({ httpCredentials: PREVIEW_EDITOR, ignoreHTTPSErrors: true })
        const shown = await editor.newPage()
        const answer = await shown.goto(`${preview}/case-studies/wine/`)
        expect(answer?.status()).toBe(200)
        expect(answer?.headers()["x-robots-tag"]).toBe("noindex, nofollow")
        await expect(shown.getByRole("heading", { level: 1 })).toHaveText(study.title)
        await editor.close()
      }

      // In review, then ready: still nothing on main.
      for (const [status, label] of [
        ["In review", "decap-cms/pending_review"],
        ["Ready", "decap-cms/pending_publish"],
      ]) {
        await page.getByRole("button", { name: /^Status:/ }).click()
        await page.getByRole("menuitem", { name: status }).click()
        await expect.poll(() => pull().labels.map((item) => item.name)).toEqual([label])
        expect(mainFile(CASE_FILE)).toBe(before)
      }

      // Publish, confirmed: the pull request is merged into main with exactly the edited line, and its
      // branch goes.
      const confirmations: string[] = []
      page.on("dialog", (dialog) => {
        confirmations.push(dialog.message())
        void dialog.accept()
      })
      await page.getByRole("button", { name: "Publish", exact: true }).click()
      await page.getByRole("menuitem", { name: "Publish now" }).click()
      await expect.poll(() => pull().state, { timeout: 20_000 }).toBe("closed")
      expect(pull().merged_at).not.toBeNull()
      expect(JSON.parse(mainFile(CASE_FILE))).toEqual(asEdited)
      // Only what changed: the title's line, and the record after the English document's last field.
      const changed = github
        .git("diff", "-U0", "main~1", "main")
        .split("\n")
        .filter((line) => /^[-+] /.test(line))
      const titleLines = [`-    "title": ${JSON.stringify(study.title)},`, `+    "title": ${JSON.stringify(edited)},`]
      expect(changed).toEqual(
        madeFrom === study.title
          ? [
              ...titleLines,
              "+    },",
              '+    "translatedFrom": {',
              '+      "fr": {',
              `+        "title": ${JSON.stringify(study.title)}`,
              "+      }",
            ]
          : titleLines,
      )
      await expect.poll(() => github.git("branch", "--list", "cms/*")).toBe("")
      expect(confirmations).toEqual(["Are you sure you want to publish this entry?"])

      expect(github.unhandled).toEqual([])
      expect(errors).toEqual([])
    })

    test("an account without write access to the repository is told so and edits nothing", async ({
      page,
      context,
    }) => {
      await routeGitHub(context)
      github.setCanPush(false)
      try {
        await signIn(page, site, "Authorize")
        await expect(page.getByText("Your GitHub user account does not have access to this repo.")).toBeVisible()
        await expect(page.getByRole("link", { name: "Case studies" })).toHaveCount(0)
      } finally {
        github.setCanPush(true)
      }
    })

    test("a declined authorisation leaves the editor signed out, with the reason on the login page", async ({
      page,
      context,
    }) => {
      await routeGitHub(context)
      await signIn(page, site, "Cancel")
      await expect(page.getByText("GitHub sign-in was declined, so the editor stays signed out.")).toBeVisible()
      await expect(page.getByRole("button", { name: "Login with GitHub" })).toBeVisible()
    })

    test("a return from GitHub with a state this browser did not start is stopped", async ({ page }) => {
      await page.goto(`${site}/api/auth?provider=github&scope=repo`)
      const authorize = new URL((await page.getByRole("link", { name: "Authorize" }).getAttribute("href"))!)
      authorize.searchParams.set("state", "forged-state")
      const response = await page.goto(authorize.href)
      expect(response?.status()).toBe(400)
      await expect(page.getByRole("status")).toHaveText(/This sign-in could not be verified/)
    })

    test("a sign-in window opened by a foreign page hands it nothing", async ({ page }) => {
      // A page of another origin opens the site's sign-in and listens for whatever it might be sent.
      const foreign = await listen(
        http.createServer((_request, response) => {
          response.writeHead(200, { "Content-Type": "text/html; charset=utf-8" })
          response.end(`<!doctype html><html lang="en"><title>Elsewhere</title><body>
  <script>window.received = []; addEventListener("message", (event) => window.received.push(String(event.data)))</script></body></html>`)
        }),
      )
      await page.goto(foreign)
      const popup = page.waitForEvent("popup")
      await page.evaluate((url) => void window.open(url, "sign-in"), `${site}/api/auth?provider=github&scope=repo`)
      const signInWindow = await popup
      await signInWindow.getByRole("link", { name: "Authorize" }).click()
      await expect(signInWindow.getByRole("status")).toHaveText(
        "This window was not opened by the site's content editor, so nothing was sent. Close it and sign in from /admin/.",
      )
      await page.waitForTimeout(500)
      expect(await page.evaluate(() => (window as unknown as { received: string[] }).received)).toEqual([])
    })

    test("a host without its client secret says which setting is missing", async ({ page }) => {
      const unconfigured = await host.start({ GITHUB_CLIENT_ID: CLIENT.id, GITHUB_URL: github.url })
      const response = await page.goto(`${unconfigured}/api/auth?provider=github`)
      expect(response?.status()).toBe(500)
      await expect(page.getByRole("status")).toHaveText(
        /Sign-in is not set up on this host: GITHUB_CLIENT_SECRET is not set\./,
      )
      expect(page.url()).toBe(`${unconfigured}/api/auth?provider=github`)
    })
  })
}

test.describe("where a published change is, at the top of its form", () => {
  // The editor's clock, and the one the test reads the times with.
  const TIME_ZONE = "Europe/Zurich"
  test.use({ timezoneId: TIME_ZONE })
  let site: string
  test.beforeAll(async () => {
    site = await HOSTS[0].start({ ...SECRETS, GITHUB_URL: github.url })
  })

  /** The build server's release status on a commit, as the workflow posts it; returns what GitHub keeps. */
  async function postReleaseStatus(sha: string, state: string, description: string, targetUrl?: string) {
    const response = await fetch(`${github.apiUrl}/repos/${CMS_REPOSITORY}/statuses/${sha}`, {
      method: "POST",
      headers: { Authorization: `Bearer ${github.issueToken()}`, "Content-Type": "application/json" },
      body: JSON.stringify({ state, context: RELEASE_STATUS_CONTEXT, description, target_url: targetUrl }),
    })
    expect(response.status).toBe(201)
    return (await response.json()) as { created_at: string }
  }

  /**
   * The form's next look at GitHub, now: the browser's clock (installed before the admin loads) is
   * moved on by the time the form waits between two looks while the change is on its way, instead of
   * the test waiting it out. The wait itself is the form's own, proven on values (release-state.test.ts).
   */
  const nextLook = (page: Page) => page.clock.fastForward(ASK_AGAIN_MS)

  test("being checked and built, then refused with the build server's words, then live since the release", async ({
    page,
    context,
  }) => {
    test.setTimeout(180_000)
    await routeGitHub(context)
    const errors = collectErrors(page, localBackendProbe)
    const shipped = liveStamp
    // An editor's publish reached main; the build server has begun on it.
    const study = JSON.parse(mainFile(CASE_FILE)) as { en: { title: string } }
    const edited = mainFile(CASE_FILE).replace(study.en.title, `${study.en.title}, again`)
    const published = github.commitToMain(CASE_FILE, edited, "Content: update case study “wine”")
    const begun = await postReleaseStatus(published, "pending", "Being checked and built")

    await page.clock.install()
    await signIn(page, site, "Authorize")
    await page.getByRole("link", { name: "Case studies" }).first().click()
    await page.getByText(`${study.en.title}, again`).first().click()
    const note = page.getByRole("status", { name: RELEASE_STATE.label, exact: true })
    const at = (iso: string) => formatSince(iso, new Date(), TIME_ZONE)
    await expect(note).toHaveText(`${RELEASE_STATE.publishing} ${at(begun.created_at)}`, { timeout: 45_000 })
    await expect(note.locator("time")).toHaveAttribute("datetime", begun.created_at)

    // The build server refuses it: the note says so in its words, with the run a click away.
    const complaint = "content check: content/case-studies/wine.json: en.title: must be at most 70 characters"
    const run = "https://github.com/aurelle-intelligence/site/actions/runs/4242"
    await postReleaseStatus(published, "failure", complaint, run)
    await nextLook(page)
    await expect(note).toContainText(RELEASE_STATE.refused)
    await expect(note).toContainText(complaint)
    await expect(note.getByRole("link", { name: RELEASE_STATE.refusedRun })).toHaveAttribute("href", run)
    expect(liveStamp).toBe(shipped)

    // Put right and released: the site's stamp names a commit that contains the change.
    await postReleaseStatus(published, "success", "Live")
    liveStamp = { commit: published, builtAt: new Date().toISOString(), liveSince: new Date().toISOString() }
    await nextLook(page)
    await expect(note).toHaveText(`${RELEASE_STATE.live} ${at(liveStamp.liveSince)}`)

    expect(github.unhandled).toEqual([])
    expect(errors).toEqual([])
  })

  test("a deletion, which has no form: the corner of every screen says where the latest change is", async ({
    page,
    context,
  }) => {
    test.setTimeout(120_000)
    await routeGitHub(context)
    const errors = collectErrors(page, localBackendProbe)
    await page.clock.install()
    await signIn(page, site, "Authorize")
    const corner = page.getByRole("status", { name: RELEASE_STATE.siteLabel, exact: true })
    // What is live contains main's latest change to the content.
    liveStamp = {
      commit: github.git("rev-parse", "main"),
      builtAt: liveStamp.builtAt,
      liveSince: new Date().toISOString(),
    }
    await expect(corner).toContainText(
      `${RELEASE_STATE.live} ${formatSince(liveStamp.liveSince, new Date(), TIME_ZONE)}`,
      {
        timeout: 30_000,
      },
    )

    // A study is deleted and published (from another tab, say): the corner names it and follows it.
    const deleted = github.commitToMain("content/case-studies/retail.json", null, "Content: delete case study “retail”")
    const begun = await postReleaseStatus(deleted, "pending", "Being checked and built")
    await page.reload()
    await expect(corner).toContainText(`${RELEASE_STATE.latestChange} Content: delete case study “retail”`, {
      timeout: 30_000,
    })
    await expect(corner).toContainText(
      `${RELEASE_STATE.publishing} ${formatSince(begun.created_at, new Date(), TIME_ZONE)}`,
    )
    const complaint = "content check: content/home/industries.json: en.cards[0].caseSlug: no case study “retail”"
    await postReleaseStatus(
      deleted,
      "failure",
      complaint,
      "https://github.com/aurelle-intelligence/site/actions/runs/4243",
    )
    await nextLook(page)
    await expect(corner).toContainText(RELEASE_STATE.refused)
    await expect(corner).toContainText(complaint)
    // An entry's form says where that entry is, in its own note; the corner stands aside.
    await page.getByRole("link", { name: "Case studies" }).first().click()
    await page.getByText("Tracing Allocations").first().click()
    await expect(page.getByRole("status", { name: RELEASE_STATE.label })).toBeVisible({ timeout: 45_000 })
    await expect(corner).toHaveCount(0)
    expect(github.unhandled).toEqual([])
    expect(errors).toEqual([])
  })

  test("GitHub not answering (a 500, a rate limit) is said as such, with when it asks again, never guessed", async ({
    page,
    context,
  }) => {
    // Four loads of the CMS (sign-in, three reloads), each up to 45 s on a busy CI host.
    test.setTimeout(240_000)
    await routeGitHub(context)
    // The browser logs each refused request; the note says what it means.
    const errors = collectErrors(
      page,
      (message) => localBackendProbe(message) || /status of (500|403)/.test(message.text()),
    )
    // What is live contains every change: the form says so.
    liveStamp = {
      commit: github.git("rev-parse", "main"),
      builtAt: liveStamp.builtAt,
      liveSince: new Date().toISOString(),
    }
    await signIn(page, site, "Authorize")
    await page.getByRole("link", { name: "Case studies" }).first().click()
    await page.getByText("Tracing Allocations").first().click()
    const note = page.getByRole("status", { name: RELEASE_STATE.label, exact: true })
    await expect(note).toContainText(RELEASE_STATE.live, { timeout: 45_000 })
    const at = (iso: string) => formatSince(iso, new Date(), TIME_ZONE)

    // The comparison of the live commit with the change fails: nothing is guessed from it.
    github.setOutage({ route: /\/compare\//, status: 500, message: "Server Error" })
    const asked = Date.now()
    await page.reload()
    await expect(note).toContainText(RELEASE_STATE.noAnswer, { timeout: 45_000 })
    await expect(note).not.toContainText(RELEASE_STATE.rolledBack)
    const retryAt = Date.parse((await note.locator("time").getAttribute("datetime"))!)
    expect(retryAt).toBeGreaterThan(asked)
    await expect(note).toHaveText(`${RELEASE_STATE.noAnswer} ${at(new Date(retryAt).toISOString())}`)

    // Rate-limited: it asks again at the reset GitHub names.
    const reset = Math.floor(Date.now() / 1000) + 600
    github.setOutage({
      route: /\/commits$/,
      status: 403,
      headers: { "X-RateLimit-Remaining": "0", "X-RateLimit-Reset": String(reset) },
      message: "API rate limit exceeded",
    })
    await page.reload()
    await expect(note.locator("time")).toHaveAttribute("datetime", new Date(reset * 1000).toISOString(), {
      timeout: 45_000,
    })
    await expect(note).toHaveText(`${RELEASE_STATE.noAnswer} ${at(new Date(reset * 1000).toISOString())}`)

    // GitHub answers again: the form says where the change is.
    github.setOutage(null)
    await page.reload()
    await expect(note).toContainText(RELEASE_STATE.live, { timeout: 45_000 })
    expect(github.unhandled).toEqual([])
    expect(errors).toEqual([])
  })
})

test.describe("the editors' calendar, on a fixed clock", () => {
  // An editor abroad: the times are still Zurich's.
  test.use({ timezoneId: "America/New_York" })
  let site: string
  test.beforeAll(async () => {
    site = await HOSTS[0].start({ ...SECRETS, GITHUB_URL: github.url })
  })

  test("a scheduled study: its note and the calendar, a bad expiry refused at its field, then live after its time", async ({
    page,
    context,
  }) => {
    test.setTimeout(180_000)
    await routeGitHub(context)
    const errors = collectErrors(page, localBackendProbe)
    // 08:30 in Zurich on Tuesday 1 December; the study goes live at 09:00.
    await page.clock.setFixedTime(new Date("2026-12-01T07:30:00Z"))
    const file = JSON.parse(mainFile(CASE_FILE)) as { en: { title: string; goLiveAt?: string } }
    const commitSchedule = (goLiveAt: string) => {
      file.en.goLiveAt = goLiveAt
      return github.commitToMain(CASE_FILE, `${JSON.stringify(file, null, 2)}\n`, "Content: schedule case study “wine”")
    }
    // A time typed into the file by hand, without its offset: the form says so, and refuses to save it.
    commitSchedule("2026-12-01 09:00")
    await signIn(page, site, "Authorize")
    await page.getByRole("link", { name: "Case studies" }).first().click()
    await page.getByText(file.en.title).first().click()
    await expect(
      page.getByText("Saved as “2026-12-01 09:00”, which is not a time: pick one above.").first(),
    ).toBeVisible({
      timeout: 45_000,
    })
    const title = page.getByRole("textbox", { name: "Title", exact: true }).first()
    await title.fill(`${file.en.title}.`)
    await page.getByRole("button", { name: "Save", exact: true }).click()
    await expect(page.getByText(REFUSAL_MESSAGE)).toBeVisible()
    await expect(page.getByText(/Go live at: expected a time with its offset/).first()).toBeVisible()
    expect(openPulls()).toEqual([])
    expect(errors.splice(0)).toEqual([])

    const scheduled = commitSchedule("2026-12-01T09:00:00+01:00")
    const built = (clock: string, liveSince: string) => stampOf(scheduled, clock, liveSince)
    liveStamp = built("2026-12-01T07:25:00.000Z", "2026-12-01T07:26:00.000Z")
    // Decap asks before leaving an edit not saved (leave), and then whether to restore it (no).
    page.on("dialog", (dialog) => void (dialog.type() === "beforeunload" ? dialog.accept() : dialog.dismiss()))
    await page.reload()
    const schedule = page.getByRole("status", { name: "Schedule", exact: true })
    await expect(schedule).toContainText("Scheduled: goes live Tue 1 Dec, 09:00 (Zurich)", { timeout: 45_000 })
    // What the host promises: this stamp names no release folder, so the host is Cloudflare Pages.
    await expect(schedule).toContainText("4 to 15 minutes after its time")
    // The calendar reads every saved study through GitHub's API (cms/app/saved-content.ts), after the
    // form has opened: on a busy host that took over the 10 s an assertion waits by default.
    const calendar = page.getByRole("region", { name: "The calendar" })
    await expect(calendar).toContainText("1 to come", { timeout: 45_000 })
    await expect(calendar.getByRole("listitem")).toHaveText([`Tue 1 Dec, 09:00: “${file.en.title}” goes live`])
    // The picker shows Zurich's time and says so, in a browser set to New York's.
    // The English side's fields (the French side shows the shared ones too).
    const [goLive, expire] = ["goLiveAt", "expireAt"].map((name) => page.locator(`input[id^="${name}-field"]`).first())
    await expect(goLive).toHaveValue("2026-12-01T09:00")
    await expect(page.getByText("Zurich time (UTC+01:00)").first()).toBeVisible()

    // An expiry before the go-live time is refused before saving, named at its field.
    await expire.fill("2026-12-01T08:00")
    await page.getByRole("button", { name: "Save", exact: true }).click()
    await expect(page.getByText(REFUSAL_MESSAGE)).toBeVisible()
    await expect(
      page.getByText(/Expire at: must be after goLiveAt \(2026-12-01T09:00:00\+01:00\)/).first(),
    ).toBeVisible()
    expect(openPulls()).toEqual([])
    expect(errors.splice(0)).toEqual([])

    // 09:08: a release built at 09:02 is live since 09:07, but does not serve the study's page (the
    // timed run's is still to come): the form says it is due, not live.
    await page.clock.setFixedTime(new Date("2026-12-01T08:08:00Z"))
    liveStamp = built("2026-12-01T08:02:00.000Z", "2026-12-01T08:07:00.000Z")
    livePages = ["index.html"]
    await page.reload()
    await expect(schedule).toContainText("Due to go live: Tue 1 Dec, 09:00 (Zurich)", { timeout: 45_000 })
    // Once the live release serves its page, it is live.
    livePages = ["index.html", "case-studies/wine/index.html"]
    await page.reload()
    await expect(schedule).toContainText("Live on the site since 09:07", { timeout: 45_000 })
    await expect(calendar).toContainText("nothing scheduled", { timeout: 45_000 })

    expect(github.unhandled).toEqual([])
    expect(errors).toEqual([])
  })

  /** A live site's stamp: the commit, built at `clock` (the calendar judged then), live since `liveSince`. */
  const stampOf = (commit: string, clock: string, liveSince: string): ReleaseStamp => ({
    commit,
    builtAt: clock,
    liveSince,
    clock,
    clockSet: false,
    servedUntil: null,
  })

  /** Signs in, opens a new case study and types its slug and go-live time (Zurich's); returns that field. */
  async function openNewStudy(page: Page, goLiveAt: string) {
    await signIn(page, site, "Authorize")
    await page.goto(`${site}/admin/#/collections/case-studies/new`)
    await page.locator('input[id^="slug-field"]').first().fill("private-aviation")
    const field = page.locator('input[id^="goLiveAt-field"]').first()
    await field.fill(goLiveAt)
    return field
  }

  test("a new study with a go-live time already past never reads live: it says what publishing will do", async ({
    page,
    context,
  }) => {
    test.setTimeout(120_000)
    await routeGitHub(context)
    const errors = collectErrors(page, localBackendProbe)
    await page.clock.setFixedTime(new Date("2026-12-01T08:08:00Z"))
    // The live release serves a page at the address the new study will have: still not this study.
    liveStamp = stampOf(
      "3f2a9c1d0123456789abcdef0123456789abcdef",
      "2026-12-01T08:02:00.000Z",
      "2026-12-01T08:07:00.000Z",
    )
    livePages = ["index.html", "case-studies/private-aviation/index.html"]
    await openNewStudy(page, "2026-12-01T09:00")
    const schedule = page.getByRole("status", { name: "Schedule", exact: true })
    await expect(schedule).toContainText("Not published yet", { timeout: 45_000 })
    await expect(schedule).toContainText("Once published, it goes live with that release, within minutes.")
    await expect(schedule).not.toContainText(/live on the site/i)
    // The repository is private: nothing said of who can read it.
    await expect(page.getByRole("note", { name: "Who can read it" })).toHaveCount(0)
    expect(errors).toEqual([])
  })

  test("a study scheduled in a public repository: the form says it can be read on GitHub before its time", async ({
    page,
    context,
  }) => {
    test.setTimeout(120_000)
    await routeGitHub(context)
    const errors = collectErrors(page, localBackendProbe)
    await page.clock.setFixedTime(new Date("2026-12-01T07:30:00Z"))
    github.setPublic(true)
    try {
      const goLive = await openNewStudy(page, "2026-12-02T09:00")
      const note = page.getByRole("note", { name: "Who can read it" })
      await expect(note).toContainText(
        "This repository is public: anyone can read this study on GitHub before it goes live",
        {
          timeout: 45_000,
        },
      )
      // Once its time is past, there is nothing left to keep.
      await goLive.fill("2026-12-01T08:00")
      await expect(note).toHaveCount(0)
    } finally {
      github.setPublic(false)
    }
    expect(errors).toEqual([])
  })
})

test.describe("translations that know their source", () => {
  const CRUISES = "content/case-studies/cruises.json"
  type Study = { en: Record<string, unknown> & { title: string; result: string[] }; fr: { title: string } }
  let site: string
  test.beforeAll(async () => {
    site = await HOSTS[0].start({ ...SECRETS, GITHUB_URL: github.url })
  })

  test("an English result changed alone: its French is to check, listed, then confirmed still right", async ({
    page,
    context,
  }) => {
    test.setTimeout(300_000)
    await routeGitHub(context)
    const errors = collectErrors(page, localBackendProbe)
    page.on("dialog", (dialog) => void dialog.accept())
    const saved = JSON.parse(mainFile(CRUISES)) as Study
    liveStamp = liveNow()
    await signIn(page, site, "Authorize")
    await page.getByRole("link", { name: "Case studies" }).first().click()
    await page.getByText(saved.en.title).first().click()
    const title = page.getByRole("textbox", { name: "Title", exact: true })
    await expect(title.first()).toHaveValue(saved.en.title, { timeout: 45_000 })

    // The title in both languages, the first result in English only.
    await title.first().fill(`${saved.en.title}, Revisited`)
    await title.nth(1).fill(`${saved.fr.title}, revisité`)
    const newResult = "Suite-category bookings on repositioned sailings rose by 31% in the following season."
    // A result is a collapsed item of the list: opened, then typed into.
    const results = page
      .getByLabel("list field")
      .filter({ has: page.locator("label", { hasText: /^Results$/ }) })
      .first()
    await results.getByRole("button", { name: "Expand" }).first().click()
    const firstResult = page.getByRole("textbox", { name: "Result", exact: true }).first()
    await firstResult.fill(newResult, { timeout: 10_000 })
    await saveAndPublish(page)

    // What main holds: the English the French result was made from; nothing for the title, whose
    // languages changed together.
    const published = JSON.parse(mainFile(CRUISES)) as Study
    expect(published.en.result[0]).toBe(newResult)
    expect(published.en.translatedFrom).toEqual({ fr: { result: saved.en.result } })

    // The form, opened again: the French side lists the result to check, and says at its field what
    // the English was and is.
    await page.reload()
    await expect(title.first()).toHaveValue(`${saved.en.title}, Revisited`, { timeout: 45_000 })
    const toCheck = page.getByRole("region", { name: "One translation to check" })
    await expect(toCheck).toBeVisible({ timeout: 30_000 })
    await expect(toCheck.getByRole("listitem")).toHaveText(["Results"])
    const note = page.locator(".entry-check-to-check")
    await expect(note).toHaveCount(1)
    await expect(note).toContainText("To check: the English changed after this was translated.")
    await expect(note.locator("dd").first().getByRole("listitem")).toHaveText(saved.en.result)
    await expect(note.locator("dd").nth(1).getByRole("listitem")).toHaveText(published.en.result)
    await page.screenshot({ path: test.info().outputPath("to-check.png") })
    // The list's link takes the editor to the field.
    await toCheck.getByRole("button", { name: "Results" }).click()
    await expect(note).toBeInViewport()
    await page.screenshot({ path: test.info().outputPath("to-check-field.png") })

    // The view beside the release corner lists it, the entry a link to its form.
    await page.goto(`${site}/admin/#/collections/case-studies`)
    const view = page.getByRole("region", { name: "Translations to check" })
    // (Other tests of this file leave their own texts to check: this one's is among them.)
    await expect(view).toContainText(/Translations to check: \d+ translations? to check/, { timeout: 45_000 })
    await view.getByText("Translations to check:").click()
    await expect(view.getByRole("link", { name: "Case studies › cruises" })).toHaveAttribute(
      "href",
      "#/collections/case-studies/entries/cruises",
    )
    await expect(view).toContainText("French › Results: to check")
    await page.screenshot({ path: test.info().outputPath("to-check-view.png") })
    await view.getByRole("link", { name: "Case studies › cruises" }).click()

    // Confirmed still right, and saved: the mark goes, from main and from the view.
    await expect(title.first()).toHaveValue(`${saved.en.title}, Revisited`, { timeout: 45_000 })
    await page.getByRole("button", { name: "Results: the translation is still right" }).click()
    await expect(note).toHaveCount(0)
    await expect(toCheck).toHaveCount(0)
    await saveAndPublish(page)
    const confirmed = JSON.parse(mainFile(CRUISES)) as Study
    expect(confirmed.en).not.toHaveProperty("translatedFrom")
    expect(confirmed.fr).toEqual(published.fr)
    await page.goto(`${site}/admin/#/collections/case-studies`)
    await expect(page.getByRole("link", { name: "Case studies" }).first()).toBeVisible()
    // Read afresh after the publish: the view lists the study no more (or, alone, is not there).
    await page.waitForTimeout(3_000)
    if ((await view.count()) > 0) {
      await view.getByText("Translations to check:").click()
      await expect(view).not.toContainText("Case studies › cruises")
    }
    expect(github.unhandled).toEqual([])
    expect(errors).toEqual([])
  })
})

test.describe("a study created in English first", () => {
  let site: string
  test.beforeAll(async () => {
    site = await HOSTS[0].start({ ...SECRETS, GITHUB_URL: github.url })
  })

  test("is saved and published without its French, then listed as missing it", async ({ page, context }) => {
    test.setTimeout(300_000)
    await routeGitHub(context)
    const errors = collectErrors(page, localBackendProbe)
    page.on("dialog", (dialog) => void dialog.accept())
    // A study an earlier test deleted, which an industry card names, is back: main builds again.
    const retail = "content/case-studies/retail.json"
    if (!github.git("ls-tree", "--name-only", "main", retail)) {
      github.commitToMain(
        retail,
        fs.readFileSync(path.join(ROOT, retail), "utf8"),
        "Content: create case study “retail”",
      )
    }
    liveStamp = liveNow()
    await signIn(page, site, "Authorize")
    await page.goto(`${site}/admin/#/collections/case-studies/new`)
    const english = (label: string) => page.getByRole("textbox", { name: label, exact: true }).first()
    await expect(english("Slug")).toBeVisible({ timeout: 45_000 })
    await english("Slug").fill("private-jets")
    await page.locator('input[id^="order-field"]').first().fill("7")
    await page.locator('input[id^="published-field"]').first().fill("2025-09-15")
    await english("Title").fill("Pricing Charter Hours for a Private Aviation House")
    await english("Industry").fill("Private Aviation")
    await page.getByRole("radiogroup", { name: "Icon" }).first().getByText("ship", { exact: true }).click()
    await english("Client").fill("A Geneva-based operator of long-range business jets")
    await english("Description").fill("How charter rates across 30 operators set a fair price for every route.")
    await english("Problem").fill("Hourly rates varied by 40% between routes with no reason the sales team could give.")
    await english("Solution").fill("A weekly rate index across operators, routes and aircraft classes.")
    await english("Situation").fill(
      "Clients compared quotes from brokers and asked why one route cost more than another.",
    )
    await english("Task").fill("Give the sales team a defensible rate for every route and aircraft class.")
    await page.getByRole("button", { name: "Add action" }).first().click()
    await english("Action").fill("Collected published and brokered rates from 30 operators, weekly.")
    await page.getByRole("button", { name: "Add result" }).first().click()
    await english("Result").fill("Quotes won rose by 18% within two quarters.")
    await english("Timeframe").fill("4 months")
    await english("Data points").fill("120K+")
    await english("Competitors").fill("30+")
    // The French side says what becomes of a study with no French yet.
    await expect(page.getByRole("region", { name: "Not translated yet" })).toContainText(
      "This study is published in English only",
    )
    await page.screenshot({ path: test.info().outputPath("english-first.png"), fullPage: false })

    await saveAndPublish(page)

    // Main holds the study with no French text; the build takes it, in English only.
    const file = JSON.parse(mainFile("content/case-studies/private-jets.json")) as Record<string, unknown>
    expect(isUntranslated(file.fr)).toBe(true)
    const content = new Map(
      github
        .git("ls-tree", "-r", "--name-only", "main", "content")
        .split("\n")
        .filter((name) => name.endsWith(".json") && !name.startsWith("content/schemas/"))
        .map((name) => [name.slice("content/".length), mainFile(name)]),
    )
    expect(checkContentFiles(content).errors.map(formatProblem)).toEqual([])

    // The view lists it as missing its French, a link to its form.
    await page.goto(`${site}/admin/#/collections/case-studies`)
    const view = page.getByRole("region", { name: "Translations to check" })
    await expect(view).toContainText("1 missing", { timeout: 45_000 })
    await view.getByText("Translations to check:").click()
    await expect(view.getByRole("link", { name: "Case studies › private-jets" })).toHaveAttribute(
      "href",
      "#/collections/case-studies/entries/private-jets",
    )
    await expect(view).toContainText("French: missing")
    await page.screenshot({ path: test.info().outputPath("missing-view.png") })
    expect(github.unhandled).toEqual([])
    expect(errors).toEqual([])
  })
})
