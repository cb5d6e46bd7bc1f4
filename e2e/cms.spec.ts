/**
 * The editors' interface, end to end: Decap CMS at /admin of the built site, with its local backend
 * (decap-server) writing into a copy of content/ in a temporary folder, so the repository's content
 * is never touched. An edit saved in the CMS lands in the JSON file and still passes validation; an
 * empty required field is refused with a message and nothing is written. The preview pane draws each
 * entry with the site's own components, theme and faces, and follows the editor's typing.
 */
import { type ChildProcess, spawn } from "node:child_process"
import fs from "node:fs"
import os from "node:os"
import path from "node:path"
import { expect, test } from "@playwright/test"
import { validateContent } from "../build-steps/content/validate"
import { deferredBundles } from "../build-steps/post-build/hydrate-after-paint"
import { waitForServer } from "../deploy/lib/wait-for-server"
import { ENTRY_CHECK, REFUSAL_MESSAGE } from "../cms/shared"
import { DECAP_VERIFIED } from "../cms/app/decap-internals"
import { collectErrors } from "./page-errors"
import {
  openAdmin,
  fieldNamed,
  openCaseStudy,
  openFile,
  openPreview,
  previewOf,
  publish,
  writeIn,
} from "../test/support/cms-admin"

const ROOT = path.resolve(__dirname, "..")
/** decap-server's port, behind the nginx of the browser tests (playwright.config.ts). */
const DECAP_PORT = Number(process.env.DECAP_E2E_PORT)
const CASE_FILE = "content/case-studies/wine.json"

let workspace: string
let server: ChildProcess

/**
 * decap-server answers its API's "info" action once it is listening. The deadline is for a hang, not
 * a timing verdict: it started in over 20 s once, while the scale gate's copy was still building
 * beside the first browsers (scripts/test.sh).
 */
const waitForDecapServer = () =>
  waitForServer(`http://127.0.0.1:${DECAP_PORT}/api/v1`, {
    name: "decap-server",
    timeoutMs: 90_000,
    init: { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify({ action: "info" }) },
    ready: (response) => response.ok,
  })

// Each test loads the CMS (Decap, 1.5 MB of gzip) and saves through decap-server: on a loaded
// 2-core machine one of them took 31.6 s, past the default 30 s allowance. The steps' own waits
// are unchanged. In order on one decap-server; a failed test is retried alone with the tests after it
// (each reads the file it edits as it finds it), not the whole file as in serial mode.
test.describe.configure({ mode: "default", timeout: 90_000 })

test.beforeAll(async () => {
  test.setTimeout(120_000)
  workspace = fs.mkdtempSync(path.join(os.tmpdir(), "aurelle-cms-"))
  fs.cpSync(path.join(ROOT, "content"), path.join(workspace, "content"), { recursive: true })
  server = spawn(path.join(ROOT, "node_modules/.bin/decap-server"), [], {
    env: { ...process.env, PORT: String(DECAP_PORT), GIT_REPO_DIRECTORY: workspace, LOG_LEVEL: "warn" },
    stdio: "ignore",
  })
  await waitForDecapServer()
})

test.afterAll(() => {
  server?.kill()
  fs.rmSync(workspace, { recursive: true, force: true })
})

/** A content file of the workspace as it is on disk: { "$schema", "en", "fr" }. */
const fileOnDisk = (relative: string) => {
  const text = fs.readFileSync(path.join(workspace, relative), "utf8")
  // Read while decap-server may be writing it: an unfinished file reads as not there yet.
  try {
    return JSON.parse(text) as Record<string, Record<string, any>>
  } catch {
    return undefined
  }
}
/** The English document of a content file of the workspace. */
const readContent = (relative: string) => fileOnDisk(`content/${relative}`)!.en
const caseOnDisk = (locale: "en" | "fr" = "en") => fileOnDisk(CASE_FILE)?.[locale]

