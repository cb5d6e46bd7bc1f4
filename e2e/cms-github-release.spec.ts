/**
 * Where a published change is, at the top of its form and in the corner of every screen
 * (e2e/github-cms.ts): being checked and built, refused in the build server's words, live since the
 * release; GitHub not answering said as such.
 */
import { type Page, expect, test } from "@playwright/test"
import { CMS_REPOSITORY } from "../cms/config"
import { RELEASE_STATUS_CONTEXT } from "../contracts/statuses"
import { collectErrors } from "./page-errors"
import { RELEASE_STATE } from "../cms/shared"
import { ASK_AGAIN_MS, formatSince } from "../cms/release-state"
import { cms, CASE_FILE, routeGitHub, localBackendProbe, signIn, mainFile, openEntry, useGitHubCms } from "./github-cms"

const hosted = useGitHubCms()

test.describe("where a published change is, at the top of its form", () => {
  // The editor's clock, and the one the test reads the times with.
  const TIME_ZONE = "Europe/Zurich"
  test.use({ timezoneId: TIME_ZONE })

  /** The build server's release status on a commit, as the workflow posts it; returns what GitHub keeps. */
  async function postReleaseStatus(sha: string, state: string, description: string, targetUrl?: string) {
    const response = await fetch(`${cms.github.apiUrl}/repos/${CMS_REPOSITORY}/statuses/${sha}`, {
      method: "POST",
      headers: { Authorization: `Bearer ${cms.github.issueToken()}`, "Content-Type": "application/json" },
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
    const shipped = cms.liveStamp
    // An editor's publish reached main; the build server has begun on it.
    const study = JSON.parse(mainFile(CASE_FILE)) as { en: { title: string } }
    const edited = mainFile(CASE_FILE).replace(study.en.title, `${study.en.title}, again`)
    const published = cms.github.commitToMain(CASE_FILE, edited, "Content: update case study “wine”")
    const begun = await postReleaseStatus(published, "pending", "Being checked and built")

    await page.clock.install()
    await openEntry(page, hosted.site(), "Case studies", `${study.en.title}, again`)
    const note = page.getByRole("status", { name: RELEASE_STATE.label, exact: true })
    const at = (iso: string) => formatSince(iso, new Date(), TIME_ZONE)
    await expect(note).toHaveText(`${RELEASE_STATE.publishing} ${at(begun.created_at)}`, { timeout: 45_000 })
    await expect(note.locator("time")).toHaveAttribute("datetime", begun.created_at)

    // The build server refuses it: the note says so in its words, with the run a click away.
    const complaint = "content check: content/case-studies/wine.json: en.title: must be at most 70 characters"
    const run = "https://cms.github.com/aurelle-intelligence/site/actions/runs/4242"
    await postReleaseStatus(published, "failure", complaint, run)
    await nextLook(page)
    await expect(note).toContainText(RELEASE_STATE.refused)
    await expect(note).toContainText(complaint)
    await expect(note.getByRole("link", { name: RELEASE_STATE.refusedRun })).toHaveAttribute("href", run)
    expect(cms.liveStamp).toBe(shipped)

    // Put right and released: the site's stamp names a commit that contains the change.
    await postReleaseStatus(published, "success", "Live")
    cms.liveStamp = { commit: published, builtAt: new Date().toISOString(), liveSince: new Date().toISOString() }
    await nextLook(page)
    await expect(note).toHaveText(`${RELEASE_STATE.live} ${at(cms.liveStamp.liveSince)}`)

    expect(cms.github.unhandled).toEqual([])
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
    await signIn(page, hosted.site(), "Authorize")
    const corner = page.getByRole("status", { name: RELEASE_STATE.siteLabel, exact: true })
    // What is live contains main's latest change to the content.
    cms.liveStamp = {
      commit: cms.github.git("rev-parse", "main"),
      builtAt: cms.liveStamp.builtAt,
      liveSince: new Date().toISOString(),
    }
    await expect(corner).toContainText(
      `${RELEASE_STATE.live} ${formatSince(cms.liveStamp.liveSince, new Date(), TIME_ZONE)}`,
      {
        timeout: 30_000,
      },
    )

    // A study is deleted and published (from another tab, say): the corner names it and follows it.
    const deleted = cms.github.commitToMain(
      "content/case-studies/retail.json",
      null,
      "Content: delete case study “retail”",
    )
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
      "https://cms.github.com/aurelle-intelligence/site/actions/runs/4243",
    )
    await nextLook(page)
    await expect(corner).toContainText(RELEASE_STATE.refused)
    await expect(corner).toContainText(complaint)
    // An entry's form says where that entry is, in its own note; the corner stands aside.
    await page.getByRole("link", { name: "Case studies" }).first().click()
    await page.getByText("Tracing Allocations").first().click()
    await expect(page.getByRole("status", { name: RELEASE_STATE.label })).toBeVisible({ timeout: 45_000 })
    await expect(corner).toHaveCount(0)
    expect(cms.github.unhandled).toEqual([])
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
    cms.liveStamp = {
      commit: cms.github.git("rev-parse", "main"),
      builtAt: cms.liveStamp.builtAt,
      liveSince: new Date().toISOString(),
    }
    await openEntry(page, hosted.site(), "Case studies", "Tracing Allocations")
    const note = page.getByRole("status", { name: RELEASE_STATE.label, exact: true })
    await expect(note).toContainText(RELEASE_STATE.live, { timeout: 45_000 })
    const at = (iso: string) => formatSince(iso, new Date(), TIME_ZONE)

    // The comparison of the live commit with the change fails: nothing is guessed from it.
    cms.github.setOutage({ route: /\/compare\//, status: 500, message: "Server Error" })
    const asked = Date.now()
    await page.reload()
    await expect(note).toContainText(RELEASE_STATE.noAnswer, { timeout: 45_000 })
    await expect(note).not.toContainText(RELEASE_STATE.rolledBack)
    const retryAt = Date.parse((await note.locator("time").getAttribute("datetime"))!)
    expect(retryAt).toBeGreaterThan(asked)
    await expect(note).toHaveText(`${RELEASE_STATE.noAnswer} ${at(new Date(retryAt).toISOString())}`)

    // Rate-limited: it asks again at the reset GitHub names.
    const reset = Math.floor(Date.now() / 1000) + 600
    cms.github.setOutage({
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
    cms.github.setOutage(null)
    await page.reload()
    await expect(note).toContainText(RELEASE_STATE.live, { timeout: 45_000 })
    expect(cms.github.unhandled).toEqual([])
    expect(errors).toEqual([])
  })
})
