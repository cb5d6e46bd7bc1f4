/** JSON Schema documents for editors, derived from the zod content schemas. */
import * as z from "zod"
import { CONTENT_TYPES, type ContentType } from "./registry"
import { DEFAULT_LOCALE, LOCALES, LANGUAGE_NAMES_IN_ENGLISH } from "./locales"
import { localizedDocument } from "./localized-content"

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

/**
 * The JSON Schema of a content file: a document per language (model/locales.ts), the English one
 * whole, each other one with the texts only.
 */
function fileJsonSchemaOf(type: ContentType): JsonSchema {
  const documentOf = (locale: (typeof LOCALES)[number]): JsonSchema => {
    const schema = locale === DEFAULT_LOCALE ? type.schema : localizedDocument(type.schema)
    if (!schema)
      throw new Error(`model/schemas.ts: ${type.typeName} has no text to write in ${LANGUAGE_NAMES_IN_ENGLISH[locale]}`)
    const { $schema: _draft, ...document } = z.toJSONSchema(schema, { target: "draft-7", io: "input" }) as JsonSchema
    const role =
      locale === DEFAULT_LOCALE
        ? "the whole document, with the fields every language shares"
        : "the texts only, in the English document's places"
    return { ...document, description: `${LANGUAGE_NAMES_IN_ENGLISH[locale]}: ${role}.` }
  }
  return {
    $schema: "http://json-schema.org/draft-07/schema#",
    type: "object",
    properties: {
      $schema: { type: "string" },
      ...Object.fromEntries(LOCALES.map((locale) => [locale, documentOf(locale)])),
    },
    required: [...LOCALES],
    additionalProperties: false,
  }
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
      ...fileJsonSchemaOf(type),
      title: type.typeName,
      description: `Content of ${locations.join(" and ")}. Generated from model/schemas.ts by npm run content:schemas; do not edit by hand.`,
    })
  }
  return files
}

export function serializeJsonSchema(schema: JsonSchema): string {
  return `${JSON.stringify(schema, null, 2)}\n`
}
