/**
 * GraphQL type definitions for createSchemaCustomization, derived from the content schemas so the
 * GraphQL layer cannot drift from validation. Node types are declared with @dontInfer: a missing or
 * broken file never changes the schema silently.
 */
import { CONTENT_TYPES, type ContentType } from "../../model/registry"
import { type JsonSchema, jsonSchemaOf } from "../../model/json-schema"
import { IMAGE_PATH_META, RELATION_META, isContentField } from "../../model/fields"
import { LOCALE_FIELD } from "./nodes"

/** Every content node gets the name of its file (without .json), for queries like fileName: { eq: "privacy-policy" }. */
export const FILE_NAME_FIELD = "fileName"
/** An image path resolves to its file only when the image can be shown (photos.ts); otherwise to null. */
export const USABLE_IMAGE_EXTENSION = "usableImage"

const pascal = (name: string) => name.charAt(0).toUpperCase() + name.slice(1)

function scalarOf(schema: JsonSchema): string {
  switch (schema.type) {
    case "string":
      return "String"
    case "integer":
      return "Int"
    case "number":
      return "Float"
    case "boolean":
      return "Boolean"
    default:
      throw new Error(`No GraphQL type for JSON Schema ${JSON.stringify(schema)}`)
  }
}

/** Collects the SDL of an object type and of the object types nested in it. */
function objectTypes(typeName: string, schema: JsonSchema, isNode: boolean, out: string[]): void {
  const required = new Set(schema.required ?? [])
  const fields = Object.entries(schema.properties ?? {})
    .filter(([name]) => isContentField(name))
    .map(([name, property]) => {
      // A relation may point at a case study the calendar withholds from this build (nodes.ts): then it is null.
      const nonNull = required.has(name) && !property[RELATION_META] ? "!" : ""
      if (property[IMAGE_PATH_META]) return `  ${name}: File @fileByRelativePath @${USABLE_IMAGE_EXTENSION}`
      if (property.type === "object") {
        const nested = `${typeName}${pascal(name)}`
        objectTypes(nested, property, false, out)
        return `  ${name}: ${nested}${nonNull}`
      }
      if (property.type === "array" && property.items) {
        const item = property.items
        const nested = `${typeName}${pascal(name)}`
        if (item.type === "object") objectTypes(nested, item, false, out)
        return `  ${name}: [${item.type === "object" ? nested : scalarOf(item)}!]${nonNull}`
      }
      return `  ${name}: ${scalarOf(property)}${nonNull}`
    })
  if (isNode) fields.unshift(`  ${FILE_NAME_FIELD}: String! @${FILE_NAME_FIELD}`, `  ${LOCALE_FIELD}: String!`)
  const header = isNode ? `type ${typeName} implements Node @dontInfer` : `type ${typeName}`
  out.push(`${header} {\n${fields.join("\n")}\n}`)
}

export function graphqlTypeDefsOf(type: ContentType): string {
  const out: string[] = []
  objectTypes(type.typeName, jsonSchemaOf(type), true, out)
  return out.join("\n\n")
}

/** SDL for every content node type (types that several files share are declared once). */
export function contentTypeDefs(): string {
  const distinct = new Map(CONTENT_TYPES.map((type) => [type.typeName, type]))
  return [...distinct.values()].map(graphqlTypeDefsOf).join("\n\n")
}
