/**
 * Nothing an editor types runs in a visitor's browser. A copy of the site is built with hostile text
 * in a case study (the markup a CMS user could type into plain-text fields, including one that would
 * close the JSON-LD script and open its own) and served by nginx with the configuration the build
 * ships, Content-Security-Policy included. In Chromium: no script of the text runs, the text shows
 * literally, and the browser reports no policy violation (the build's own code is all allowed).
 */
import fs from "node:fs"
import path from "node:path"
import type { Page } from "@playwright/test"
import { type RunningNginx, startNginx } from "../deploy/hosting/local-nginx"
import { BUILD_TIMEOUT_MS, buildCopy, editJson, projectCopy } from "../test/support/project-copy"
import { expect, test } from "./fixtures"

const HOSTILE = {
  title: "x</script><script>alert(1)</script>",
  industry: '"><img src=x onerror=alert(2)>',
  client: "<svg onload=alert(3)></svg> & <b>bold</b>",
}

let dir: string
let nginx: RunningNginx

test.describe.configure({ mode: "serial" })

test.beforeAll(async () => {
  test.setTimeout(BUILD_TIMEOUT_MS + 60_000)
  dir = projectCopy()
  editJson(path.join(dir, "content/case-studies/retail.json"), (data) => Object.assign(data, HOSTILE))
  const { status, output } = await buildCopy(dir)
  expect(status, output.slice(-3000)).toBe(0)
  nginx = await startNginx({ publicDir: path.join(dir, "public") })
})

test.afterAll(async () => {
  await nginx?.stop()
  if (dir) fs.rmSync(dir, { recursive: true, force: true })
})

/** Records every dialog a script opens and every Content-Security-Policy violation the page reports. */
async function watch(page: Page) {
  const dialogs: string[] = []
  page.on("dialog", async (dialog) => {
    dialogs.push(dialog.message())
    await dialog.dismiss()
  })
  await page.addInitScript(() => {
    const seen: string[] = []
    ;(window as unknown as { __violations: string[] }).__violations = seen
    document.addEventListener("securitypolicyviolation", (event) =>
      seen.push(`${event.violatedDirective} ${event.blockedURI}`),
    )
  })
  const violations = () => page.evaluate(() => (window as unknown as { __violations: string[] }).__violations)
  return { dialogs, violations }
}

for (const route of ["/case-studies/retail/", "/case-studies/", "/"]) {
  test(`${route}: hostile text shows literally, runs nothing, and breaks no policy`, async ({ page }) => {
    const { dialogs, violations } = await watch(page)
    const response = await page.goto(`${nginx.url}${route}`)
    expect(response?.headers()["content-security-policy"]).toContain("frame-ancestors 'none'")
    await expect(page.locator('meta[http-equiv="Content-Security-Policy"]')).toHaveAttribute(
      "content",
      /script-src 'self' 'sha256-/,
    )
    // The page still comes alive: the build's own inline code and bundles are allowed.
    await page.waitForFunction(() => document.documentElement.dataset.hydrated === "true")
    if (route !== "/") await expect(page.getByText(HOSTILE.title, { exact: true }).first()).toBeVisible()
    if (route === "/case-studies/retail/") {
      await expect(page.getByRole("heading", { level: 1, name: HOSTILE.title })).toBeVisible()
      await expect(page.getByText(HOSTILE.client)).toBeVisible()
      const jsonLd = await page.locator('script[type="application/ld+json"]').textContent()
      expect(JSON.stringify(JSON.parse(jsonLd!))).toContain(JSON.stringify(HOSTILE.title).slice(1, -1))
    }
    await page.waitForTimeout(500)
    expect(dialogs).toEqual([])
    expect(await violations()).toEqual([])
    expect(await page.locator("img[src='x'], svg[onload]").count()).toBe(0)
  })
}
