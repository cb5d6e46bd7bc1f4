import { describe, expect, it } from "vitest"
import { SOCIAL_TITLE, fitTitle, lineWidth, socialTitleWidth } from "../../build-steps/brand-art"

const fit = (title: string) => fitTitle(title, socialTitleWidth(), SOCIAL_TITLE.sizes, SOCIAL_TITLE.maxLines)

describe("the sharing image's title", () => {
  it("sets a title in full at the largest size that fits three lines", () => {
    const { size, lines } = fit("Detecting Counterfeits at Scale for a Swiss Watchmaker")
    expect(lines.join(" ")).toBe("Detecting Counterfeits at Scale for a Swiss Watchmaker")
    expect(size).toBe(84)
  })

  it("cuts a title too long for three lines with an ellipsis, never silently, and within the frame", () => {
    const { size, lines } = fit("Counterfeits ".repeat(154).trim())
    expect(lines).toHaveLength(3)
    expect(lines[2]).toMatch(/\S…$/)
    for (const line of lines) expect(lineWidth(line, size)).toBeLessThanOrEqual(socialTitleWidth())
  })

  it("cuts a single word wider than the frame by letters", () => {
    const { size, lines } = fit("W".repeat(400))
    expect(lines[2]).toMatch(/^W+…$/)
    for (const line of lines) expect(lineWidth(line, size)).toBeLessThanOrEqual(socialTitleWidth())
  })
})
