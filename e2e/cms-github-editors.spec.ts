/**
 * The editors' safety net, in the CMS on the nginx host against the GitHub stand-in
 * (e2e/github-cms.ts). Two editors on one entry, each in a browser of her own, with an account of her
 * own, each form naming the other: the second save, built on the version the first replaced, is refused before anything is
 * written, naming the first editor and what she changed; the second takes that version with her own
 * edit on top, and the one draft holds both. Every version of a study listed, compared and restored as
 * a draft; a deleted study listed and restored as a draft at its own file; a phone's photo uploaded
 * and committed with its picture alone (read back by sharp), and a photo left behind listed to delete. The decisions themselves
 * are proven on values (test/cms/stale-save.test.ts, test/cms/entry-history.test.ts).
 */
import { type BrowserContext, type Page, expect, test } from "@playwright/test"
import { ENTRY_CHECK, NO_UNSAVED_CHANGES, PRESENCE, UNUSED_PHOTOS } from "../cms/shared"
import { STALE_SAVE, draftBranch } from "../cms/stale-save"
import { RESTORE } from "../cms/entry-history"
import sharp from "sharp"
import { carriedMetadata } from "../build-steps/content/photo-metadata"
import { phone, portrait } from "../test/support/phone-photo"
import { collectErrors } from "./page-errors"
import {
  CASE_FILE,
  cms,
  localBackendProbe,
  mainFile,
  openEntry,
  openPulls,
  routeGitHub,
  signIn,
  useGitHubCms,
} from "./github-cms"

const hosted = useGitHubCms()

type Study = { en: { title: string; client: string } }

/** A browser of the editor's own, signed in as her, on the study's form. */
async function editorOn(context: BrowserContext, login: string, name: string, title: string): Promise<Page> {
  await routeGitHub(context)
  cms.github.signInAs(login, name)
  const page = await context.newPage()
  await openEntry(page, hosted.site(), "Case studies", title)
  // The form stands on what it loaded once it has mounted (its title drawn); its checks are ready
  // once the other entries are read.
  await expect(page.getByRole("textbox", { name: "Title", exact: true }).first()).toHaveValue(title, {
    timeout: 60_000,
  })
  await expect(page.getByText(ENTRY_CHECK.quiet).first()).toBeVisible({ timeout: 60_000 })
  return page
}

/**
 * Saves the form; answers Decap's notice: saved, or not saved and why. A notice of before (a refusal's
 * stays 8 s) is closed first, as an editor closes it by clicking it, so the one read is this save's.
 */
async function save(page: Page): Promise<string> {
  // Decap's notices; the form's own refusal (an alert too) has a heading.
  const notices = page
    .getByRole("alert")
    .filter({ hasText: /^(Entry saved|Not saved: )/, hasNot: page.getByRole("heading") })
  // One may close by itself as it is clicked.
  for (const notice of await notices.all()) await notice.click({ timeout: 2_000 }).catch(() => undefined)
  await expect(notices).toHaveCount(0, { timeout: 20_000 })
  await page.getByRole("button", { name: "Save", exact: true }).click()
  await expect(notices.first()).toBeVisible({ timeout: 45_000 })
  return (await notices.first().innerText()).trim()
}

const fileOn = (ref: string, file = CASE_FILE) => JSON.parse(cms.github.git("show", `${ref}:${file}`)) as Study

/** A study's title changed on main by a commit of its own (a publish, a hand commit); answers the study as shipped. */
function titleOnMain(slug: string, title: (shipped: string) => string): Study & { file: string; title: string } {
  const file = `content/case-studies/${slug}.json`
  const shipped = JSON.parse(mainFile(file)) as Study
  const changed = title(shipped.en.title)
  cms.github.commitToMain(
    file,
    `${JSON.stringify({ ...shipped, en: { ...shipped.en, title: changed } }, null, 2)}\n`,
    `Content: update Case studies “${slug}”`,
  )
  return { ...shipped, file, title: changed }
}

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
  // Each form says who else has the study open, as the host's sign-in service tells it.
  await expect(camille.getByRole("status", { name: PRESENCE.label })).toContainText("Aline Editor (since ", {
    timeout: 30_000,
  })

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
  // Aline's form, saying it is open every 20 s, has heard of Camille's by now.
  await expect(aline.getByRole("status", { name: PRESENCE.label })).toContainText("Camille Editor (since ", {
    timeout: 30_000,
  })
  expect(cms.github.unhandled).toEqual([])
  // Decap logs the refused save as an error of its own (its persist failed); nothing else.
  expect(errors.filter((error) => !error.includes("after you opened it"))).toEqual([])
  await Promise.all([first.close(), second.close()])
})

