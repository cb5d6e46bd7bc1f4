import { describe, expect, it } from "vitest"
import { securityTxt } from "../../build-steps/post-build/security-txt"

describe("security.txt", () => {
  it("names the contact, expires a year after the build's day and states its canonical address (RFC 9116)", () => {
    const text = securityTxt(
      { contactEmail: "security@example.ch", siteUrl: "https://example.ch" },
      new Date("2026-11-23T15:04:05.678Z"),
    )
    expect(text).toBe(
      [
        "Contact: mailto:security@example.ch",
        "Expires: 2027-11-23T00:00:00Z",
        "Preferred-Languages: en",
        "Canonical: https://example.ch/.well-known/security.txt",
        "",
      ].join("\n"),
    )
  })
})
