import { describe, expect, it } from "vitest"
import { jsonLdText } from "../../src/seo/json-ld"

describe("jsonLdText", () => {
  const hostile = {
    name: "x</script><script>alert(1)</script>",
    note: "a & b > c <!-- d",
    lines: "one\u2028two\u2029three",
  }

  it("writes no character that could end the script element or start markup", () => {
    const text = jsonLdText(hostile)
    expect(text).not.toMatch(/[<>&\u2028\u2029]/)
    expect(text).toContain("x\\u003c/script\\u003e\\u003cscript\\u003ealert(1)")
  })

  it("is the same data to any JSON reader", () => {
    expect(JSON.parse(jsonLdText(hostile))).toEqual(hostile)
  })
})
