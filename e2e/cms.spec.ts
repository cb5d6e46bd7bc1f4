/**
 * The editors' interface, end to end: Decap CMS at /admin of the built site, with its local backend
 * (decap-server) writing into a copy of content/ in a temporary folder, so the repository's content
 * is never touched. An edit saved in the CMS lands in the JSON file and still passes validation; an
 * empty required field is refused with a message and nothing is written.
 */
import { type ChildProcess, spawn } from "node:child_process"
import fs from "node:fs"
import os from "node:os"
import path from "node:path"
import { type Page, expect, test } from "@playwright/test"
import { validateContent } from "../gatsby/content/validate"
import { deferredBundles } from "../gatsby/hydrate-after-paint"

const ROOT = path.resolve(__dirname, "..")
const DECAP_PORT = 8081
const CASE_FILE = "content/case-studies/wine.json"

let workspace: string
let server: ChildProcess

async function waitForDecapServer() {
  for (let attempt = 0; attempt < 100; attempt += 1) {
    try {
      const response = await fetch(`http://127.0.0.1:${DECAP_PORT}/api/v1`, {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify({ action: "info" }),
      })
      if (response.ok) return
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 200))
  }
  throw new Error(`decap-server did not start on port ${DECAP_PORT}`)
}

test.describe.configure({ mode: "serial" })

test.beforeAll(async () => {
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

const caseOnDisk = () => JSON.parse(fs.readFileSync(path.join(workspace, CASE_FILE), "utf8"))

async function openCaseStudy(page: Page, title: string) {
  await page.goto("/admin/")
  await page.getByRole("button", { name: "Login" }).click()
  await page.getByRole("link", { name: "Case studies" }).first().click()
  await page.getByText(title, { exact: false }).first().click()
  await expect(page.getByRole("textbox", { name: "Slug", exact: true })).toBeVisible()
}

const fieldNamed = (page: Page, label: string) => page.getByRole("textbox", { name: label, exact: true })

async function publish(page: Page) {
  await page.getByRole("button", { name: "Publish", exact: true }).click()
  await page.getByRole("menuitem", { name: "Publish now" }).click()
}

test("an editor changes a case study's title and the JSON file on disk follows, still valid", async ({ page }) => {
  const beforeText = fs.readFileSync(path.join(workspace, CASE_FILE), "utf8")
  const before = JSON.parse(beforeText)
  await openCaseStudy(page, before.title)
  const title = fieldNamed(page, "Title")
  await expect(title).toHaveValue(before.title)
  const edited = `${before.title} (revised)`
  await title.fill(edited)
  await publish(page)

  await expect.poll(() => caseOnDisk().title, { timeout: 15_000 }).toBe(edited)
  // Only the title changed: same keys, same order, same formatting, so the commit shows one line.
  expect(fs.readFileSync(path.join(workspace, CASE_FILE), "utf8")).toBe(beforeText.replace(before.title, edited))
  const report = validateContent(path.join(workspace, "content"))
  expect(report.errors).toEqual([])
})

test("the CMS refuses to save an empty required field and the file is unchanged", async ({ page }) => {
  const before = fs.readFileSync(path.join(workspace, CASE_FILE), "utf8")
  await openCaseStudy(page, JSON.parse(before).title)
  const client = fieldNamed(page, "Client")

  await client.fill("")
  await publish(page)
  await expect(page.getByText(/^Client is required\.$/i)).toBeVisible()

  // Blank is empty too: the build trims text before checking it, and so does the form.
  await client.fill("   ")
  await publish(page)
  await expect(page.getByText("must not be empty")).toBeVisible()

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
})
