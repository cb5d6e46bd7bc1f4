import "@testing-library/jest-dom/vitest"
import { vi } from "vitest"
import { provideSiteData } from "../cms/app/stand-ins/gatsby"
import { readContent } from "../gatsby/content/files"
import { LOCALES } from "../model/locales"

// Components read the site settings and the footer's case-study links through Gatsby's static query: the stand-in
// `gatsby` (vitest.config.ts) answers with the shipped content in every language, and navigate
// becomes a spy.

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