test("a version published since the form opened is taken from main, her edit on top, into a new draft", async ({
  browser,
}) => {
  test.setTimeout(240_000)
  const file = "content/case-studies/watches.json"
  const shipped = JSON.parse(mainFile(file)) as Study
  const camille = await editorOn(
    await browser.newContext({ viewport: { width: 1440, height: 1000 } }),
    "camille",
    "Camille Editor",
    shipped.en.title,
  )
  // Published meanwhile (from another tab, a hand commit): main holds a new title, and no draft exists.
  const { title } = titleOnMain("watches", (was) => `${was}, revised`)
  const client = "A manufacture of fewer than 20,000 watches a year"
  await camille.getByRole("textbox", { name: "Client", exact: true }).first().fill(client)
  expect(await save(camille)).toMatch(/^Not saved: Camille Editor saved this entry on /)
  await camille.getByRole("button", { name: STALE_SAVE.take }).click()
  await expect(camille.getByRole("status").filter({ hasText: "Their version is in the form" })).toBeVisible({
    timeout: 45_000,
  })
  await expect(camille.getByRole("textbox", { name: "Title", exact: true }).first()).toHaveValue(title)
  await expect(camille.getByRole("textbox", { name: "Client", exact: true }).first()).toHaveValue(client)
  expect(await save(camille)).toBe("Entry saved")
  await expect
    .poll(() => fileOn(draftBranch("case-studies", "watches"), file).en, { timeout: 30_000 })
    .toMatchObject({ title, client })
  await camille.context().close()
})

test("every version of a study is listed, compared with now and restored as a draft; main waits for review", async ({
  browser,
}) => {
  test.setTimeout(240_000)
  const { file, title: revised, ...shipped } = titleOnMain("hotels", (was) => `${was} (revised)`)
  const context = await browser.newContext({ viewport: { width: 1440, height: 1000 } })
  await routeGitHub(context)
  const page = await context.newPage()
  const errors = collectErrors(page, localBackendProbe)
  await openEntry(page, hosted.site(), "Case studies", revised)
  const title = page.getByRole("textbox", { name: "Title", exact: true }).first()
  await expect(title).toHaveValue(revised, { timeout: 45_000 })

  await page.getByText(RESTORE.heading, { exact: true }).click()
  const list = page.getByRole("list", { name: RESTORE.heading })
  await expect(list.getByRole("listitem")).toHaveText([
    /· Camille Editor · Content: update Case studies “hotels”/,
    /· Aurelle · Content as shipped/,
  ])
  await list.scrollIntoViewIfNeeded()
  await page.screenshot({ path: test.info().outputPath("versions-list.png") })
  const shippedRow = list.getByRole("listitem").nth(1)
  await shippedRow.getByRole("button", { name: RESTORE.compare }).click()
  const compared = page.getByRole("status", { name: "Version compared" })
  await expect(compared).toContainText(`English › Title: “${revised}” → “${shipped.en.title}”`)
  await expect(title).toHaveValue(revised)

  await shippedRow.getByRole("button", { name: RESTORE.restore }).click()
  await expect(page.getByRole("status", { name: "Version restored" })).toContainText("is in the form")
  await expect(title).toHaveValue(shipped.en.title)
  await page.screenshot({ path: test.info().outputPath("version-restored.png") })
  expect(await save(page)).toBe("Entry saved")
  await expect
    .poll(() => fileOn(draftBranch("case-studies", "hotels"), file).en.title, { timeout: 30_000 })
    .toBe(shipped.en.title)
  expect((JSON.parse(mainFile(file)) as Study).en.title).toBe(revised)
  expect(cms.github.unhandled).toEqual([])
  expect(errors).toEqual([])
  await context.close()
})