test("an editor changes a case study's title and the JSON file on disk follows, still valid", async ({ page }) => {
  const beforeText = fs.readFileSync(path.join(workspace, CASE_FILE), "utf8")
  const { en: before, fr: french } = JSON.parse(beforeText)
  await openCaseStudy(page, before.title)
  const title = fieldNamed(page, "Title")
  await expect(title).toHaveValue(before.title)
  const edited = `${before.title} (revised)`
  await title.fill(edited)
  // Its French too: a title changed in English alone would record its French as to check.
  const frenchEdited = `${french.title} (révisé)`
  await fieldNamed(page, "Title", "fr").fill(frenchEdited)
  await publish(page)

  await expect.poll(() => caseOnDisk()?.title, { timeout: 15_000 }).toBe(edited)
  // "View Live" opens the study's own page on the site, not its home.
  const { siteUrl } = readContent("site/settings.json")
  await expect(page.getByRole("link", { name: /view live/i })).toHaveAttribute(
    "href",
    `${siteUrl}/case-studies/${before.slug}/`,
  )
  // Only the titles changed: same keys, same order, same formatting, so the commit shows their lines.
  await expect.poll(() => caseOnDisk("fr")?.title, { timeout: 15_000 }).toBe(frenchEdited)
  expect(fs.readFileSync(path.join(workspace, CASE_FILE), "utf8")).toBe(
    beforeText.replace(before.title, edited).replace(french.title, frenchEdited),
  )
  const report = await validateContent(path.join(workspace, "content"))
  expect(report.errors).toEqual([])
})

test("saving the team's page changes only the edited line, though its facts and the hero's claims share keys", async ({
  page,
}) => {
  const file = path.join(workspace, "content/home/about.json")
  const beforeText = fs.readFileSync(file, "utf8")
  const { en: before, fr: french } = JSON.parse(beforeText)
  await openFile(page, "Home page", "About and team")
  const title = fieldNamed(page, "Title")
  await expect(title).toHaveValue(before.title)
  const edited = `${before.title} (revised)`
  await title.fill(edited)
  // Its French too, so that the save records no French to check (model/translations.ts).
  const frenchEdited = `${french.title} (révisé)`
  await fieldNamed(page, "Title", "fr").fill(frenchEdited)
  await publish(page)
  await expect.poll(() => fileOnDisk("content/home/about.json")?.fr.title, { timeout: 15_000 }).toBe(frenchEdited)
  const line = (from: string, to: string): [string, string] => [
    `"title": ${JSON.stringify(from)}`,
    `"title": ${JSON.stringify(to)}`,
  ]
  expect(fs.readFileSync(file, "utf8")).toBe(
    beforeText.replace(...line(before.title, edited)).replace(...line(french.title, frenchEdited)),
  )
})

test("an editor translates a case study: its French text changes, its English text and shared fields do not", async ({
  page,
}) => {
  const beforeText = fs.readFileSync(path.join(workspace, CASE_FILE), "utf8")
  const before = JSON.parse(beforeText)
  await openCaseStudy(page, before.en.title)
  // Both languages side by side; what they share (the slug, the metrics) is set once, in English.
  await expect(page.getByRole("textbox", { name: "Slug", exact: true })).toHaveCount(1)
  const title = fieldNamed(page, "Title", "fr")
  await expect(title).toHaveValue(before.fr.title)
  const edited = `${before.fr.title} (révisé)`
  await title.fill(edited)

  // The preview, in place of the second language, follows the language the left side writes in: the
  // French page, French labels included.
  const preview = await openPreview(page)
  await writeIn(page, "en", "fr")
  await expect(preview.getByRole("heading", { level: 1 })).toHaveText(edited)
  const labels = fileOnDisk("content/pages/case-studies.json")!.fr.detail
  await expect(preview.getByRole("heading", { level: 2, name: labels.situationLabel })).toBeVisible()

  await publish(page)
  await expect.poll(() => fileOnDisk(CASE_FILE)?.fr.title, { timeout: 15_000 }).toBe(edited)
  // One line changed: the French title.
  expect(fs.readFileSync(path.join(workspace, CASE_FILE), "utf8")).toBe(
    beforeText.replace(JSON.stringify(before.fr.title), JSON.stringify(edited)),
  )
  expect((await validateContent(path.join(workspace, "content"))).errors).toEqual([])
})

test("the case studies list names each study by its title and its slug, the file it is saved as", async ({ page }) => {
  await openAdmin(page)
  await page.getByRole("link", { name: "Case studies" }).first().click()
  for (const file of fs.readdirSync(path.join(workspace, "content/case-studies"))) {
    const study = readContent(`case-studies/${file}`)
    expect(`${study.slug}.json`).toBe(file)
    await expect(page.getByText(`${study.title} (${study.slug})`, { exact: true })).toBeVisible()
  }
})

