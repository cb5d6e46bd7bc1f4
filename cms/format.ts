/**
 * The JSON format the CMS reads and writes content with. Decap's own JSON writer orders keys as its
 * internal maps happen to hold them, so every save would reshuffle a file; this one writes each object
 * in the order of its fields in the configuration (the schema's order), the way the files are kept, so
 * a commit shows only what the editor changed.
 *
 * Decap hands `toFile` the top-level field names of the file being saved; they pick the file's own
 * field tree, and every nested object is ordered by the fields at its place in that tree. (Guessing a
 * nested object's fields from its keys alone cannot work: the hero's claims and the team's facts hold
 * the same two keys in opposite orders.) The admin script registers it (cms/app/index.tsx) with the
 * trees the build derives from the configuration (fieldTrees).
 */
import type { CmsCollection } from "./config"
import type { CmsField } from "./fields"
import { DEFAULT_LOCALE, LOCALES } from "../model/locales"
import { ENTRY_CHECK } from "./shared"
import { CONTENT_TYPES, contentTypeOf } from "../model/registry"

/** A field's name and, for an object or a list, the fields of what it holds. */
export interface FieldTree {
  name: string
  fields?: FieldTree[]
}

/** A document the CMS writes: its JSON Schema's path (written as the file's `$schema`) and its fields. */
export interface DocumentTree {
  schema: string
  fields: FieldTree[]
}

type Json = unknown

const isObject = (value: Json): value is Record<string, Json> =>
  value !== null && typeof value === "object" && !Array.isArray(value)

/** The fields of the objects a field holds: an object's, a list's items', or a single-field list's. */
const childFields = (field: CmsField): CmsField[] | undefined => field.fields ?? field.field?.fields

function treeOf(fields: readonly CmsField[]): FieldTree[] {
  return fields.map((field) => {
    const children = childFields(field)
    return children ? { name: field.name, fields: treeOf(children) } : { name: field.name }
  })
}

/** The JSON Schema a content file names, by its collection's folder or its file's path. */
function schemaPathOf(location: string): string {
  const relative = location.split("/").slice(1).join("/")
  const type = CONTENT_TYPES.find((candidate) => candidate.location === relative)
  if (!type) throw new Error(`cms/format.ts: no content type at ${location}`)
  return schemaOfType(type.schemaFile)
}

const schemaOfType = (schemaFile: string) => `../schemas/${schemaFile}.schema.json`

/** Every document the CMS writes: each file of a files collection, each folder collection. */
export function fieldTrees(collections: readonly CmsCollection[]): DocumentTree[] {
  return collections.flatMap((collection) =>
    collection.fields
      ? [{ schema: schemaPathOf(collection.folder!), fields: treeOf(collection.fields) }]
      : collection.files!.map((file) => ({ schema: schemaPathOf(file.file), fields: treeOf(file.fields) })),
  )
}

/** `value` with every object's keys in the order of `fields`; keys without a field keep their order, last. */
function ordered(value: Json, fields: readonly FieldTree[] | undefined): Json {
  if (Array.isArray(value)) return value.map((item) => ordered(item, fields))
  if (!isObject(value) || !fields) return value
  const rank = (key: string) => {
    const index = fields.findIndex((field) => field.name === key)
    return index === -1 ? fields.length : index
  }
  const keys = Object.keys(value)
    .map((key, index) => ({ key, index }))
    .sort((a, b) => rank(a.key) - rank(b.key) || a.index - b.index)
  return Object.fromEntries(
    keys.map(({ key }) => [key, ordered(value[key], fields.find((field) => field.name === key)?.fields)]),
  )
}

const isLocaleKey = (key: string) => (LOCALES as readonly string[]).includes(key)

/**
 * Each language's document as the form holds it: with the form's first field, the check of the whole
 * entry (cms/app/entry-check/control.tsx), at its one value, so an entry as loaded and as edited agree on it
 * and Decap's comparison of the two sees only what the editor changed. No file holds it.
 */
function withCheckField(data: Json): Json {
  if (!isObject(data)) return data
  return Object.fromEntries(
    Object.entries(data).map(([key, document]) => [
      key,
      isLocaleKey(key) && isObject(document) ? { ...document, [ENTRY_CHECK.name]: ENTRY_CHECK.widget } : document,
    ]),
  )
}

/** A language's document without the form's check field, as files hold it. */
export function withoutCheckField(document: Json): Json {
  if (!isObject(document) || !(ENTRY_CHECK.name in document)) return document
  const { [ENTRY_CHECK.name]: _check, ...rest } = document
  return rest
}

/**
 * A file holds one document per language (model/locales.ts): Decap hands `toFile` `{ en, fr }` with
 * the document's top-level field names; it is written `$schema` first, then each language's document
 * in field order.
 */
export function contentJsonFormat(documents: readonly DocumentTree[]) {
  /** The document whose top-level fields Decap named; failing that, the one naming most of the keys. */
  const documentOf = (data: Json, sortedKeys: readonly string[] = []): DocumentTree | undefined => {
    const names = (document: DocumentTree) => document.fields.map((field) => field.name)
    const exact = documents.find((document) => names(document).join() === sortedKeys.join())
    if (exact || !isObject(data)) return exact
    const keys = Object.keys(data)
    const score = (document: DocumentTree) => keys.filter((key) => names(document).includes(key)).length
    return [...documents].sort((a, b) => score(b) - score(a))[0]
  }
  return {
    fromFile: (content: string) => withCheckField(JSON.parse(content) as Json),
    toFile: (data: Json, sortedKeys?: string[]) => {
      if (!isObject(data) || !Object.keys(data).every(isLocaleKey)) {
        return `${JSON.stringify(ordered(data, documentOf(data, sortedKeys)?.fields), null, 2)}\n`
      }
      const document = documentOf(data[DEFAULT_LOCALE], sortedKeys)
      const file = {
        ...(document ? { $schema: document.schema } : {}),
        ...Object.fromEntries(
          LOCALES.filter((locale) => data[locale] !== undefined).map((locale) => [
            locale,
            ordered(withoutCheckField(data[locale]), document?.fields),
          ]),
        ),
      }
      return `${JSON.stringify(file, null, 2)}\n`
    },
  }
}

/**
 * The text the CMS writes for the content file at `relative` (its path under content/) holding these
 * documents by language: what a save would put on disk, for checking it before it is written.
 */
export function contentFileText(
  documents: readonly DocumentTree[],
  relative: string,
  byLocale: Readonly<Record<string, unknown>>,
): string {
  const type = contentTypeOf(relative)
  const document = type && documents.find((candidate) => candidate.schema === schemaOfType(type.schemaFile))
  return contentJsonFormat(documents).toFile(
    byLocale,
    document?.fields.map((field) => field.name),
  )
}
