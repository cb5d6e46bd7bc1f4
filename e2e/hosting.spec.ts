/**
 * The site as production serves it: the built pages through the real nginx with the generated
 * hosting configuration (npm run serve), Content-Security-Policy and all. One visit to every route
 * checks what a visitor's browser would complain about: it loads, hydrates and runs with no policy
 * violation and no console error or warning, and every font file it downloads is a face it renders
 * text in (no preload or @font-face fetch wasted, no other font file requested). Styles survive
 * hydration.
 */
import type { Page } from "@playwright/test"
import { expect, test } from "./fixtures"
import { ROUTES } from "../test/support/content"

/** Pages that answer 404 on purpose: Chromium logs the document's own status as a failed load. */
const NOT_FOUND = ["/no-such-page/", "/case-studies/not-a-case/", "/fr/no-such-page/", "/fr/case-studies/not-a-case/"]

test.beforeEach(async ({ page }) => {
  await page.addInitScript(() => {
    const seen: string[] = []
    ;(window as unknown as { cspViolations: string[] }).cspViolations = seen
    document.addEventListener("securitypolicyviolation", (event) =>
      seen.push(
        `${event.effectiveDirective}: ${event.blockedURI || "inline"} (${event.sourceFile}:${event.lineNumber})`,
      ),
    )
  })
})

/** The faces a page renders text in, "Inter 400 normal", once its fonts are in. */
const renderedFaces = (page: Page) =>
  page.evaluate(async () => {
    await document.fonts.ready
    return [...document.fonts]
      .filter((face) => face.status === "loaded")
      .map((face) => `${face.family.replace(/"/g, "")} ${face.weight} ${face.style}`)
  })

/** The face a self-hosted font file holds, from its name (npm run fonts). */
function faceOfFile(file: string) {
  const match = /^(cormorant-garamond|inter)-latin-(\d+)-(normal)/.exec(file)
  if (!match) return `unknown font file ${file}`
  return `${match[1] === "inter" ? "Inter" : "Cormorant Garamond"} ${match[2]} ${match[3]}`
}

for (const route of [...ROUTES, ...NOT_FOUND]) {
  test(`${route} over nginx: no policy violation, no console error or warning, only the fonts it uses`, async ({
    page,
  }) => {
    const messages: string[] = []
    page.on("console", (message) => {
      if (["error", "warning"].includes(message.type())) messages.push(`${message.type()}: ${message.text()}`)
    })
    page.on("pageerror", (error) => messages.push(`pageerror: ${error.message}`))
    const fontFiles = new Set<string>()
    page.on("request", (request) => {
      if (request.resourceType() === "font" || /\.(woff2?|ttf|otf)(\?|$)/.test(request.url())) {
        fontFiles.add(new URL(request.url()).pathname.split("/").pop()!)
      }
    })
    const response = await page.goto(route)
    expect(response?.status()).toBe(NOT_FOUND.includes(route) ? 404 : 200)
    expect(response?.headers()["content-security-policy"]).toContain("frame-ancestors 'none'")
    // The page's own policy, the hashes of its inline code, travels in its HTML.
    await expect(page.locator('meta[http-equiv="Content-Security-Policy"]')).toHaveAttribute(
      "content",
      /^default-src 'self'; script-src 'self' 'sha256-/,
    )
    // Lazy images, the strip, the hero's rotation and any face used only further down get their turn.
    await page.evaluate(() => window.scrollTo({ top: document.documentElement.scrollHeight, behavior: "instant" }))
    await page.waitForLoadState("networkidle")
    await page.waitForTimeout(500)

    expect(await page.evaluate(() => (window as unknown as { cspViolations: string[] }).cspViolations)).toEqual([])
    // An unknown address answers 404 on purpose, and Gatsby's runtime probes it for page data;
    // Chromium logs each 404 as a failed load. Nothing else may appear (a hydration error would).
    const expected = NOT_FOUND.includes(route) ? /^error: Failed to load resource: .* 404 \(Not Found\)/ : /^$/
    expect(messages.filter((text) => !expected.test(text))).toEqual([])

    const faces = await renderedFaces(page)
    expect(fontFiles.size).toBeGreaterThan(0)
    const unused = [...fontFiles].map(faceOfFile).filter((face) => !faces.includes(face))
    expect(unused, `requested ${[...fontFiles].join(", ")}; rendered ${faces.join(", ")}`).toEqual([])
  })
}

test("styles written at run time survive hydration under the policy", async ({ page }) => {
  await page.goto("/")
  const title = page.getByRole("heading", { level: 1 })
  expect(await title.evaluate((node) => getComputedStyle(node).fontFamily)).toMatch(/^"Cormorant Garamond"/)
  // The hero's band is drawn by a styled component: ink, not the browser's default white.
  const band = page.locator("#home")
  expect(await band.evaluate((node) => getComputedStyle(node).backgroundColor)).not.toBe("rgba(0, 0, 0, 0)")
  expect(await page.evaluate(() => (window as unknown as { cspViolations: string[] }).cspViolations)).toEqual([])
})
