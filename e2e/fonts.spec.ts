/**
 * Every font file a page downloads is a face the page actually renders text in: no preload or
 * @font-face fetch is wasted, and no other font file is requested.
 */
import { expect, test } from "./fixtures"
import { ROUTES } from "../test/support/content"

for (const route of ROUTES) {
  test(`${route} loads only the font files it uses`, async ({ page }) => {
    const requested = new Set<string>()
    page.on("request", (request) => {
      if (request.resourceType() === "font" || /\.(woff2?|ttf|otf)(\?|$)/.test(request.url())) {
        requested.add(new URL(request.url()).pathname.split("/").pop()!)
      }
    })
    await page.goto(route, { waitUntil: "networkidle" })
    // Scroll through, so any face used only further down has had its chance to load.
    await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight))
    await page.evaluate(() => document.fonts.ready)
    const loadedFaces = await page.evaluate(() =>
      [...document.fonts]
        .filter((face) => face.status === "loaded")
        .map((face) => `${face.family.replace(/"/g, "")} ${face.weight} ${face.style}`),
    )
    const faceOfFile = (file: string) => {
      const match = /^(cormorant-garamond|inter)-latin-(\d+)-(normal)/.exec(file)
      if (!match) return `unknown font file ${file}`
      const family = match[1] === "inter" ? "Inter" : "Cormorant Garamond"
      return `${family} ${match[2]} ${match[3]}`
    }
    expect(requested.size).toBeGreaterThan(0)
    const unused = [...requested].map(faceOfFile).filter((face) => !loadedFaces.includes(face))
    expect(unused, `requested ${[...requested].join(", ")}; rendered ${loadedFaces.join(", ")}`).toEqual([])
  })
}
