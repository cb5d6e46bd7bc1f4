/**
 * Screenshots of every route at 375, 768 and 1440 px into screenshots/, for looking at the site, and
 * the pages printed (PDF by Chromium, each page a PNG by poppler's pdftoppm):
 * `npm run screenshots` (after `npm run build`; starts its own server).
 */
import fs from "node:fs"
import { type Page, chromium } from "@playwright/test"
import { CHROMIUM_ARGS, chromiumPath } from "../test/support/browser"
import { execFileSync } from "node:child_process"
import { startNginx } from "../deploy/hosting/local-nginx"
import { ensureSystemPackage } from "../deploy/lib/system-packages"
import { breakpoints } from "../src/styles/theme"

const ROUTES = [
  "/",
  "/book-demo/",
  "/privacy-policy/",
  "/terms-of-service/",
  "/case-studies/",
  "/case-studies/retail/",
  "/case-studies/watches/",
  "/case-studies/not-a-case/",
  "/no-such-page/",
]
/** Pages people print: a case study for a meeting, the legal texts for a file. */
const PRINTED = ["/case-studies/retail/", "/fr/case-studies/cruises/", "/terms-of-service/", "/book-demo/"]
const WIDTHS = (process.env.WIDTHS ?? "375,768,1440").split(",").map(Number)

/** Scrolls through the page so lazily loaded images are in the shot, then back to the top. */
async function loadLazyImages(page: Page) {
  const height = await page.evaluate(() => document.documentElement.scrollHeight)
  for (let y = 0; y < height; y += 600) {
    await page.evaluate((top) => window.scrollTo({ top, behavior: "instant" }), y)
    await page.waitForTimeout(50)
  }
  await page.waitForLoadState("networkidle")
  await page.evaluate(() => window.scrollTo({ top: 0, behavior: "instant" }))
  await page.waitForTimeout(200)
}

async function main() {
  const only = process.argv.slice(2)
  const server = await startNginx()
  try {
    fs.mkdirSync("screenshots", { recursive: true })
    // As a visitor sees it: a desktop's classic scrollbar in the room the page keeps for it (Playwright
    // hides scrollbars by default), and phones and tablets as phones, whose scrollbars overlay the page.
    const browser = await chromium.launch({
      executablePath: chromiumPath(),
      args: CHROMIUM_ARGS,
      ignoreDefaultArgs: ["--hide-scrollbars"],
    })
    for (const width of WIDTHS) {
      const handheld = width < breakpoints.lg
      const context = await browser.newContext({
        viewport: { width, height: 900 },
        reducedMotion: "reduce",
        isMobile: handheld,
        hasTouch: handheld,
      })
      const page = await context.newPage()
      for (const route of ROUTES.filter((candidate) => only.length === 0 || only.includes(candidate))) {
        await page.goto(`${server.url}${route}`, { waitUntil: "networkidle" })
        await loadLazyImages(page)
        const name = route.replace(/^\/|\/$/g, "").replace(/\//g, "_") || "home"
        await page.screenshot({ path: `screenshots/${name}-${width}.png`, fullPage: true })
        const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)
        console.log(`${route} @ ${width}px${overflow > 0 ? `  OVERFLOWS by ${overflow}px` : ""}`)
      }
      if (width < 1024 && only.length === 0) {
        await page.goto(`${server.url}/`, { waitUntil: "networkidle" })
        await page.getByRole("button", { name: "Menu", exact: true }).click()
        await page.waitForTimeout(300)
        await page.screenshot({ path: `screenshots/menu-open-${width}.png` })
      }
      await context.close()
    }
    if (only.length === 0) {
      const pdftoppm = ensureSystemPackage("poppler").replace(/pdftotext$/, "pdftoppm")
      const page = await browser.newPage()
      for (const route of PRINTED) {
        await page.goto(`${server.url}${route}`, { waitUntil: "networkidle" })
        const name = `screenshots/print-${route.replace(/^\/|\/$/g, "").replace(/\//g, "_")}`
        await page.pdf({ path: `${name}.pdf`, preferCSSPageSize: true })
        execFileSync(pdftoppm, ["-png", "-r", "72", `${name}.pdf`, name])
        console.log(`${route} printed: ${name}-*.png`)
      }
    }
    await browser.close()
  } finally {
    await server.stop()
  }
}

void main()