test("the CMS refuses to save an empty, invisible or too long field and the file is unchanged", async ({ page }) => {
  const before = fs.readFileSync(path.join(workspace, CASE_FILE), "utf8")
  await openCaseStudy(page, JSON.parse(before).en.title)
  const client = fieldNamed(page, "Client")
  // The build's limit for the field is shown before anyone types.
  await expect(page.getByText("Up to 120 characters: it is one line of supporting text.").first()).toBeVisible()

  await client.fill("")
  await publish(page)
  await expect(page.getByText(/^Client is required\.$/i)).toBeVisible()

  // Blank or invisible is empty too, as the build reads it.
  for (const blank of ["   ", "\u200B\u200B\u200B"]) {
    await client.fill(blank)
    await publish(page)
    await expect(page.getByText(/must contain visible text/).first()).toBeVisible()
  }

  await client.fill("c".repeat(121))
  await publish(page)
  await expect(page.getByText(/must be at most 120 characters/).first()).toBeVisible()
  // The refusal says what happened, not "you've missed a required field" for a text too long.
  await expect(page.getByText(REFUSAL_MESSAGE).first()).toBeVisible()
  await expect(page.getByText(/missed a required field/i)).toHaveCount(0)

  await page.waitForTimeout(1000)
  expect(fs.readFileSync(path.join(workspace, CASE_FILE), "utf8")).toBe(before)
})

test("a Decap that no longer gives the form what the checks need: the form says so, and nothing is saved", async ({
  page,
}) => {
  // The admin's script as a Decap release that renamed a control's `loadEntry` would make it: the one
  // place Decap's Widget hands it to a control (minified: `…isFetching:x,loadEntry:y,isEditorComponent:…`).
  let renamed = 0
  await page.route("**/admin/cms.js", async (route) => {
    const response = await route.fetch()
    const body = (await response.text()).replace(/(isFetching:\w+,)loadEntry(:\w+,isEditorComponent:)/g, (...match) => {
      renamed++
      return `${match[1]}loadEntryRenamed${match[2]}`
    })
    await route.fulfill({ response, body })
  })
  const before = fs.readFileSync(path.join(workspace, CASE_FILE), "utf8")
  await openCaseStudy(page, JSON.parse(before).en.title)
  expect(renamed).toBe(1)
  const alert = page.getByRole("alert").filter({ hasText: ENTRY_CHECK.cannotCheckHeading })
  await expect(alert.first()).toBeVisible()
  await expect(alert.first()).toContainText(`“loadEntry” (the checks were verified on ${DECAP_VERIFIED})`)
  // A change the build would accept is not saved either: it cannot be checked.
  await fieldNamed(page, "Client").fill("A house that cannot be checked")
  await publish(page)
  await expect(page.getByText(REFUSAL_MESSAGE).first()).toBeVisible()
  await expect(page.getByText(`${ENTRY_CHECK.cannotCheck} `).first()).toBeVisible()
  await page.waitForTimeout(1000)
  expect(fs.readFileSync(path.join(workspace, CASE_FILE), "utf8")).toBe(before)
})

test("the admin is kept out of search and out of the site's own JavaScript", async ({ request }) => {
  const admin = await (await request.get("/admin/")).text()
  expect(admin).toContain('<meta name="robots" content="noindex, nofollow" />')
  const sitemap = await (await request.get("/sitemap-0.xml")).text()
  expect(sitemap).not.toContain("/admin")

  const home = await (await request.get("/")).text()
  const bundles = deferredBundles(home)
  expect(bundles.length).toBe(3)
  for (const bundle of bundles) {
    expect(await (await request.get(bundle)).text(), bundle).not.toMatch(/decap|netlify-cms/i)
  }
  // Nor any page's chunk: the previews (cms/app/) are compiled for /admin/ alone.
  const siteScripts = fs.readdirSync(path.join(ROOT, "public")).filter((file) => file.endsWith(".js"))
  expect(siteScripts.length).toBeGreaterThan(bundles.length)
  for (const script of siteScripts) {
    expect(fs.readFileSync(path.join(ROOT, "public", script), "utf8"), script).not.toMatch(/decap|Not previewed yet/i)
  }
})

