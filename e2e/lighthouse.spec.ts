/**
 * Lighthouse on the home page with the mobile preset: the layout must not shift at all (CLS 0)
 * and accessibility must score 100. Full budgets for every route come with the quality gates.
 */
import fs from "node:fs"
import path from "node:path"
import { expect, test } from "./fixtures"
import { CHROMIUM_ARGS, chromiumPath } from "./browser"

test("home page, mobile preset: CLS 0 and accessibility 100", async ({ baseURL }) => {
  test.setTimeout(120_000)
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
    const result = await lighthouse(`${baseURL}/`, {
      port: chrome.port,
      output: "json",
      logLevel: "error",
      onlyCategories: ["performance", "accessibility"],
    })
    const lhr = result!.lhr
    const failing = Object.values(lhr.audits)
      .filter((audit) => audit.scoreDisplayMode === "binary" && audit.score === 0)
      .map((audit) => audit.id)
    expect(lhr.runtimeError, JSON.stringify(lhr.runtimeError)).toBeUndefined()
    const shifts = JSON.stringify(lhr.audits["layout-shifts"]?.details ?? {}, null, 1).slice(0, 3000)
    expect(lhr.audits["cumulative-layout-shift"].numericValue, shifts).toBe(0)
    expect(lhr.categories.accessibility.score, `failing audits: ${failing.join(", ")}`).toBe(1)
  } finally {
    await chrome.kill()
  }
})
