/**
 * Lighthouse in Debian's Chromium against the built site: the home page on the mobile preset must
 * not shift at all (CLS 0) and score 100 for accessibility; every route must score 100 for SEO.
 * Full budgets for every route and preset come with the quality gates.
 */
import fs from "node:fs"
import path from "node:path"
import type { Flags } from "lighthouse"
import { expect, test } from "./fixtures"
import { CHROMIUM_ARGS, chromiumPath } from "./browser"
import { ROUTES } from "./content"

async function audit(url: string, flags: Flags) {
  const { default: lighthouse } = await import("lighthouse")
  const { launch } = await import("chrome-launcher")
  const profiles = path.resolve(".tmp/lighthouse")
  fs.mkdirSync(profiles, { recursive: true })
  const chrome = await launch({
    chromePath: chromiumPath(),
    chromeFlags: ["--headless=new", ...CHROMIUM_ARGS],
    userDataDir: fs.mkdtempSync(path.join(profiles, "profile-")),
  })
  try {
    const result = await lighthouse(url, { port: chrome.port, output: "json", logLevel: "error", ...flags })
    const lhr = result!.lhr
    expect(lhr.runtimeError, JSON.stringify(lhr.runtimeError)).toBeUndefined()
    return lhr
  } finally {
    await chrome.kill()
  }
}

const failingAudits = (lhr: Awaited<ReturnType<typeof audit>>) =>
  Object.values(lhr.audits)
    .filter((item) => item.scoreDisplayMode === "binary" && item.score === 0)
    .map((item) => item.id)
    .join(", ")

test("home page, mobile preset: CLS 0 and accessibility 100", async ({ baseURL }) => {
  test.setTimeout(120_000)
  const lhr = await audit(`${baseURL}/`, { onlyCategories: ["performance", "accessibility"] })
  const shifts = JSON.stringify(lhr.audits["layout-shifts"]?.details ?? {}, null, 1).slice(0, 3000)
  expect(lhr.audits["cumulative-layout-shift"].numericValue, shifts).toBe(0)
  expect(lhr.categories.accessibility.score, `failing audits: ${failingAudits(lhr)}`).toBe(1)
})

for (const route of ROUTES) {
  test(`${route}: SEO 100`, async ({ baseURL }) => {
    test.setTimeout(90_000)
    const lhr = await audit(`${baseURL}${route}`, { onlyCategories: ["seo"] })
    expect(lhr.categories.seo.score, `failing audits: ${failingAudits(lhr)}`).toBe(1)
  })
}
