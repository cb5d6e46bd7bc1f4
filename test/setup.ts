import "@testing-library/jest-dom/vitest"
import { vi } from "vitest"

// Components read the site settings and the footer's case-study links through Gatsby's static query: the stand-in
// `gatsby` (vitest.config.ts) answers with the shipped content in every language, and navigate
// becomes a spy. The content is read when a file first imports `gatsby` (a mock's factory runs then):
// a test of Node code alone does not load the content's schemas (about 0.3 s a file).
vi.mock("gatsby", async (importOriginal) => {
  const standIn = await importOriginal<typeof import("../cms/app/stand-ins/gatsby")>()
  const [{ readContent }, { LOCALES }] = await Promise.all([
    import("./support/content-files"),
    import("../model/locales"),
  ])
  standIn.provideSiteData({
    allSiteSettings: {
      nodes: LOCALES.map((locale) => ({ ...readContent<object>("site/settings.json", locale), locale })),
    },
    allHomeIndustries: {
      nodes: LOCALES.map((locale) => ({ ...readContent<object>("home/industries.json", locale), locale })),
    },
  })
  return { ...standIn, navigate: vi.fn() }
})
