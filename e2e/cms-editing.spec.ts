/**
 * An editor's day in `npm run cms`, run as docs/editing.md says to run it, in a copy of the project (so
 * its content/ is a copy): decap-server writes there, and the site runs in development mode. The
 * development site opens cleanly; the CMS refuses what the build would refuse on the French side as
 * on the English one, leaving the file as it was; a study saved a moment ago previews in French;
 * deleting a study other entries point to names them first; team photos show in their fields; the
 * form says the local site has no releases (a deployed one says whether the entry is live); and no
 * journey leaves an error in the console. The buttons pressed and messages read here are the ones
 * docs/editing.md names (test/checks/editing-doc.test.ts).
 */
import fs from "node:fs"
import path from "node:path"
import { type Page, expect, test } from "@playwright/test"
import { DELETE_CONFIRMATION, ENTRY_CHECK, NO_UNSAVED_CHANGES, REFUSAL_MESSAGE, RELEASE_STATE } from "../cms/shared"
import { validateContent } from "../build-steps/content/validate"
import {
  type CmsDevSite,
  parseCmsDevSite,
  siteReady,
  startCmsDevSite,
  stopCmsDevSite,
} from "../test/support/cms-dev-site"
import {
  ADMIN_WORDS,
  fieldNamed,
  openCaseStudy,
  openFile,
  openPreview,
  publish,
  writeIn,
} from "../test/support/cms-admin"
import { collectErrors } from "./page-errors"

const SITE_ROUTES = ["/", "/case-studies/wine/", "/book-demo/"]

let site: CmsDevSite
/** Whether this file started the site, and stops it. */
let ownSite = false
let dir: string
let origin: string

// One `npm run cms` for the whole file: its first start (gatsby develop) takes a minute or two. In
// order; a failed test is retried with the tests after it, not the whole file as in serial mode.
test.describe.configure({ mode: "default", timeout: 120_000 })

test.beforeAll(async () => {
  test.setTimeout(300_000)
  // npm test starts it before the unit tests (test/support/cms-dev-site.ts); a retry starts its own,
  // the content as it was.
  const given = process.env.CMS_DEV_SITE
  ownSite = !given || test.info().retry > 0
  site = ownSite ? await startCmsDevSite() : parseCmsDevSite(given!)
  ;({ dir, origin } = site)
  await siteReady(site)
})

test.afterAll(() => {
  if (site && ownSite) stopCmsDevSite(site)
})

const WINE = "content/case-studies/wine.json"
const INDUSTRIES = "content/home/industries.json"
const fileText = (relative: string) => fs.readFileSync(path.join(dir, relative), "utf8")
// Tests read whichever part of a content file they edit.
const fileData = (relative: string): Record<string, any> => JSON.parse(fileText(relative))
/** A file as decap-server is writing it: undefined until it is whole, for a poll to ask again. */
const fileDataOnceWritten = (relative: string) => {
  try {
    return fileData(relative)
  } catch {
    return undefined
  }
}

/** The list of what to put right on one side of the form, after a refused save. */
const refusalList = (page: Page, side: string) =>
  page.getByRole("region", { name: new RegExp(`before saving \\(${side} side\\)$`) })

/** Publish, refused: Decap's notice says why, and after a moment the file is as it was. */
async function publishRefused(page: Page, relative: string, before: string) {
  await publish(page)
  await expect(page.getByText(REFUSAL_MESSAGE).first()).toBeVisible()
  await page.waitForTimeout(1_000)
  expect(fileText(relative)).toBe(before)
}

test("the development site opens with no error dialog and no console error", async ({ page }) => {
  const errors = collectErrors(page)
  for (const route of SITE_ROUTES) {
    await page.goto(`${origin}${route}`)
    await expect(page.getByRole("heading", { level: 1 }).first(), route).toBeVisible({ timeout: 60_000 })
    await page.waitForLoadState("networkidle")
    // Gatsby's development overlay, which lists runtime errors over the page.
    await expect(page.getByText(/Unhandled Runtime Error|Failed to compile/i), route).toHaveCount(0)
  }
  expect(errors).toEqual([])
})

