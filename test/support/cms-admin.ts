/**
 * How the browser tests work the CMS as an editor does, by the names the admin shows: signing in
 * locally, opening an entry, a field on the English or the French side, Publish, the preview. The
 * docs/editing.md names the same buttons (e2e/cms-editing.spec.ts checks it does).
 */
import { type Page, expect } from "@playwright/test"

/** The buttons and menu items an editor presses, as the local CMS names them. */
export const ADMIN_WORDS = {
  login: "Login",
  publish: "Publish",
  publishNow: "Publish now",
  deleteEntry: "Delete entry",
  togglePreview: "Toggle preview",
  toggleOtherLanguage: "Toggle i18n",
  writingIn: (locale: string) => `Writing in ${locale.toUpperCase()}`,
} as const

/** Opens the admin at `origin` (the page's base URL when empty) and signs in if it asks. */
export async function openAdmin(page: Page, origin = "") {
  await page.goto(`${origin}/admin/`)
  const login = page.getByRole("button", { name: ADMIN_WORDS.login })
  const collections = page.getByRole("link", { name: "Case studies" }).first()
  await expect(login.or(collections)).toBeVisible({ timeout: 30_000 })
  if (await login.isVisible()) await login.click()
  await expect(collections).toBeVisible()
}

/** Opens a case study by its title, from the collection's list. */
export async function openCaseStudy(page: Page, title: string, origin = "") {
  await openAdmin(page, origin)
  await page.getByRole("link", { name: "Case studies" }).first().click()
  await page.getByText(title, { exact: false }).first().click()
  await expect(page.getByRole("textbox", { name: "Slug", exact: true })).toBeVisible()
}

/** Opens one file of a files collection, by the labels the CMS shows. */
export async function openFile(page: Page, collection: string, file: string, origin = "") {
  await openAdmin(page, origin)
  await page.getByRole("link", { name: collection, exact: true }).click()
  await page.getByRole("link", { name: file, exact: true }).click()
}

export const previewOf = (page: Page) => page.frameLocator("#preview-pane")

/**
 * The preview pane, beside the form: Decap opens an entry with its second language there, and the
 * preview one press away.
 */
export async function openPreview(page: Page) {
  const toggle = page.getByRole("button", { name: ADMIN_WORDS.togglePreview })
  await expect(toggle).toBeVisible()
  if ((await page.locator("#preview-pane").count()) === 0) await toggle.click()
  await expect(page.locator("#preview-pane")).toBeVisible()
  return previewOf(page)
}

/** Has the left side (and so the preview) write in a language. */
export async function writeIn(page: Page, from: string, to: string) {
  await page.getByText(ADMIN_WORDS.writingIn(from), { exact: true }).first().click()
  await page.getByRole("menuitem", { name: to, exact: true }).click()
}

/**
 * A field of the form, by its label, on the English side (the left of the two languages Decap shows
 * side by side) or the French one.
 */
export const fieldNamed = (page: Page, label: string, locale: "en" | "fr" = "en") =>
  page.getByRole("textbox", { name: label, exact: true }).nth(locale === "en" ? 0 : 1)

/** Publish ▸ Publish now: the local CMS's save, which writes the file. */
export async function publish(page: Page) {
  await page.getByRole("button", { name: ADMIN_WORDS.publish, exact: true }).click()
  await page.getByRole("menuitem", { name: ADMIN_WORDS.publishNow }).click()
}
