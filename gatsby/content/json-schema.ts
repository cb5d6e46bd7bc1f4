/** JSON Schema documents for editors, derived from the zod content schemas. */
import { z } from "zod"
import { CONTENT_TYPES, type ContentType } from "./registry"

export type JsonSchema = {
  type?: string | string[]
  properties?: Record<string, JsonSchema>
  required?: string[]
  items?: JsonSchema
  enum?: unknown[]
  [key: string]: unknown
}

export function jsonSchemaOf(type: ContentType): JsonSchema {
  return z.toJSONSchema(type.schema, { target: "draft-7", io: "input" }) as JsonSchema
}

/** File name -> schema document, one per distinct schema file (legal pages share one). */
export function jsonSchemaFiles(): Map<string, JsonSchema> {
  const files = new Map<string, JsonSchema>()
  for (const type of CONTENT_TYPES) {
    const locations = CONTENT_TYPES.filter((other) => other.schemaFile === type.schemaFile).map(
      (other) => `content/${other.location}${other.kind === "folder" ? "/*.json" : ""}`,
    )
    files.set(`${type.schemaFile}.schema.json`, {
      ...jsonSchemaOf(type),
      title: type.typeName,
      description: `Content of ${locations.join(" and ")}. Generated from gatsby/content/schemas.ts by npm run content:schemas; do not edit by hand.`,
    })
  }
  return files
}

export function serializeJsonSchema(schema: JsonSchema): string {
  return `${JSON.stringify(schema, null, 2)}\n`
}
