/**
 * Signing in and publishing on each deployed host (e2e/github-cms.ts): an editor signs in through the
 * real /admin/, edits a case study, sends it to review and publishes it; `main` changes only at
 * Publish, by exactly the edited line. An invalid save, an account without write access, a declined
 * authorisation, a forged state, a window opened by a foreign page and a host without its secret are
 * each refused in words.
 */
import { type Request, expect, test } from "@playwright/test"
import http from "node:http"
import { CMS_REPOSITORY } from "../cms/config"
import { collectErrors } from "./page-errors"
import { postPreviewStatus } from "../deploy/publish/preview-status"
import { NO_UNSAVED_CHANGES, REFUSAL_MESSAGE } from "../cms/shared"
import { PREVIEW_EDITOR, previewOnReleaseHost } from "../test/support/preview-host"
import {
  cms,
  CASE_FILE,
  ROOT,
  HOSTS,
  CLIENT,
  listen,
  routeGitHub,
  localBackendProbe,
  signIn,
  mainFile,
  openPulls,
  openEntry,
  useGitHubCms,
  SECRETS,
  stopAfterAll,
} from "./github-cms"

useGitHubCms({ host: false })

for (const host of HOSTS) {
  test.describe(`on ${host.name}`, () => {
    let site: string
    test.beforeAll(async () => {
      site = await host.start({ ...SECRETS, GITHUB_URL: cms.github.url, GITHUB_API_URL: cms.github.apiUrl })
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

      await openEntry(page, site, "Case studies", study.title)
      // The English side of the editor, the left of the two languages. The first entry opened loads
      // the collection's history through the API, one git log each, which takes a slow machine 30 s.
      const title = page.getByRole("textbox", { name: "Title", exact: true }).first()
      await expect(title).toHaveValue(study.title, { timeout: 45_000 })

      // Invalid content is refused before anything reaches GitHub, in the build's words.
      await title.fill("")
      await page.getByRole("button", { name: "Save", exact: true }).click()
      await expect(page.getByText(REFUSAL_MESSAGE)).toBeVisible()
      expect(openPulls()).toEqual([])
      expect(cms.github.git("branch", "--list", "cms/*")).toBe("")
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
      const pull = () => cms.github.pulls().find((candidate) => candidate.number === draft.number)!
      expect(draft.head.ref).toBe("cms/case-studies/wine")
      // The title, and the English its French was made from: the French title is now to check.
      // (On the second host the title is edited again: the record keeps the English of the first.)
      const asEdited = JSON.parse(before) as { en: Record<string, unknown> }
      const madeFrom = (asEdited.en.translatedFrom as { fr: { title: string } } | undefined)?.fr.title ?? study.title
      asEdited.en = { ...asEdited.en, title: edited, translatedFrom: { fr: { title: madeFrom } } }
      expect(JSON.parse(cms.github.git("show", `${draft.head.sha}:${CASE_FILE}`))).toEqual(asEdited)

      // The build server builds the draft, publishes its preview and says where it is with the commit
      // status the CMS reads (.github/workflows/site.yml, deploy/publish/preview-status.ts): until then the
      // toolbar can only check; then "View Preview" opens the draft's page on the preview.
      const viewPreview = page.getByRole("link", { name: "View Preview" })
      await expect(page.getByRole("button", { name: "Check for Preview" })).toBeVisible()
      await expect(viewPreview).toHaveCount(0)
      // Each host's kind of address: a Pages preview of its own, or a path of the nginx host's, there
      // a preview on the release test host (deploy/release/previews.ts).
      const onHost = host.name.startsWith("nginx") ? await previewOnReleaseHost(ROOT) : null
      if (onHost) stopAfterAll(onHost.stop)
      const preview = onHost?.address ?? "https://cms-case-studies-wine.aurelle-site.pages.dev"
      const status = {
        apiUrl: cms.github.apiUrl,
        token: cms.github.issueToken(),
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
      const changed = cms.github
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
      await expect.poll(() => cms.github.git("branch", "--list", "cms/*")).toBe("")
      expect(confirmations).toEqual(["Are you sure you want to publish this entry?"])

      expect(cms.github.unhandled).toEqual([])
      expect(errors).toEqual([])
    })

    test("an account without write access to the repository is told so and edits nothing", async ({
      page,
      context,
    }) => {
      await routeGitHub(context)
      cms.github.setCanPush(false)
      try {
        await signIn(page, site, "Authorize")
        await expect(page.getByText("Your GitHub user account does not have access to this repo.")).toBeVisible()
        await expect(page.getByRole("link", { name: "Case studies" })).toHaveCount(0)
      } finally {
        cms.github.setCanPush(true)
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
      const unconfigured = await host.start({
        GITHUB_CLIENT_ID: CLIENT.id,
        GITHUB_URL: cms.github.url,
        GITHUB_API_URL: cms.github.apiUrl,
      })
      const response = await page.goto(`${unconfigured}/api/auth?provider=github`)
      expect(response?.status()).toBe(500)
      await expect(page.getByRole("status")).toHaveText(
        /Sign-in is not set up on this host: GITHUB_CLIENT_SECRET is not set\./,
      )
      expect(page.url()).toBe(`${unconfigured}/api/auth?provider=github`)
    })
  })
}
