// @vitest-environment node
import type { ReactNode } from "react"
import { renderToString } from "react-dom/server"
import { Helmet } from "react-helmet"
import { describe, expect, it } from "vitest"
import { PAGE_VERSION_ATTRIBUTE, versionOf, withPageVersion } from "../../src/navigation/page-version"
import { provideSiteData } from "../../cms/app/stand-ins/gatsby"

/** A page prerendered as gatsby-ssr.tsx does: its body, then react-helmet's head of the same pass. */
function prerender(page: ReactNode): { html: string; version: unknown } {
  const html = renderToString(page)
  const attributes = Helmet.renderStatic().htmlAttributes.toComponent() as Record<string, unknown>
  return { html, version: attributes[PAGE_VERSION_ATTRIBUTE] }
}

describe("a page prerendered", () => {
  it("carries the version of what it was rendered from on its <html>, read with its head (gatsby-ssr.tsx)", () => {
    const siteWide = { allSiteSettings: { nodes: [] }, allHomeIndustries: { nodes: [] } }
    provideSiteData(siteWide)
    const props = {
      data: { title: "Wine" },
      pageContext: { locale: "en" },
    }
    expect(prerender(withPageVersion(<p>The page</p>, props))).toEqual({
      html: "<p>The page</p>",
      version: versionOf([props.data, props.pageContext, siteWide]),
    })
    // The next page's head is its own: nothing of this one is left in react-helmet's state.
    expect(prerender(<p>Another page</p>).version).toBeUndefined()
  })

  it("gives a language's not-found file the version the browser computes from /404.html, which draws every unknown address", () => {
    const siteWide = { allSiteSettings: { nodes: [] }, allHomeIndustries: { nodes: [] } }
    provideSiteData(siteWide)
    const data = { allHomeHero: { nodes: [{ locale: "en" }, { locale: "fr" }] } }
    // The address a file answers is not part of its version.
    const versionAt = (_address: string, pageContext: object, pageData: object = data) =>
      prerender(withPageVersion(<p>Not found</p>, { data: pageData, pageContext })).version
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
