/** The editors' calendar in the CMS on the nginx host, on a fixed clock (e2e/github-cms.ts). */
import { type Page, expect, test } from "@playwright/test"
import { collectErrors } from "./page-errors"
import { REFUSAL_MESSAGE } from "../cms/shared"
import {
  cms,
  CASE_FILE,
  routeGitHub,
  localBackendProbe,
  signIn,
  mainFile,
  openPulls,
  openEntry,
  useGitHubCms,
} from "./github-cms"
import type { ReleaseStamp } from "../contracts/release-stamp"

const hosted = useGitHubCms()

test.describe("the editors' calendar, on a fixed clock", () => {
  // An editor abroad: the times are still Zurich's.
  test.use({ timezoneId: "America/New_York" })

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
      return cms.github.commitToMain(
        CASE_FILE,
        `${JSON.stringify(file, null, 2)}\n`,
        "Content: schedule case study “wine”",
      )
    }
    // A time typed into the file by hand, without its offset: the form says so, and refuses to save it.
    commitSchedule("2026-12-01 09:00")
    await openEntry(page, hosted.site(), "Case studies", file.en.title)
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
    cms.liveStamp = built("2026-12-01T07:25:00.000Z", "2026-12-01T07:26:00.000Z")
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
    cms.liveStamp = built("2026-12-01T08:02:00.000Z", "2026-12-01T08:07:00.000Z")
    cms.livePages = ["index.html"]
    await page.reload()
    await expect(schedule).toContainText("Due to go live: Tue 1 Dec, 09:00 (Zurich)", { timeout: 45_000 })
    // Once the live release serves its page, it is live.
    cms.livePages = ["index.html", "case-studies/wine/index.html"]
    await page.reload()
    await expect(schedule).toContainText("Live on the site since 09:07", { timeout: 45_000 })
    await expect(calendar).toContainText("nothing scheduled", { timeout: 45_000 })

    expect(cms.github.unhandled).toEqual([])
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
    await signIn(page, hosted.site(), "Authorize")
    await page.goto(`${hosted.site()}/admin/#/collections/case-studies/new`)
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
    cms.liveStamp = stampOf(
      "3f2a9c1d0123456789abcdef0123456789abcdef",
      "2026-12-01T08:02:00.000Z",
      "2026-12-01T08:07:00.000Z",
    )
    cms.livePages = ["index.html", "case-studies/private-aviation/index.html"]
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
    cms.github.setPublic(true)
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
      cms.github.setPublic(false)
    }
    expect(errors).toEqual([])
  })
})
