/**
 * The keys, relations and image paths the content schemas declare (schemas.ts: `key()`,
 * `relation()`, `imagePath()`), found by walking each content type's JSON Schema. The build checks
 * every one of them (build-steps/content/validate.ts: keys unique, references resolved, photos usable) and
 * the CMS turns each relation into a pick list (cms/config.ts): adding a relation is one edit, in the
 * schema.
 */
import { jsonSchemaOf, type JsonSchema } from "./json-schema"
import type { PathSegment } from "./problems"
import { CONTENT_TYPES, type ContentType, contentTypeOf } from "./registry"
import {
  FORMER_KEYS_META,
  IMAGE_PATH_META,
  KEY_META,
  NOT_AFTER_TODAY_META,
  type NotAfterToday,
  RELATION_META,
  type Relation,
} from "./fields"

/** A field of a content type, by its path in the data: "cards.*.caseSlug" ("*" is any list item). */
export interface DeclaredField {
  type: ContentType
  path: string
}

export interface RelationField extends DeclaredField {
  to: Relation
}

/**
 * The fields each meta marks, by meta: found once per process, as the schemas never change while it
 * runs (a walk of every content type's JSON Schema costs 10-35 ms, and the content check asks on every
 * check, the CMS's on every edit of a refused entry).
 */
const marked = new Map<string, ReadonlyArray<DeclaredField & { value: unknown }>>()

function fieldsWith(meta: string): ReadonlyArray<DeclaredField & { value: unknown }> {
  let fields = marked.get(meta)
  if (!fields) {
    fields = walkFieldsWith(meta)
    marked.set(meta, fields)
  }
  return fields
}

function walkFieldsWith(meta: string): Array<DeclaredField & { value: unknown }> {
  const found: Array<DeclaredField & { value: unknown }> = []
  for (const type of CONTENT_TYPES) {
    const walk = (schema: JsonSchema, path: string[]) => {
      if (schema[meta] !== undefined) found.push({ type, path: path.join("."), value: schema[meta] })
      for (const [name, property] of Object.entries(schema.properties ?? {})) walk(property, [...path, name])
      if (schema.items) walk(schema.items, [...path, "*"])
    }
    walk(jsonSchemaOf(type), [])
  }
  return found
}

/** Every field whose value identifies its entry. */
export const keyFields = (): DeclaredField[] => fieldsWith(KEY_META).map(({ type, path }) => ({ type, path }))

/** A list of an entry's keys of before, beside its key (schemas.ts, `FORMER_KEYS_META`). */
export interface FormerKeysField extends DeclaredField {
  /** The key they were: "slug". */
  key: string
}

/** Every list of former keys. */
export const formerKeyFields = (): FormerKeysField[] =>
  fieldsWith(FORMER_KEYS_META).map(({ type, path, value }) => ({ type, path, key: value as string }))

/**
 * Each key of before of a type's entries, to the entry's key now, from their English documents: what a
 * relation still naming an old key stands for.
 */
export function movedKeysOf(type: ContentType, documents: readonly unknown[]): Map<string, string> {
  const moved = new Map<string, string>()
  for (const former of formerKeyFields().filter((field) => field.type === type)) {
    for (const document of documents) {
      const key = valuesAt(document, former.key)[0]?.value
      if (typeof key !== "string") continue
      for (const { value } of valuesAt(document, `${former.path}.*`)) moved.set(String(value), key)
    }
  }
  return moved
}

/** Every field that points at another content type's entries. */
export const relationFields = (): RelationField[] =>
  fieldsWith(RELATION_META).map(({ type, path, value }) => ({ type, path, to: value as Relation }))

/** Every field holding the path of an image file, relative to the content file. */
export const imageFields = (): DeclaredField[] => fieldsWith(IMAGE_PATH_META).map(({ type, path }) => ({ type, path }))

/** Every date that must not be after today, with its unit (schemas.ts, `NOT_AFTER_TODAY_META`). */
export const datedFields = (): Array<DeclaredField & { rule: NotAfterToday }> =>
  fieldsWith(NOT_AFTER_TODAY_META).map(({ type, path, value }) => ({ type, path, rule: value as NotAfterToday }))

/** The content type a relation points at. */
export function relationTarget(relation: Relation): ContentType {
  const type = CONTENT_TYPES.find((candidate) => candidate.typeName === relation.typeName)
  if (!type) throw new Error(`model/schemas.ts: a relation points at ${relation.typeName}, which is no content type`)
  return type
}

/** A value found in data at a declared path, with its concrete path (cards, 2, caseSlug). */
export interface FoundValue {
  segments: PathSegment[]
  value: unknown
}

/** The values at a declared path ("members.*.slug") of one file's data; missing steps yield nothing. */
export function valuesAt(data: unknown, path: string): FoundValue[] {
  const step = (value: unknown, names: string[], segments: PathSegment[]): FoundValue[] => {
    if (names.length === 0) return [{ segments, value }]
    const [name, ...rest] = names
    if (name === "*") {
      return Array.isArray(value) ? value.flatMap((item, index) => step(item, rest, [...segments, index])) : []
    }
    if (value === null || typeof value !== "object" || !(name in value)) return []
    return step((value as Record<string, unknown>)[name], rest, [...segments, name])
  }
  return step(data, path.split("."), [])
}

/** The last name of a declared path: "members.*.slug" -> "slug". */
export const fieldName = (path: string): string => path.slice(path.lastIndexOf(".") + 1)

/** Folder of the photos, inside the content folder: where the CMS uploads them. */
export const IMAGES_FOLDER = "images"

/** A path from `folder` (both under content/, "/"-separated) as a path under content/; none outside it. */
function underContent(folder: string, relative: string): string | undefined {
  const parts: string[] = []
  for (const part of [...folder.split("/"), ...relative.split("/")]) {
    if (part === "" || part === ".") continue
    if (part !== "..") parts.push(part)
    else if (parts.pop() === undefined) return undefined
  }
  return parts.join("/")
}

/**
 * The photos the content names, as paths under content/ ("images/team/ana.jpg"): the value of each
 * image field of each file's English document (photos are shared by its languages), read from its
 * file's folder. A file of no content type names none.
 */
export function photosNamed(files: Iterable<{ relative: string; english: unknown }>): Set<string> {
  const named = new Set<string>()
  const fields = imageFields()
  for (const { relative, english } of files) {
    const type = contentTypeOf(relative)
    const folder = relative.slice(0, Math.max(relative.lastIndexOf("/"), 0))
    for (const field of fields.filter((candidate) => candidate.type === type)) {
      for (const { value } of valuesAt(english, field.path)) {
        const photo = typeof value === "string" ? underContent(folder, value) : undefined
        if (photo) named.add(photo)
      }
    }
  }
  return named
}

/** The images (paths under content/) no file names: left behind when a photo was replaced, to delete. */
export const photosUnused = (
  images: Iterable<string>,
  files: Iterable<{ relative: string; english: unknown }>,
): string[] => {
  const named = photosNamed(files)
  return [...images].filter((image) => !named.has(image)).sort()
}
