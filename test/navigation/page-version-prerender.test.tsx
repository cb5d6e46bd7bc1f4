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

  it("gives a language's not-found file the version the browser computes from /404.html, which draws every unknown address", () => {
    const siteWide = { allSiteSettings: { nodes: [] }, allHomeIndustries: { nodes: [] } }
    provideSiteData(siteWide)
    const data = { allHomeHero: { nodes: [{ locale: "en" }, { locale: "fr" }] } }
    const versionAt = (pathname: string, pageContext: object, pageData: object = data) => {
      renderToString(withPageVersion(<p>Not found</p>, { data: pageData, pageContext, location: { pathname } }))
      return takePrerenderedVersion(pathname)
    }
    // What the browser computes at an unknown address: the one /404.html page, in English, its route its own.
    const inTheBrowser = versionAt("/no-such-page/", { locale: "en", route: "/404.html", notFound: true })
    expect(versionAt("/fr/404/", { locale: "fr", route: "/404/", notFound: true })).toBe(inTheBrowser)
    expect(
      versionAt("/fr/case-studies/404.html", { locale: "fr", route: "/case-studies/404.html", notFound: true }),
    ).toBe(inTheBrowser)
    // Its data still counts: another release's not-found page is another version.
    expect(versionAt("/fr/404/", { locale: "fr", notFound: true }, { allHomeHero: { nodes: [] } })).not.toBe(
      inTheBrowser,
    )
    // And a page's context counts where the page is drawn from it.
    expect(versionAt("/fr/", { locale: "fr", route: "/" })).not.toBe(versionAt("/", { locale: "en", route: "/" }))
  })
})
