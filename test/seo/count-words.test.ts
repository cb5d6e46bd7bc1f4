import { describe, expect, it } from "vitest"
import { withCount } from "../../src/seo/count-words"

describe("texts that count what the content holds", () => {
  it("spell the count out, capitalised where it opens a sentence", () => {
    expect(withCount("{count} engagements, each told as it happened.", 6)).toBe(
      "Six engagements, each told as it happened.",
    )
    expect(withCount("Read all {count} studies. {count} are new.", 3)).toBe("Read all three studies. Three are new.")
  })

  it("write a count past twenty in figures, and leave a text without a count alone", () => {
    expect(withCount("{count} engagements", 21)).toBe("21 engagements")
    expect(withCount("Engagements", 6)).toBe("Engagements")
  })
})
