import "@testing-library/jest-dom/vitest"
import { vi } from "vitest"
import { provideSiteData } from "../cms/app/stand-ins/gatsby"
import { readContent } from "../scripts/lib/content-files"
import { LOCALES } from "../model/locales"
import { siteTexts } from "../cms/site-texts"
import { SITE_TEXTS_URL } from "../cms/shared"
import { CONTENT_DIR } from "../gatsby/paths"

// Components read the site settings and the footer's case-study links through Gatsby's static query: the stand-in
// `gatsby` (vitest.config.ts) answers with the shipped content in every language, and navigate
// becomes a spy.
// The admin's previews fetch the other languages' texts of the shared content from beside the admin
// script (cms/admin.ts): answered here with the shipped content, every other address as before.
const texts = JSON.stringify(siteTexts(CONTENT_DIR))
const fetchElsewhere = globalThis.fetch
globalThis.fetch = (input, init) =>
  String(input) === SITE_TEXTS_URL
    ? Promise.resolve(new Response(texts, { headers: { "content-type": "application/json" } }))
    : fetchElsewhere(input, init)

provideSiteData({
  allSiteSettings: {
    nodes: LOCALES.map((locale) => ({ ...readContent<object>("site/settings.json", locale), locale })),
  },
  allHomeIndustries: {
    nodes: LOCALES.map((locale) => ({ ...readContent<object>("home/industries.json", locale), locale })),
  },
})

vi.mock("gatsby", async (importOriginal) => ({
  ...(await importOriginal<typeof import("../cms/app/stand-ins/gatsby")>()),
  navigate: vi.fn(),
}))