test("an emptied French text is refused before saving, named on the French side, and the file is unchanged", async ({
  page,
}) => {
  const errors = collectErrors(page)
  const before = fileText(WINE)
  await openCaseStudy(page, fileData(WINE).en.title, origin)
  // Where a deployed admin says whether the entry is live, the local one says it has no releases.
  await expect(page.getByRole("status", { name: RELEASE_STATE.label, exact: true })).toHaveText(RELEASE_STATE.local)
  await fieldNamed(page, "Task", "fr").fill("")
  await publishRefused(page, WINE, before)
  const french = refusalList(page, "French")
  await expect(french).toBeVisible()
  await expect(french.getByRole("listitem")).toHaveText(["Task: must not be empty"])
  // The list is brought into view, its heading focused, wherever the editor had scrolled.
  await expect(french.getByRole("heading")).toBeFocused()
  await expect(french).toBeInViewport()
  // The field itself says so, as Decap says it of an English field: its message, the input marked.
  const task = fieldNamed(page, "Task", "fr")
  await expect(task).toHaveAttribute("aria-invalid", "true")
  await expect(task).toHaveAccessibleDescription("must not be empty")
  const message = page.locator(`[id="${await task.getAttribute("id")}-problem"]`)
  await expect(message).toHaveText("must not be empty")
  await expect(message).toBeVisible()
  // The English side has nothing to put right.
  await expect(refusalList(page, "English")).toHaveCount(0)
  // Each field listed leads to it.
  await french.getByRole("button", { name: "Task" }).click()
  await expect(fieldNamed(page, "Task", "fr")).toBeFocused()
  await expect(fieldNamed(page, "Task", "fr")).toBeInViewport()

  // With the preview in place of the French side, the English side names the French problem.
  await openPreview(page)
  await expect(refusalList(page, "English").getByRole("listitem")).toHaveText(["French: Task: must not be empty"])

  // Put right, it saves.
  await page.getByRole("button", { name: ADMIN_WORDS.toggleOtherLanguage }).click()
  await fieldNamed(page, "Task", "fr").fill("Suivre chaque allocation jusqu’à son marché final.")
  await publish(page)
  await expect
    .poll(() => fileDataOnceWritten(WINE)?.fr.task, { timeout: 15_000 })
    .toBe("Suivre chaque allocation jusqu’à son marché final.")
  await expect(refusalList(page, "French")).toHaveCount(0)
  await expect(fieldNamed(page, "Task", "fr")).not.toHaveAttribute("aria-invalid")
  await expect(page.getByText("must not be empty")).toHaveCount(0)
  expect((await validateContent(path.join(dir, "content"))).errors).toEqual([])
  expect(errors).toEqual([])
})

test("French edits stay unsaved changes when the English side is put back as it was, and Publish saves them", async ({
  page,
}) => {
  const errors = collectErrors(page)
  const { en, fr } = fileData(WINE)
  await openCaseStudy(page, en.title, origin)
  const edited = `${fr.title} (révisé)`
  await fieldNamed(page, "Title", "fr").fill(edited)
  // An English edit, then put back: Decap alone would weigh the English side only, find it as saved,
  // grey out Publish and let the editor leave without a word.
  await fieldNamed(page, "Title").fill(`${en.title} (draft)`)
  await fieldNamed(page, "Title").fill(en.title)
  await page.waitForTimeout(1_000)
  await expect(page.getByText(/^Unsaved changes$/i)).toBeVisible()
  await expect(page.getByText(NO_UNSAVED_CHANGES)).toHaveCount(0)
  await publish(page)
  await expect.poll(() => fileDataOnceWritten(WINE)?.fr.title, { timeout: 15_000 }).toBe(edited)
  expect(fileData(WINE).en.title).toBe(en.title)
  expect(errors).toEqual([])
})

test("a French list of the wrong length is refused, named on the French side, and the file is unchanged", async ({
  page,
}) => {
  const errors = collectErrors(page)
  const before = fileText(INDUSTRIES)
  const { fr } = fileData(INDUSTRIES)
  await openFile(page, "Home page", "Industries", origin)
  // The French side's first chip, removed with its item's own remove button (the last of its three).
  const chip = page.getByText(fr.chips[0], { exact: true }).first()
  await chip.locator("xpath=ancestor::div[.//button][1]").getByRole("button").last().click()
  // Decap counts each side's items.
  await expect(page.getByText(`${fr.chips.length - 1} chips`, { exact: true })).toBeVisible()
  await publishRefused(page, INDUSTRIES, before)
  await expect(refusalList(page, "French").getByRole("listitem")).toHaveText([
    `Chips: has ${fr.chips.length - 1} items where the English text has ${fr.chips.length}: each item of the list needs its French text, in the same order`,
  ])
  expect(errors).toEqual([])
})

