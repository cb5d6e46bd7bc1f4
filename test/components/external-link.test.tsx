// @vitest-environment jsdom
import { render, screen } from "@testing-library/react"
import { describe, expect, it } from "vitest"
import { ExternalLink } from "../../src/components/ui/external-link"
import { DemoButtonLink } from "../../src/components/ui/button"
import { PageLanguageProvider } from "../../src/i18n/locale"

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

  it("through the site's own address, tells the site where it was followed from and the page elsewhere nothing", () => {
    render(
      <ExternalLink
        href="/book-demo/schedule/"
        leadsTo="https://example.com/schedule"
        newWindowLabel="opens in a new window"
      >
        Book a Demo
      </ExternalLink>,
    )
    const link = screen.getByRole("link", { name: "Book a Demo (opens in a new window)" })
    expect(link).toHaveAttribute("href", "/book-demo/schedule/")
    expect(link).toHaveAttribute("target", "_blank")
    expect(link).toHaveAttribute("rel", "noopener")
    expect(link).toHaveAttribute("referrerpolicy", "same-origin")
    expect(link).toHaveAttribute("data-leads-to", "https://example.com/schedule")
  })
})

describe("DemoButtonLink", () => {
  it("leads to the demo page in the page's language, naming the page it is on", () => {
    render(
      <PageLanguageProvider locale="fr" route="/case-studies/wine/">
        <DemoButtonLink>Réserver une démo</DemoButtonLink>
      </PageLanguageProvider>,
    )
    expect(screen.getByRole("link", { name: "Réserver une démo" })).toHaveAttribute(
      "href",
      "/fr/book-demo/?from=/case-studies/wine/",
    )
  })

  it("escapes what a route may hold that a query may not (an error page's brackets)", () => {
    render(
      <PageLanguageProvider locale="en" route="/case-studies/[...]/">
        <DemoButtonLink>Book a Demo</DemoButtonLink>
      </PageLanguageProvider>,
    )
    expect(screen.getByRole("link", { name: "Book a Demo" })).toHaveAttribute(
      "href",
      "/book-demo/?from=/case-studies/%5B...%5D/",
    )
  })
})
