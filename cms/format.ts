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
import type { CmsCollection, CmsField } from "./config"

/** A field's name and, for an object or a list, the fields of what it holds. */
export interface FieldTree {
  name: string
  fields?: FieldTree[]
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

/** The field tree of every document the CMS writes: each file of a files collection, each folder collection. */
export function fieldTrees(collections: readonly CmsCollection[]): FieldTree[][] {
  return collections.flatMap((collection) =>
    collection.fields ? [treeOf(collection.fields)] : collection.files!.map((file) => treeOf(file.fields)),
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

export function contentJsonFormat(documents: readonly FieldTree[][]) {
  /** The document whose top-level fields Decap named; failing that, the one naming most of the keys. */
  const documentOf = (data: Json, sortedKeys: readonly string[] = []): FieldTree[] | undefined => {
    const names = (document: FieldTree[]) => document.map((field) => field.name)
    const exact = documents.find((document) => names(document).join() === sortedKeys.join())
    if (exact || !isObject(data)) return exact
    const score = (document: FieldTree[]) => Object.keys(data).filter((key) => names(document).includes(key)).length
    return [...documents].sort((a, b) => score(b) - score(a))[0]
  }
  return {
    fromFile: (content: string) => JSON.parse(content) as Json,
    toFile: (data: Json, sortedKeys?: string[]) =>
      `${JSON.stringify(ordered(data, documentOf(data, sortedKeys)), null, 2)}\n`,
  }
}
