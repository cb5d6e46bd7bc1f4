/** JSON Schema documents for editors, derived from the zod content schemas. */
import * as z from "zod"
import { CONTENT_TYPES, type ContentType } from "./registry"

export type JsonSchema = {
  type?: string | string[]
  properties?: Record<string, JsonSchema>
  required?: string[]
  items?: JsonSchema
  enum?: unknown[]
  [key: string]: unknown
}

/** The content type's JSON Schema; `override` may add to each node (see z.toJSONSchema). */
export function jsonSchemaOf(type: ContentType, override?: JsonSchemaOverride): JsonSchema {
  return z.toJSONSchema(type.schema, { target: "draft-7", io: "input", override }) as JsonSchema
}

type JsonSchemaOverride = NonNullable<Parameters<typeof z.toJSONSchema>[1]>["override"]

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
      description: `Content of ${locations.join(" and ")}. Generated from model/schemas.ts by npm run content:schemas; do not edit by hand.`,
    })
  }
  return files
}

export function serializeJsonSchema(schema: JsonSchema): string {
  return `${JSON.stringify(schema, null, 2)}\n`
}