test("a study saved in this session previews in French, with the French texts of the site as saved", async ({
  page,
}) => {
  const errors = collectErrors(page)
  const wine = fileData(WINE)
  await openCaseStudy(page, wine.en.title, origin)
  // A new study, from the wine study: Duplicate copies both languages.
  await page.getByRole("button", { name: "Published", exact: true }).click()
  await page.getByRole("menuitem", { name: "Duplicate" }).click()
  await expect(page.getByRole("textbox", { name: "Slug", exact: true })).toHaveValue(wine.en.slug)
  await page.getByRole("textbox", { name: "Slug", exact: true }).fill("wine-reserve")
  await fieldNamed(page, "Title").fill("Allocations for a Reserve Cuvée")
  await fieldNamed(page, "Title", "fr").fill("Les allocations d’une cuvée de réserve")
  // Its icon, picked by its picture.
  const icons = page.getByRole("radiogroup", { name: "Icon" })
  await expect(icons.getByRole("radio", { name: wine.en.icon })).toBeChecked()
  await icons.getByText("ship", { exact: true }).click()
  await expect(icons.getByRole("radio", { name: "ship" })).toBeChecked()
  await publish(page)
  const saved = "content/case-studies/wine-reserve.json"
  await expect
    .poll(() => fileDataOnceWritten(saved)?.fr.title, { timeout: 15_000 })
    .toBe("Les allocations d’une cuvée de réserve")
  expect(fileData(saved).en.icon).toBe("ship")

  // Its French preview: its French title, the case pages' French labels, as saved.
  const preview = await openPreview(page)
  await writeIn(page, "en", "fr")
  await expect(preview.getByRole("heading", { level: 1 })).toHaveText("Les allocations d’une cuvée de réserve")
  const labels = fileData("content/pages/case-studies.json").fr.detail
  await expect(preview.getByRole("heading", { level: 2, name: labels.situationLabel })).toBeVisible()

  // The French case list, drawn with every study as saved now: the new one among them.
  await openFile(page, "Pages", "Case studies page", origin)
  const list = await openPreview(page)
  await writeIn(page, "en", "fr")
  await expect(list.getByRole("heading", { name: "Les allocations d’une cuvée de réserve" })).toBeVisible()
  await expect(list.getByRole("heading", { name: wine.fr.title })).toBeVisible()
  expect((await validateContent(path.join(dir, "content"))).errors).toEqual([])
  expect(errors).toEqual([])
})

test("deleting a study the industry cards point to names them first, and nothing is removed unless confirmed", async ({
  page,
}) => {
  const errors = collectErrors(page)
  const wine = fileData(WINE)
  const cards = fileData(INDUSTRIES).en.cards as Array<{ caseSlug: string }>
  const card = cards.findIndex((candidate) => candidate.caseSlug === wine.en.slug)
  await openCaseStudy(page, wine.en.title, origin)
  const links = page.getByRole("region", { name: ENTRY_CHECK.linkedHeading })
  await expect(links).toContainText(ENTRY_CHECK.linkedNote)
  await expect(links.getByRole("listitem")).toHaveText([`Industries › Cards › #${card + 1} › Case slug`])

  // Decap's question says so too; declined, the study stays.
  const question = page.waitForEvent("dialog").then(async (dialog) => {
    const message = dialog.message()
    await dialog.dismiss()
    return message
  })
  await page.getByRole("button", { name: ADMIN_WORDS.deleteEntry }).click()
  expect(await question).toBe(DELETE_CONFIRMATION)
  await page.waitForTimeout(1_000)
  expect(fs.existsSync(path.join(dir, WINE))).toBe(true)

  // A study nothing points to lists no links, and goes when confirmed.
  const reserve = "content/case-studies/wine-reserve.json"
  await openCaseStudy(page, fileData(reserve).en.title, origin)
  await expect(page.getByText(ENTRY_CHECK.quiet).first()).toBeVisible()
  await expect(links).toHaveCount(0)
  page.once("dialog", (dialog) => void dialog.accept())
  await page.getByRole("button", { name: ADMIN_WORDS.deleteEntry }).click()
  await expect.poll(() => fs.existsSync(path.join(dir, reserve)), { timeout: 15_000 }).toBe(false)
  expect((await validateContent(path.join(dir, "content"))).errors).toEqual([])
  expect(errors).toEqual([])
})

