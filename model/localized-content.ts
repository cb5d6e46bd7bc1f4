/**
 * The site's two languages and how one content file holds both. A file is `{ "en": …, "fr": … }`:
 * the English document is whole; the French one holds only the texts (the fields built with `text()`
 * and `prose()` in schemas.ts), in the same places. Everything else (slugs, ids, metrics, dates, URLs,
 * flags, photos, people's names) is shared: written once, in the English document, and read from
 * there for both languages. `localizedDocument` derives the shape of the French document from a
 * content type's schema, and `inLocale` puts a language's document together.
 */
import * as z from "zod"
import { DEFAULT_LOCALE, LANGUAGE_NAMES_IN_ENGLISH, type Locale, TRANSLATABLE_META } from "./locales"
import { type PathSegment, closestName, jsonPath } from "./problems"
import { type SchemaIssue, schemaIssues } from "./schema-issues"
import { isRecord } from "../contracts/json"

const metaOf = (schema: z.ZodType) => z.globalRegistry.get(schema) as Record<string, unknown> | undefined

/** A schema without its optional wrappers. */
export function unwrapped(schema: z.ZodType): z.ZodType {
  let current = schema
  while (current instanceof z.ZodOptional) current = current.unwrap() as z.ZodType
  return current
}

/** A text written in each language: a translatable string, or a list of them (translated as a whole). */
export function isText(schema: z.ZodType): boolean {
  const inner = unwrapped(schema)
  if (inner instanceof z.ZodArray) return isText(inner.element as z.ZodType)
  return metaOf(inner)?.[TRANSLATABLE_META] === true || metaOf(schema)?.[TRANSLATABLE_META] === true
}

/**
 * The schema of a language's own document for a content type's schema: the texts, with their rules,
 * in their objects and lists; undefined where a part holds no text. Lists of objects keep their items
 * in the English order, one for one. (It describes the file for editors: JSON Schema, the CMS.)
 */
export function localizedDocument(schema: z.ZodType): z.ZodType | undefined {
  const optional = schema instanceof z.ZodOptional
  const inner = unwrapped(schema)
  const wrap = (part: z.ZodType) => (optional ? part.optional() : part)
  if (isText(inner)) return schema
  if (inner instanceof z.ZodObject) {
    const shape = Object.fromEntries(
      Object.entries(inner.shape as Record<string, z.ZodType>).flatMap(([name, field]) => {
        const part = name === "$schema" ? undefined : localizedDocument(field)
        return part ? [[name, part]] : []
      }),
    )
    return Object.keys(shape).length > 0 ? wrap(z.strictObject(shape)) : undefined
  }
  if (inner instanceof z.ZodArray) {
    const item = localizedDocument(inner.element as z.ZodType)
    return item ? wrap(z.array(item)) : undefined
  }
  return undefined
}

/** A problem of a language's document found while putting it together, at its path in that document. */
export interface LocaleIssue {
  segments: readonly PathSegment[]
  message: string
}

/**
 * A language's whole document: the shared fields from the English document, the texts from the
 * language's own (`own`); for English, the English document itself. Where the two documents' lists
 * differ in length (of objects or of texts alike: a translation tells the same steps, results and
 * tags, one for one), the English list decides the shape and an issue says so.
 */
export function inLocale(
  schema: z.ZodType,
  english: unknown,
  own: unknown,
  locale: Locale,
): { document: unknown; issues: LocaleIssue[] } {
  if (locale === DEFAULT_LOCALE) return { document: english, issues: [] }
  const issues: LocaleIssue[] = []
  const merge = (part: z.ZodType, base: unknown, text: unknown, segments: PathSegment[]): unknown => {
    const inner = unwrapped(part)
    // A list follows the English one item for item, whether its items are texts or objects holding
    // texts (a list of texts that is missing altogether is a missing text, reported as such).
    const isList = inner instanceof z.ZodArray && Array.isArray(base)
    if (isList && (Array.isArray(text) || !isText(inner))) {
      const items = Array.isArray(text) ? text : []
      if (items.length !== base.length) {
        issues.push({
          segments,
          message: `has ${items.length} item${items.length === 1 ? "" : "s"} where the English text has ${base.length}: each item of the list needs its ${LANGUAGE_NAMES_IN_ENGLISH[locale]} text, in the same order`,
        })
      }
    }
    if (isText(inner)) return text
    if (inner instanceof z.ZodObject && isRecord(base)) {
      const shape = inner.shape as Record<string, z.ZodType>
      return Object.fromEntries(
        Object.entries(base).map(([name, value]) => {
          const field = shape[name]
          if (!field || name === "$schema" || !localizedDocument(field)) return [name, value]
          return [name, merge(field, value, isRecord(text) ? text[name] : undefined, [...segments, name])]
        }),
      )
    }
    if (isList && localizedDocument(inner.element as z.ZodType)) {
      const items = Array.isArray(text) ? text : []
      return base.map((item, index) => merge(inner.element as z.ZodType, item, items[index], [...segments, index]))
    }
    return base
  }
  return { document: merge(schema, english, own, []), issues }
}

