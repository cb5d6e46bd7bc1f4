/**
 * A page whose data comes from another release than its HTML (a release switched between the two
 * requests) is reloaded whole before React hydrates it (src/navigation/page-version.tsx); the same
 * page with its own data loads once, and so does an unknown address in every language (each
 * language's not-found file against the one /404.html page the browser draws it with).
 */
import { expect, test } from "./fixtures"
import { collectErrors } from "./page-errors"

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

/** Every navigation of the page's main frame: documents loaded and moves inside the site. */
function navigations(page: import("@playwright/test").Page) {
  const seen: string[] = []
  page.on("framenavigated", (frame) => frame === page.mainFrame() && seen.push(new URL(frame.url()).pathname))
  return seen
}

for (const [address, then] of [
  ["/no-such-page/", []],
  ["/fr/no-such-page/", []],
  ["/case-studies/no-such-study/", ["/case-studies/"]],
  ["/fr/case-studies/no-such-study/", ["/fr/case-studies/"]],
] as const) {
  test(`${address} loads once${then.length ? `, then goes to ${then[0]}` : ""}`, async ({ page }) => {
    const seen = navigations(page)
    const documents: string[] = []
    page.on("request", (request) => request.isNavigationRequest() && documents.push(new URL(request.url()).pathname))
    // The address's own answer is a 404, and so are Gatsby's requests for its data and, finding none,
    // its HEAD of the address (without its slash) to tell an unknown page from a file it has no data for.
    const errors = collectErrors(page, (message) => {
      const { pathname } = new URL(message.location().url)
      return [address, address.slice(0, -1), `/page-data${address}page-data.json`].includes(pathname)
    })
    await page.goto(address)
    // The fixture's goto waits for hydration, which a reload for the page's version comes before.
    if (then.length) await expect(page).toHaveURL(new RegExp(`${then[0]}$`))
    expect(documents).toEqual([address])
    expect(seen).toEqual([address, ...then])
    // Hydrated in its own language, with no mismatch reported.
    expect(errors).toEqual([])
  })
}