test("a saved study given a new slug says where it moves; the save keeps its file and lists the old slug", async ({
  page,
}) => {
  const errors = collectErrors(page)
  const wine = fileData(WINE)
  await openCaseStudy(page, wine.en.title, origin)
  const moved = page.getByRole("region", { name: ENTRY_CHECK.movedHeading })
  await expect(page.getByText(ENTRY_CHECK.quiet).first()).toBeVisible()
  await expect(moved).toHaveCount(0)
  await page.getByRole("textbox", { name: "Slug", exact: true }).fill("grands-vins")
  await expect(moved).toHaveText(
    ENTRY_CHECK.movedHeading +
      ENTRY_CHECK.moved(
        ["/case-studies/wine/", "/fr/case-studies/wine/"],
        ["/case-studies/grands-vins/", "/fr/case-studies/grands-vins/"],
      ),
  )
  await publish(page)
  await expect.poll(() => fileDataOnceWritten(WINE)?.en.slug, { timeout: 15_000 }).toBe("grands-vins")
  expect(fileData(WINE).en.formerSlugs).toEqual(["wine"])
  expect(fs.existsSync(path.join(dir, "content/case-studies/grands-vins.json"))).toBe(false)
  // The industry card still names "wine", which stands for the study where it is now.
  expect((await validateContent(path.join(dir, "content"))).errors).toEqual([])
  await expect(page.getByText(NO_UNSAVED_CHANGES)).toBeVisible()

  // Saved again from the same form, whose copy of the list predates the save: the list is kept.
  const title = `${wine.en.title.slice(0, 60)} (2025)`
  await fieldNamed(page, "Title").fill(title)
  await publish(page)
  await expect.poll(() => fileDataOnceWritten(WINE)?.en.title, { timeout: 15_000 }).toBe(title)
  expect(fileData(WINE).en.formerSlugs).toEqual(["wine"])
  await expect(page.getByText(NO_UNSAVED_CHANGES)).toBeVisible()

  // Moved back, the address of before is its own again, and off the list.
  // As an editor does it: into the field, all of it selected, typed over. (Decap's text field puts
  // the caret back where the last typing left it when it draws again on focus, which undoes a select
  // made before the focus, as Playwright's fill makes it.)
  const slug = page.getByRole("textbox", { name: "Slug", exact: true })
  await slug.click()
  await slug.press("ControlOrMeta+a")
  await slug.pressSequentially("wine")
  await expect(slug).toHaveValue("wine")
  await publish(page)
  await expect.poll(() => fileDataOnceWritten(WINE)?.en.slug, { timeout: 15_000 }).toBe("wine")
  expect(fileData(WINE).en.formerSlugs).toEqual(["grands-vins"])
  expect((await validateContent(path.join(dir, "content"))).errors).toEqual([])
  expect(errors).toEqual([])
})

test("the team's photos show in their fields: each thumbnail is the photo, not a placeholder", async ({ page }) => {
  const errors = collectErrors(page)
  const members = fileData("content/home/about.json").en.members as Array<{ name: string }>
  await openFile(page, "Home page", "About and team", origin)
  // Each member's item, named by name and role on the English side, opened with its first button.
  for (const member of members) {
    await page
      .getByText(`${member.name} · `)
      .first()
      .locator("xpath=ancestor::div[.//button][1]")
      .locator("button")
      .first()
      .click()
  }
  const thumbnails = page.locator("img[role=presentation]")
  await expect(thumbnails).toHaveCount(members.length)
  for (const thumbnail of await thumbnails.all()) {
    await thumbnail.scrollIntoViewIfNeeded()
    // The photos are 960 x 1200; Decap's placeholder while one loads is an empty drawing of 300 x 150.
    await expect.poll(() => thumbnail.evaluate((image: HTMLImageElement) => image.naturalWidth)).toBe(960)
  }
  expect(errors).toEqual([])
})
