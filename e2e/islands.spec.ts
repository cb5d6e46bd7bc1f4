/**
 * Each page's own content is an island (src/components/ui/island.tsx): prerendered with the page, its
 * code fetched after the page is interactive, hydrated on its own. These tests hold an island's code
 * back on the network to open the moments a visitor on a slow connection lives through.
 */
import type { Page, Route } from "@playwright/test"
import { expect, test } from "./fixtures"
import { readContent } from "../test/support/content"

const settings = readContent("site/settings.json")
const hero = readContent("home/hero.json")
const caseStudy = readContent("case-studies/wine.json")

/**
 * When a page with an island held back counts as arrived: once its document is parsed. Its load event
 * also waits for every script inserted before it, the held chunk too whenever the page asks for it
 * that early, so it may come only when the test lets the chunk through.
 */
const ARRIVED = "domcontentloaded"

/** Holds back a chunk of the build until `release` is called; resolves `requested` when it is asked for. */
async function holdChunk(page: Page, name: string) {
  let release!: () => void
  const released = new Promise<void>((resolve) => (release = resolve))
  let markRequested!: () => void
  const requested = new Promise<void>((resolve) => (markRequested = resolve))
  await page.route(new RegExp(`/${name}-[0-9a-f]+\\.js$`), async (route: Route) => {
    markRequested()
    await released
    await route.continue()
  })
  return { release, requested }
}

/** Counts every element with this id that leaves the document (React discarding prerendered HTML). */
const watchRemovals = (page: Page, id: string) =>
  page.evaluate((watched) => {
    const counter = window as unknown as { __removed: number }
    counter.__removed = 0
    new MutationObserver((records) => {
      for (const record of records) {
        for (const node of record.removedNodes) {
          if (node instanceof Element && (node.id === watched || node.querySelector(`#${watched}`))) counter.__removed++
        }
      }
    }).observe(document.body, { childList: true, subtree: true })
  }, id)

const removals = (page: Page) => page.evaluate(() => (window as unknown as { __removed: number }).__removed)

/** Opens the home page with its sections' code held back; collects the page's uncaught errors. */
async function openHomeWithSectionsHeld(page: Page) {
  const errors: string[] = []
  page.on("pageerror", (error) => errors.push(error.message))
  const sections = await holdChunk(page, "home")
  // The fixture's goto returns once React has hydrated the page: here, with the sections' code held back.
  await page.goto("/", { waitUntil: ARRIVED })
  await sections.requested
  return { sections, errors }
}

test("the home page is interactive before its sections' code arrives; the sections hydrate once it has", async ({
  page,
}) => {
  const { sections, errors } = await openHomeWithSectionsHeld(page)
  const activeWord = page.locator('[data-testid="hero-word"] [data-active="true"]')

  // Prerendered and still: the hero rotates only once its code is in.
  await page.waitForTimeout(2500)
  await expect(activeWord).toHaveText(hero.rotatingWords[0])

  sections.release()
  await expect(activeWord).toHaveText(hero.rotatingWords[1])
  await page.getByRole("button", { name: `${settings.labels.pauseMotion}: ${hero.rotationLabel}` }).click()
  await expect(page.getByRole("button", { name: `${settings.labels.playMotion}: ${hero.rotationLabel}` })).toBeVisible()
  expect(errors).toEqual([])
})

test("a section link followed before the sections have hydrated keeps their HTML and lands on the section", async ({
  page,
}) => {
  const { sections, errors } = await openHomeWithSectionsHeld(page)
  await watchRemovals(page, "industries")

  await page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "Industries" }).click()
  await page.waitForTimeout(300)
  // The navigation waits for the sections rather than throwing their prerendered HTML away.
  await expect(page.locator("#industries")).toHaveCount(1)
  sections.release()

  await expect(page).toHaveURL(/\/#industries$/)
  await expect(page.locator("#industries")).toBeInViewport()
  expect(await removals(page)).toBe(0)
  expect(errors).toEqual([])
})

test("a page reached inside the site waits for its content's code and then appears whole", async ({ page }) => {
  const article = await holdChunk(page, "case-study")
  await page.goto("/case-studies/")
  const path = `/case-studies/${caseStudy.slug}/`
  await page.locator(`main a[href="${path}"]`).first().click()
  await article.requested
  await page.waitForTimeout(300)

  // Until the article's code is in, the list stays on screen: never a page without its content.
  await expect(page.getByRole("heading", { level: 1 })).not.toHaveText(caseStudy.title)
  expect(await page.locator("main h1").count()).toBe(1)
  article.release()

  await expect(page).toHaveURL(new RegExp(`${path}$`))
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(caseStudy.title)
})

test("a search typed before the list has hydrated is kept and applied once it has", async ({ page }) => {
  const list = await holdChunk(page, "case-list")
  await page.goto("/case-studies/", { waitUntil: ARRIVED })
  await list.requested
  const field = page.getByRole("searchbox")
  await field.fill("submarines")
  list.release()

  await expect(page.getByText("No case study matches “submarines”.")).toBeVisible()
  await expect(page.locator("main article")).toHaveCount(0)
  await expect(field).toHaveValue("submarines")
  await expect(page).toHaveURL(/\/case-studies\/\?q=submarines$/)
})