test("a deleted study is listed with its deletion and restored from the CMS as a draft at its own file", async ({
  browser,
}) => {
  test.setTimeout(240_000)
  const file = "content/case-studies/retail.json"
  const last = JSON.parse(mainFile(file)) as Study & { fr: { title: string } }
  cms.github.commitToMain(file, null, "Content: delete Case studies “retail”")
  const context = await browser.newContext({ viewport: { width: 1440, height: 1000 } })
  await routeGitHub(context)
  const page = await context.newPage()
  const errors = collectErrors(page, localBackendProbe)
  await signIn(page, hosted.site(), "Authorize")
  await page.getByRole("link", { name: "Case studies" }).first().click()
  const view = page.getByRole("region", { name: RESTORE.deletedHeading })
  await view.getByText(RESTORE.deletedHeading).click()
  const row = view.getByRole("listitem").filter({ hasText: "retail" })
  await expect(row).toContainText("deleted ")
  await expect(row).toContainText("· Camille Editor · Content: delete Case studies “retail”")
  await page.screenshot({ path: test.info().outputPath("deleted-list.png") })

  await row.getByRole("button", { name: RESTORE.restore }).click()
  const told = page.getByRole("status", { name: RESTORE.deletedHeading })
  await expect(told).toContainText(
    "Once published, its address /case-studies/retail/ and /fr/case-studies/retail/ answers again",
  )
  const english = (label: string) => page.getByRole("textbox", { name: label, exact: true }).first()
  await expect(english("Title")).toHaveValue(last.en.title, { timeout: 45_000 })
  await expect(english("Slug")).toHaveValue("retail")
  await page.screenshot({ path: test.info().outputPath("deleted-restored.png") })
  expect(await save(page)).toBe("Entry saved")
  await expect
    .poll(() => cms.github.git("branch", "--list", draftBranch("case-studies", "retail")).trim(), { timeout: 30_000 })
    .not.toBe("")
  const restored = fileOn(draftBranch("case-studies", "retail"), file) as Study & { fr: { title: string } }
  expect(restored.en).toMatchObject({ slug: "retail", title: last.en.title, client: last.en.client })
  expect(restored.fr.title).toBe(last.fr.title)
  expect(cms.github.git("ls-tree", "--name-only", "main", file)).toBe("")
  expect(cms.github.unhandled).toEqual([])
  expect(errors).toEqual([])
  await context.close()
})

test("a phone's JPEG uploaded as a team photo is committed with its picture alone: no place, phone, owner or time", async ({
  browser,
}) => {
  test.setTimeout(240_000)
  const context = await browser.newContext({ viewport: { width: 1440, height: 1000 } })
  await routeGitHub(context)
  const page = await context.newPage()
  const errors = collectErrors(page, localBackendProbe)
  // A photo left behind on main (its member's photo replaced by hand): the team's form lists it to delete.
  cms.github.commitToMain("content/images/team/left-behind.jpg", "a photo no entry names", "Photo left behind")
  await openEntry(page, hosted.site(), "Home page", "About and team")
  const unused = page.getByRole("region", { name: UNUSED_PHOTOS.heading })
  await expect(unused.getByRole("listitem")).toHaveText(["images/team/left-behind.jpg"], { timeout: 45_000 })
  await unused.scrollIntoViewIfNeeded()
  await page.screenshot({ path: test.info().outputPath("unused-photos.png") })
  // What the phone wrote, read back before the upload: the test's photo carries it all.
  const upload = await phone(portrait(1200, 1600)).toBuffer()
  expect(carriedMetadata(await sharp(upload).metadata()).carries).toContain("the place it was taken (GPS)")
  // The first member, unfolded (Decap folds a list's items), then her photo's field.
  // (its fold button, the first of its top bar, has no name of its own).
  const member = page.getByText("Hélène Marchand · Founder & Managing Partner").first().locator("xpath=..")
  await member.getByRole("button").first().click({ timeout: 45_000 })
  await page.getByRole("button", { name: "Choose different image" }).first().click()
  await page
    .locator('input[type="file"]')
    .setInputFiles({ name: "IMG_0412.jpg", mimeType: "image/jpeg", buffer: upload })
  await page.getByRole("button", { name: "Choose selected" }).click()
  expect(await save(page)).toBe("Entry saved")

  const branch = "cms/home/about"
  await expect.poll(() => cms.github.git("branch", "--list", branch).trim(), { timeout: 30_000 }).not.toBe("")
  // The photo the draft adds, under whatever name Decap gave it.
  const added = cms.github.git("diff", "--name-only", "--diff-filter=A", "main", branch, "--", "content/images")
  const [photo] = added.split("\n").filter(Boolean)
  expect(added).toMatch(/0412/i)
  const committed = await sharp(cms.github.fileBytes(branch, photo!)).metadata()
  expect(committed).toMatchObject({ format: "jpeg", width: 1440, height: 1800 })
  expect({ exif: committed.exif, xmp: committed.xmp, iptc: committed.iptc }).toEqual({
    exif: undefined,
    xmp: undefined,
    iptc: undefined,
  })
  expect(carriedMetadata(committed)).toEqual({ blocks: [], carries: [] })
  expect(cms.github.unhandled).toEqual([])
  expect(errors).toEqual([])
  await context.close()
})
