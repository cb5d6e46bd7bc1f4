// @vitest-environment jsdom
import { render, screen } from "@testing-library/react"
import { describe, expect, it } from "vitest"
import { ExternalLink } from "../../src/components/ui/external-link"

describe("ExternalLink", () => {
  it("opens in a new window without an opener and says so", () => {
    render(
      <ExternalLink href="https://example.com/schedule" newWindowLabel="opens in a new window">
        Book a Demo
      </ExternalLink>,
    )
    const link = screen.getByRole("link", { name: "Book a Demo (opens in a new window)" })
    expect(link).toHaveAttribute("target", "_blank")
    expect(link).toHaveAttribute("rel", "noopener noreferrer")
    expect(link).toHaveAttribute("href", "https://example.com/schedule")
  })
})
