// @vitest-environment jsdom
import { render, screen } from "@testing-library/react"
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest"
import { useSiteWideData } from "../../src/hooks/use-site-settings"
import * as pageVersionModule from "../../src/navigation/page-version"

type PageVersionModule = typeof pageVersionModule

const props = {
  data: { caseStudy: { title: "Tracing Allocations for a Grand Cru House" } },
  pageContext: { locale: "en", slug: "wine" },
  location: { pathname: "/case-studies/wine/" },
}

/** The site-wide static query as the page's components read it. */
function siteWide(): unknown {
  let data: unknown
  const Probe = () => {
    data = useSiteWideData()
    return null
  }
  render(<Probe />)
  return data
}

/** A fresh copy of the module: its first render is the page's arrival. */
async function arriving(): Promise<PageVersionModule> {
  vi.resetModules()
  return import("../../src/navigation/page-version")
}

let reload: ReturnType<typeof vi.fn>

beforeEach(() => {
  reload = vi.fn()
  vi.stubGlobal("location", { href: "https://example.ch/case-studies/wine/", reload })
  sessionStorage.clear()
})

afterEach(() => {
  vi.unstubAllGlobals()
  document.documentElement.removeAttribute("data-page-version")
})

describe("versionOf", () => {
  it("is the same for the same data and differs when one text does", () => {
    const { versionOf } = pageVersionModule
    expect(versionOf([props.data, props.pageContext])).toBe(versionOf(structuredClone([props.data, props.pageContext])))
    const revised = { caseStudy: { title: "Tracing Allocations for a Grand Cru House, revised" } }
    expect(versionOf([revised, props.pageContext])).not.toBe(versionOf([props.data, props.pageContext]))
  })
})

describe("a page arriving with its data", () => {
  const serve = (version: string) => document.documentElement.setAttribute("data-page-version", version)

  it("hydrates when its HTML and its data are of one release", async () => {
    const { versionOf, withPageVersion } = await arriving()
    serve(versionOf([props.data, props.pageContext, siteWide()]))
    render(withPageVersion(<p>The page</p>, props))
    expect(screen.getByText("The page")).toBeInTheDocument()
    expect(reload).not.toHaveBeenCalled()
  })

  it("is reloaded, not hydrated, when its data is another release's", async () => {
    const { versionOf, withPageVersion } = await arriving()
    serve(versionOf([{ caseStudy: { title: "The title before the release" } }, props.pageContext, siteWide()]))
    render(withPageVersion(<p>The page</p>, props))
    expect(reload).toHaveBeenCalledTimes(1)
    expect(screen.queryByText("The page")).toBeNull()
  })

  it("hydrates after one reload that did not help, rather than reloading in a loop", async () => {
    const { versionOf, withPageVersion, RELOADED_KEY } = await arriving()
    sessionStorage.setItem(RELOADED_KEY, "https://example.ch/case-studies/wine/")
    serve(versionOf(["another release"]))
    render(withPageVersion(<p>The page</p>, props))
    expect(reload).not.toHaveBeenCalled()
    expect(screen.getByText("The page")).toBeInTheDocument()
    expect(sessionStorage.getItem(RELOADED_KEY)).toBeNull()
  })

  it("checks the first page only: a move inside the site renders the next page's data as it is", async () => {
    const { versionOf, withPageVersion } = await arriving()
    serve(versionOf([props.data, props.pageContext, siteWide()]))
    const { rerender } = render(withPageVersion(<p>The page</p>, props))
    rerender(withPageVersion(<p>The next page</p>, { ...props, data: { other: true } }))
    expect(screen.getByText("The next page")).toBeInTheDocument()
    expect(reload).not.toHaveBeenCalled()
  })
})
