import "@testing-library/jest-dom/vitest"
import { vi } from "vitest"
import { provideSiteData } from "../cms/app/stand-ins/gatsby"
import { caseStudiesInOrder, readContent } from "../scripts/lib/content-files"

// Components read the site settings and case list through Gatsby's static query: the stand-in
// `gatsby` (vitest.config.ts) answers with the shipped content, and navigate becomes a spy.
provideSiteData({ siteSettings: readContent("site/settings.json"), allCaseStudy: { nodes: caseStudiesInOrder() } })

vi.mock("gatsby", async (importOriginal) => ({
  ...(await importOriginal<typeof import("../cms/app/stand-ins/gatsby")>()),
  navigate: vi.fn(),
}))
