/**
 * Two editors on one entry, in the CMS on the nginx host against the GitHub stand-in
 * (e2e/github-cms.ts): each in a browser of her own, with an account of her own. The second save,
 * built on the version the first replaced, is refused before anything is written, naming the first
 * editor and what she changed; the second takes that version with her own edit on top, and the one
 * draft holds both. The decisions themselves are proven on values (test/cms/stale-save.test.ts).
 */
import { type BrowserContext, type Page, expect, test } from "@playwright/test"
import { NO_UNSAVED_CHANGES } from "../cms/shared"
import { STALE_SAVE, draftBranch } from "../cms/stale-save"
import { collectErrors } from "./page-errors"
import {
  CASE_FILE,
  cms,
  localBackendProbe,
  mainFile,
  openEntry,
  openPulls,
  routeGitHub,
  useGitHubCms,
} from "./github-cms"

const hosted = useGitHubCms()

type Study = { en: { title: string; client: string } }

/** A browser of the editor's own, signed in as her, on the study's form once it has read its version. */
async function editorOn(context: BrowserContext, login: string, name: string, title: string): Promise<Page> {
  await routeGitHub(context)
  cms.github.signInAs(login, name)
  const page = await context.newPage()
  // The form has read the version it stands on once the file's text has come back from GitHub.
  const versionRead = page.waitForResponse(
    (response) => /\/contents\/content\/case-studies\/wine\.json/.test(response.url()),
    {
      timeout: 60_000,
    },
  )
  await openEntry(page, hosted.site(), "Case studies", title)
  await versionRead
  return page
}

/** Saves the form; answers Decap's notice: saved, or not saved and why (a refusal's stays 8 s: the newest is read). */
async function save(page: Page): Promise<string> {
  // Decap's notices; the form's own refusal (an alert too) has a heading.
  const notices = page
    .getByRole("alert")
    .filter({ hasText: /^(Entry saved|Not saved: )/, hasNot: page.getByRole("heading") })
  const before = await notices.count()
  await page.getByRole("button", { name: "Save", exact: true }).click()
  await expect.poll(() => notices.count(), { timeout: 45_000 }).toBeGreaterThan(before)
  return (await notices.last().innerText()).trim()
}

const fileOn = (ref: string) => JSON.parse(cms.github.git("show", `${ref}:${CASE_FILE}`)) as Study

test("the second save over one study is refused naming the first editor; she takes their version, her edit on top", async ({
  browser,
}) => {
  // Two admins booted side by side, four saves through the API: about two minutes on a slow host.
  test.setTimeout(300_000)
  const study = JSON.parse(mainFile(CASE_FILE)) as Study
  const viewport = { width: 1440, height: 1000 }
  const [first, second] = [await browser.newContext({ viewport }), await browser.newContext({ viewport })]
  const aline = await editorOn(first, "aline", "Aline Editor", study.en.title)
  const camille = await editorOn(second, "camille", "Camille Editor", study.en.title)
  const errors = collectErrors(camille, localBackendProbe)
  const field = (page: Page, label: string) => page.getByRole("textbox", { name: label, exact: true }).first()

  // Aline changes the title and saves: a draft on the study's branch.
  const title = `${study.en.title}, read by its buyers`
  await field(aline, "Title").fill(title)
  expect(await save(aline)).toBe("Entry saved")
  await expect(aline.getByText(NO_UNSAVED_CHANGES)).toBeVisible({ timeout: 45_000 })
  const branch = draftBranch("case-studies", "wine")
  expect(fileOn(branch).en).toMatchObject({ title, client: study.en.client })

  // Camille, whose form opened before, changes the client and saves: refused, nothing written.
  const client = "A family-owned house of grand cru estates"
  await field(camille, "Client").fill(client)
  const headBefore = cms.github.git("rev-parse", branch)
  expect(await save(camille)).toMatch(/^Not saved: Aline Editor saved this entry on .+, after you opened it$/)
  const refusal = camille
    .getByRole("alert")
    .filter({ has: camille.getByRole("heading", { name: /^Not saved: Aline Editor/ }) })
  await expect(refusal).toContainText(
    STALE_SAVE.change({ locale: "en", field: "title", where: "English › Title", before: study.en.title, after: title }),
  )
  expect(cms.github.git("rev-parse", branch)).toBe(headBefore)
  expect(openPulls()).toHaveLength(1)
  await refusal.scrollIntoViewIfNeeded()
  await camille.screenshot({ path: test.info().outputPath("stale-save-refused.png") })

  // She takes Aline's version: the form holds Aline's title and her own client, not saved yet.
  await refusal.getByRole("button", { name: STALE_SAVE.take }).click()
  await expect(camille.getByRole("status").filter({ hasText: "Their version is in the form" })).toHaveText(
    "Their version is in the form, with your edits to English › Client on top; save when ready.",
    { timeout: 45_000 },
  )
  await expect(field(camille, "Title")).toHaveValue(title)
  await expect(field(camille, "Client")).toHaveValue(client)
  await camille.getByRole("status").filter({ hasText: "Their version is in the form" }).scrollIntoViewIfNeeded()
  await camille.screenshot({ path: test.info().outputPath("stale-save-taken.png") })

  // Saved: the one draft holds both edits, in one pull request.
  expect(await save(camille)).toBe("Entry saved")
  await expect.poll(() => fileOn(branch).en, { timeout: 30_000 }).toMatchObject({ title, client })
  expect(openPulls()).toHaveLength(1)
  expect(fileOn("main").en.title).toBe(study.en.title)
  expect(cms.github.unhandled).toEqual([])
  // Decap logs the refused save as an error of its own (its persist failed); nothing else.
  expect(errors.filter((error) => !error.includes("after you opened it"))).toEqual([])
  await Promise.all([first.close(), second.close()])
})
