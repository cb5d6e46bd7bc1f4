// @vitest-environment jsdom
import { render, screen } from "@testing-library/react"
import { describe, expect, it } from "vitest"
import { CaseStudiesContent } from "../../src/components/case-study/case-studies-content"
import { singlePage } from "../../src/components/case-study/case-list"
import { caseStudiesInOrder, readContent } from "../support/content-files"

describe("the case studies page", () => {
  it("counts the studies it shows in its introduction, whatever their number", () => {
    const page = readContent("pages/case-studies.json")
    expect(page.intro).toContain("{count}")
    const studies = caseStudiesInOrder()
    const { unmount } = render(
      <CaseStudiesContent
        page={page}
        title={page.title}
        studies={studies}
        listing={singlePage(studies.length)}
        search=""
        redirected={false}
      />,
    )
    expect(screen.getByText(/^Six engagements/)).toBeInTheDocument()
    unmount()
    render(
      <CaseStudiesContent
        page={page}
        title={page.title}
        studies={studies.slice(0, 3)}
        listing={singlePage(3)}
        search=""
        redirected={false}
      />,
    )
    expect(screen.getByText(/^Three engagements/)).toBeInTheDocument()
    expect(screen.queryByText(/\{count\}/)).not.toBeInTheDocument()
  })
})
