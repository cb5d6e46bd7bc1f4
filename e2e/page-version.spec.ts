/**
 * A page whose data comes from another release than its HTML (a release switched between the two
 * requests) is reloaded whole before React hydrates it (src/navigation/page-version.tsx); the same
 * page with its own data loads once.
 */
import { expect, test } from "./fixtures"

const PAGE = "/case-studies/wine/"
const PAGE_DATA = "**/page-data/case-studies/wine/page-data.json"

/** Counts the documents the page loads at `PAGE` and the errors its console reports. */
function watch(page: import("@playwright/test").Page) {
  const seen = { documents: 0, errors: [] as string[] }
  page.on("request", (request) => {
    if (request.isNavigationRequest() && new URL(request.url()).pathname === PAGE) seen.documents++
  })
  page.on("console", (message) => message.type() === "error" && seen.errors.push(message.text()))
  page.on("pageerror", (error) => seen.errors.push(error.message))
  return seen
}

test("a page whose data is the next release's is reloaded, never hydrated with it", async ({ page }) => {
  const seen = watch(page)
  let served = 0
  // The first answer is the next release's data: the study's title changed.
  await page.route(PAGE_DATA, async (route) => {
    served++
    if (served > 1) return route.continue()
    const response = await route.fetch()
    const text = (await response.text()).replace(/"title":"Tracing Allocations/g, '"title":"Next Release: Tracing')
    expect(text).toContain("Next Release: Tracing")
    await route.fulfill({ response, body: text })
  })
  await page.goto(PAGE)
  expect(seen.documents).toBe(2)
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(/^Tracing Allocations/)
  await expect(page.getByText("Next Release: Tracing")).toHaveCount(0)
  expect(seen.errors).toEqual([])
})

test("a page whose data is its own release's loads once", async ({ page }) => {
  const seen = watch(page)
  await page.goto(PAGE)
  expect(seen.documents).toBe(1)
  expect(seen.errors).toEqual([])
})
