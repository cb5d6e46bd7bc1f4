// @vitest-environment jsdom
import { render, screen } from "@testing-library/react"
import { navigate } from "gatsby"
import { beforeEach, describe, expect, it, vi } from "vitest"
import { CaseNotFound } from "../../src/components/case-study/case-not-found"

const copy = { title: "Case Study Not Found", text: "We could not find it.", backLabel: "Back to Case Studies" }

describe("CaseNotFound", () => {
  beforeEach(() => vi.mocked(navigate).mockClear())

  it("says the case study was not found and offers a way back to the list", () => {
    render(<CaseNotFound location={{ key: "a1b2c3" }} copy={copy} />)
    expect(screen.getByRole("heading", { level: 1, name: "Case Study Not Found" })).toBeInTheDocument()
    expect(screen.getByRole("link", { name: "Back to Case Studies" })).toHaveAttribute("href", "/case-studies/")
  })

  it("replaces the URL with the case list on first load", () => {
    render(<CaseNotFound location={{ key: "initial" }} copy={copy} />)
    expect(navigate).toHaveBeenCalledWith("/case-studies/", { replace: true, state: { missingCase: true } })
  })

  it("stays put when reached inside the site or through back/forward", () => {
    render(<CaseNotFound location={{ key: "a1b2c3" }} copy={copy} />)
    expect(navigate).not.toHaveBeenCalled()
  })
})
