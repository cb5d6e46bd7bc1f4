import { describe, expect, it } from "vitest"
import { contentJsonFormat, fieldShapes } from "../../cms/format"
import type { CmsField } from "../../cms/config"

const field = (name: string, fields?: CmsField[]): CmsField => ({ name, label: name, widget: "string", fields })

describe("the CMS's content format", () => {
  const shapes = fieldShapes([
    field("$schema"),
    field("slug"),
    field("title"),
    field("summary", [field("description"), field("problem")]),
    field("cards", [field("id"), field("title"), field("description")]),
  ])
  const format = contentJsonFormat(shapes)

  it("writes every object's keys in the order of its fields, whatever order the CMS holds them in", () => {
    const written = format.toFile({
      cards: [{ description: "d", title: "t", id: "i" }],
      summary: { problem: "p", description: "d" },
      title: "Title",
      $schema: "../schemas/case-study.schema.json",
      slug: "wine",
    })
    expect(written).toBe(
      `${JSON.stringify(
        {
          $schema: "../schemas/case-study.schema.json",
          slug: "wine",
          title: "Title",
          summary: { description: "d", problem: "p" },
          cards: [{ id: "i", title: "t", description: "d" }],
        },
        null,
        2,
      )}\n`,
    )
  })

  it("keeps keys it does not know, after the known ones, and reads what it writes", () => {
    const written = format.toFile({ extra: 1, slug: "a" })
    expect(Object.keys(JSON.parse(written))).toEqual(["slug", "extra"])
    expect(format.fromFile(written)).toEqual({ slug: "a", extra: 1 })
  })
})