test("a case study's preview is the site's page, in its faces, and follows the editor's typing", async ({ page }) => {
  const errors = collectErrors(page)
  const study = caseOnDisk()!
  const labels = readContent("pages/case-studies.json").detail
  await openCaseStudy(page, study.title)
  const preview = await openPreview(page)
  const title = preview.getByRole("heading", { level: 1 })
  await expect(title).toHaveText(study.title)
  await expect(preview.getByRole("heading", { level: 2, name: labels.situationLabel })).toBeVisible()
  await expect(preview.getByText(study.metrics.dataPoints, { exact: true })).toBeVisible()

  // The site's theme and faces: the display serif, loaded from the admin's own copy; the ink band.
  expect(await title.evaluate((node) => getComputedStyle(node).fontFamily)).toMatch(/^"Cormorant Garamond"/)
  await expect
    .poll(() =>
      title.evaluate((node) =>
        [...node.ownerDocument.fonts].some(
          (face) => face.family.includes("Cormorant Garamond") && face.status === "loaded",
        ),
      ),
    )
    .toBe(true)
  const band = preview.locator("header").first()
  expect(await band.evaluate((node) => getComputedStyle(node).backgroundColor)).toBe("rgb(14, 15, 19)")

  await fieldNamed(page, "Title").fill("Allocations Traced Across Forty Markets")
  await expect(title).toHaveText("Allocations Traced Across Forty Markets")

  // An entry the build would refuse is listed by field, in the build's words, instead of drawn.
  await fieldNamed(page, "Title").fill("")
  const problems = preview.getByRole("alert")
  await expect(problems.getByRole("heading", { name: "Not previewed yet" })).toBeVisible()
  await expect(problems).toContainText("Title: must not be empty")
  await expect(title).toHaveCount(0)
  expect(errors).toEqual([])
})

test("the team's preview shows every member's card with the photo from content/images/team", async ({ page }) => {
  const errors = collectErrors(page)
  const about = readContent("home/about.json")
  await openFile(page, "Home page", "About and team")
  const preview = await openPreview(page)
  await expect(preview.getByRole("heading", { level: 2, name: about.title })).toBeVisible()
  for (const member of about.members) {
    await expect(preview.getByRole("heading", { name: member.name })).toBeVisible()
    const photo = preview.getByAltText(new RegExp(`${member.name}$`))
    await photo.scrollIntoViewIfNeeded()
    await expect.poll(() => photo.evaluate((image: HTMLImageElement) => image.naturalWidth)).toBeGreaterThan(0)
  }
  expect(errors).toEqual([])
})

const FILE_PREVIEWS = [
  {
    collection: "Home page",
    file: "Hero",
    heading: () => ({ level: 1, name: new RegExp(`^${readContent("home/hero.json").titleLead}`) }),
  },
  {
    collection: "Home page",
    file: "Industries",
    heading: () => ({ level: 2, name: readContent("home/industries.json").title }),
  },
  {
    collection: "Home page",
    file: "Services",
    heading: () => ({ level: 2, name: readContent("home/services.json").title }),
  },
  {
    collection: "Home page",
    file: "Process",
    heading: () => ({ level: 2, name: readContent("home/process.json").title }),
  },
  {
    collection: "Home page",
    file: "Contact",
    heading: () => ({ level: 2, name: readContent("home/contact.json").title }),
  },
  {
    collection: "Pages",
    file: "Book a demo",
    heading: () => ({ level: 1, name: readContent("pages/book-demo.json").title }),
  },
  {
    collection: "Pages",
    file: "Privacy policy",
    heading: () => ({ level: 1, name: readContent("pages/privacy-policy.json").title }),
  },
  {
    collection: "Settings",
    file: "Site settings",
    heading: () => ({ level: 2, name: readContent("site/settings.json").footer.quickLinksTitle }),
  },
]

test("list items in a form are named by their own text, not by their field's label", async ({ page }) => {
  const industries = readContent("home/industries.json")
  const about = readContent("home/about.json")
  // The form's inputs hold the chips as values; as text they appear only as the items' names.
  await openFile(page, "Home page", "Industries")
  for (const chip of industries.chips) await expect(page.getByText(chip, { exact: true }).first()).toBeVisible()
  // A paragraph is named by its first words, cut to one line.
  await openFile(page, "Home page", "About and team")
  const story = about.story[0] as string
  const cut = new RegExp(`^${story.slice(0, 40).replace(/[.*+?^${}()|[\]\\]/g, "\\$&")}.{0,30}…$`)
  await expect(page.getByText(cut)).toBeVisible()
})

test("every home section, page and the settings preview with the site's components", async ({ page }) => {
  test.setTimeout(90_000)
  const errors = collectErrors(page)
  for (const { collection, file, heading } of FILE_PREVIEWS) {
    await openFile(page, collection, file)
    await expect(
      (await openPreview(page)).getByRole("heading", heading()).first(),
      `${collection} › ${file}`,
    ).toBeVisible()
  }
  const services = readContent("home/services.json")
  const highlighted = services.services.find((service: { highlighted: boolean }) => service.highlighted)
  await openFile(page, "Home page", "Services")
  await openPreview(page)
  const card = previewOf(page)
    .getByRole("listitem")
    .filter({ has: previewOf(page).getByRole("heading", { name: highlighted.title }) })
  await expect(card.getByText(services.highlightLabel)).toBeVisible()
  expect(errors).toEqual([])
})