const kindOf = (value: unknown) =>
  value === null ? "null" : Array.isArray(value) ? "a list" : typeof value === "object" ? "an object" : typeof value

/**
 * What is out of place in a language's own document: a field the content type does not have, a shared
 * field (set once, in English), an object or a list where the other is expected. Missing texts and the
 * texts' own rules are found on the whole document (`inLocale`, then the content type's schema).
 */
function ownDocumentIssues(schema: z.ZodType, own: unknown): LocaleIssue[] {
  const walk = (part: z.ZodType, value: unknown, segments: PathSegment[]): LocaleIssue[] => {
    const inner = unwrapped(part)
    if (value === undefined || isText(inner)) return []
    if (inner instanceof z.ZodObject) {
      if (!isRecord(value)) return [{ segments, message: `expected an object, got ${kindOf(value)}` }]
      const shape = inner.shape as Record<string, z.ZodType>
      const texts = Object.keys(shape).filter((name) => name !== "$schema" && localizedDocument(shape[name]))
      return Object.entries(value).flatMap(([name, item]) => {
        const at = [...segments, name]
        if (!(name in shape) || name === "$schema") {
          const suggestion = closestName(name, texts)
          return [{ segments: at, message: `unknown field${suggestion ? ` (did you mean "${suggestion}"?)` : ""}` }]
        }
        if (!texts.includes(name)) {
          return [
            {
              segments: at,
              message: `is the same in every language: it is set once, in the English text (en.${jsonPath(at)})`,
            },
          ]
        }
        return walk(shape[name], item, at)
      })
    }
    if (inner instanceof z.ZodArray) {
      if (!Array.isArray(value)) return [{ segments, message: `expected a list, got ${kindOf(value)}` }]
      return value.flatMap((item, index) => walk(inner.element as z.ZodType, item, [...segments, index]))
    }
    return []
  }
  return walk(schema, own, [])
}

/** Whether a path of a document leads to (or into) one of its texts, rather than a shared field. */
function isTextPath(schema: z.ZodType, segments: readonly PathSegment[]): boolean {
  let current: z.ZodType | undefined = schema
  for (const segment of segments) {
    if (!current) return false
    if (isText(current)) return true
    const inner = unwrapped(current)
    if (inner instanceof z.ZodObject && typeof segment === "string") current = inner.shape[segment] as z.ZodType
    else if (inner instanceof z.ZodArray && typeof segment === "number") current = inner.element as z.ZodType
    else return false
  }
  return current ? localizedDocument(current) !== undefined : false
}

/**
 * A language's document checked the way the build checks it (build-steps/content/validate.ts) and the
 * CMS preview shows it: what is out of place in its own document, a list that does not follow the
 * English one, then, put together with the English shared fields, its texts against the content
 * type's schema. Each issue is at its place in that language's document and said once: not again
 * under a list reported as a whole, nor where `englishIssues` already put the English in doubt.
 */
export function localeDocumentIssues(
  schema: z.ZodType,
  english: unknown,
  own: unknown,
  locale: Locale,
  englishIssues: readonly SchemaIssue[] = [],
): { document: unknown; issues: LocaleIssue[] } {
  // At or inside a parent's path: "cards[1].title" is inside "cards[1]", "cards[10]" and "titleLead" are not.
  const under = (parents: readonly LocaleIssue[]) => (issue: LocaleIssue) =>
    parents.some(({ segments }) => {
      const [path, parent] = [jsonPath(issue.segments), jsonPath(segments)]
      return parent === "" || path === parent || path.startsWith(`${parent}.`) || path.startsWith(`${parent}[`)
    })
  const structure = ownDocumentIssues(schema, own)
  if (structure.some(({ segments }) => segments.length === 0)) return { document: undefined, issues: structure }
  const { document, issues } = inLocale(schema, english, own, locale)
  const inEnglishDoubt = under(englishIssues)
  const lists = issues.filter((issue) => !inEnglishDoubt(issue))
  const underList = under(lists)
  const texts = schemaIssues(schema, document)
    .filter((issue) => isTextPath(schema, issue.segments) && !inEnglishDoubt(issue) && !underList(issue))
    .map(({ segments, message }) => ({
      segments,
      message:
        message === "required field is missing"
          ? `the ${LANGUAGE_NAMES_IN_ENGLISH[locale]} text is missing here`
          : message,
    }))
  return { document, issues: [...structure, ...lists, ...texts] }
}
