import fs from "node:fs"
import path from "node:path"
import { describe, expect, it } from "vitest"
import { contentTypeDefs, graphqlTypeDefsOf } from "../../gatsby/content/graphql"
import { jsonSchemaFiles, jsonSchemaOf, serializeJsonSchema } from "../../model/json-schema"
import { CONTENT_TYPES, contentTypeOf } from "../../model/registry"
import { isContentField } from "../../model/fields"

const CONTENT = path.resolve(__dirname, "../../content")

function contentFiles(folder = ""): string[] {
  return fs.readdirSync(path.join(CONTENT, folder), { withFileTypes: true }).flatMap((entry) => {
    const relative = folder ? `${folder}/${entry.name}` : entry.name
    if (entry.isDirectory()) return relative === "schemas" ? [] : contentFiles(relative)
    return entry.name.endsWith(".json") ? [relative] : []
  })
}

describe("one content model, three views of it", () => {
  it("keeps the committed JSON Schema files equal to what the zod schemas generate", () => {
    const committed = fs.readdirSync(path.join(CONTENT, "schemas")).sort()
    const generated = jsonSchemaFiles()
    expect(committed).toEqual([...generated.keys()].sort())
    for (const [name, schema] of generated) {
      expect(fs.readFileSync(path.join(CONTENT, "schemas", name), "utf8"), `${name} is stale: run npm run content:schemas`).toBe(
        serializeJsonSchema(schema),
      )
    }
  })

  it("has every content file name its own JSON Schema in $schema", () => {
    for (const relative of contentFiles()) {
      const type = contentTypeOf(relative)
      expect(type, `${relative} belongs to no content type`).toBeDefined()
      const { $schema } = JSON.parse(fs.readFileSync(path.join(CONTENT, relative), "utf8")) as { $schema?: string }
      expect($schema && path.resolve(path.dirname(path.join(CONTENT, relative)), $schema), relative).toBe(
        path.join(CONTENT, "schemas", `${type!.schemaFile}.schema.json`),
      )
    }
  })

  it("declares every schema field in GraphQL, non-null exactly where the schema requires it", () => {
    for (const type of CONTENT_TYPES) {
      const schema = jsonSchemaOf(type)
      const sdl = graphqlTypeDefsOf(type)
      const nodeType = sdl.slice(sdl.indexOf(`type ${type.typeName} implements Node @dontInfer {`))
      for (const [field, property] of Object.entries(schema.properties ?? {})) {
        // The file's bookkeeping is no content: the site never reads it.
        if (!isContentField(field)) {
          expect(nodeType.split("\n").some((candidate) => candidate.trim().startsWith(`${field}:`))).toBe(false)
          continue
        }
        const line = nodeType.split("\n").find((candidate) => candidate.trim().startsWith(`${field}:`))
        expect(line, `${type.typeName}.${field}`).toBeDefined()
        const required = schema.required?.includes(field) && !property["x-image-path"]
        // The field's own type, before any directive: "[String!]" is a list that may be null.
        const fieldType = line!.slice(line!.indexOf(":") + 1).split("@")[0].trim()
        expect(fieldType.endsWith("!"), `${type.typeName}.${field} non-null`).toBe(Boolean(required))
      }
    }
  })

  it("resolves team photos as files and keeps inference off for every content type", () => {
    const sdl = contentTypeDefs()
    expect(sdl).toContain("  photo: File @fileByRelativePath @usableImage")
    expect(sdl).toContain("  metrics: CaseStudyMetrics!")
    expect(sdl).toContain("  action: [String!]!")
    const nodeTypes = sdl.match(/^type \w+ implements Node @dontInfer/gm) ?? []
    expect(nodeTypes).toHaveLength(new Set(CONTENT_TYPES.map((type) => type.typeName)).size)
  })
})
