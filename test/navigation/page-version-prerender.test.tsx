// @vitest-environment node
import type { ReactNode } from "react"
import { renderToString } from "react-dom/server"
import { describe, expect, it } from "vitest"
import { PrerenderedVersion, versionOf, withPageVersion } from "../../src/navigation/page-version"
import { provideSiteData } from "../../cms/app/stand-ins/gatsby"

/** A page prerendered as gatsby-ssr.tsx does: with a receiver of its own, which its version is handed to. */
function prerender(page: ReactNode): { html: string; version: unknown } {
  let version: string | undefined
  const html = renderToString(
    <PrerenderedVersion.Provider value={(rendered) => (version = rendered)}>{page}</PrerenderedVersion.Provider>,
  )
  return { html, version }
}

describe("a page prerendered", () => {
  it("leaves the version of what it was rendered from for its <html> (gatsby-ssr.tsx), to a receiver of its own", () => {
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
    // The next page's receiver is its own: nothing of this one is left anywhere.
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
