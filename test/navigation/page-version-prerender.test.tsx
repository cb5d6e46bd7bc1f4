// @vitest-environment node
import { renderToString } from "react-dom/server"
import { describe, expect, it } from "vitest"
import { takePrerenderedVersion, versionOf, withPageVersion } from "../../src/navigation/page-version"
import { provideSiteData } from "../../cms/app/stand-ins/gatsby"

describe("a page prerendered", () => {
  it("records the version of what it was rendered from, for its <html> (gatsby-ssr.tsx), once", () => {
    const siteWide = { allSiteSettings: { nodes: [] }, allHomeIndustries: { nodes: [] } }
    provideSiteData(siteWide)
    const props = {
      data: { title: "Wine" },
      pageContext: { locale: "en" },
      location: { pathname: "/case-studies/wine/" },
    }
    expect(renderToString(withPageVersion(<p>The page</p>, props))).toBe("<p>The page</p>")
    expect(takePrerenderedVersion("/case-studies/wine/")).toBe(versionOf([props.data, props.pageContext, siteWide]))
    expect(takePrerenderedVersion("/case-studies/wine/")).toBeUndefined()
  })
})
