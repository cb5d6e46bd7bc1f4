/**
 * The CMS's fields, derived from the content model's JSON Schemas (model/json-schema.ts) so the
 * editor's rules are the build's: each property's widget, whether it is required, its pattern and
 * its list bounds, the language it is written in. Only presentation is added: labels, which strings are
 * multi-line prose, list summaries, and where uploaded photos go. cms/config.ts puts them into
 * Decap's collections.
 */
import path from "node:path"
import { CONTENT_DIR, IMAGES_FOLDER } from "../build-steps/paths"
import { ENTRY_CHECK } from "./shared"
import { cmsCollectionOf, labelOf, listLabels, singular } from "./collections"
import type { ContentType } from "../model/registry"
import {
  CMS_WIDGET_META,
  DATE_HINT,
  FORMER_KEYS_META,
  TRANSLATED_FROM_META,
  HINT_META,
  IMAGE_PATH_META,
  INVISIBLE_ONLY_MESSAGE,
  TEXT_LIMITS,
  VISIBLE_CHARACTER,
  RELATION_META,
  type Relation,
} from "../model/fields"
import { jsonSchemaOf, type JsonSchema } from "../model/json-schema"
import { TRANSLATABLE_META } from "../model/locales"
import { relationTarget } from "../model/relations"
import { TEAM_PHOTO_MAX, TEAM_PHOTO_QUALITY, TEAM_PHOTO_RATIO } from "../model/team-photo"

/** Carries a check's own message (e.g. 'expected a duration like "6 months"') into the CMS. */
const PATTERN_MESSAGE = "x-pattern-message"

export interface CmsField {
  name: string
  label: string
  widget: string
  required?: boolean
  hint?: string
  pattern?: [string, string]
  default?: unknown
  min?: number
  max?: number
  value_type?: "int" | "float"
  options?: string[]
  fields?: CmsField[]
  field?: CmsField
  collapsed?: boolean
  label_singular?: string
  summary?: string
  collection?: string
  file?: string
  value_field?: string
  search_fields?: string[]
  display_fields?: string[]
  media_folder?: string
  public_folder?: string
  choose_url?: boolean
  media_processing?: typeof TEAM_PHOTO_UPLOAD
  format?: string
  date_format?: string
  time_format?: boolean
  /** Written in each language (true), or shared and set once, in English (absent): model/locales.ts. */
  i18n?: boolean
}

/**
 * A team photo as Decap's upload writes it (`media_processing`, drawn again in the browser before it is
 * committed): every metadata block left behind, cropped to the card's 4:5 at TEAM_PHOTO_MAX, a JPEG.
 */
const TEAM_PHOTO_UPLOAD = {
  enabled: true,
  strip_metadata: true,
  format: { enabled: true, default: "jpeg" },
  quality: TEAM_PHOTO_QUALITY,
  width: TEAM_PHOTO_MAX.width,
  aspect_ratio: TEAM_PHOTO_RATIO,
} as const

/** What a collapsed list item shows: its title or name if it has one. */
const SUMMARY_FIELDS = ["title", "name", "heading", "label", "value", "section"]

export const CONTENT_FOLDER = path.basename(CONTENT_DIR)

/** The content type's JSON Schema with each check's message kept beside its pattern. */
function schemaWithMessages(type: ContentType): JsonSchema {
  return jsonSchemaOf(type, ({ zodSchema, jsonSchema }) => {
    const def = (zodSchema as unknown as { _zod: { def: ZodDef } })._zod.def
    const message = [def, ...(def.checks ?? []).map((check) => check._zod.def)].find(
      (check) => check.pattern instanceof RegExp && typeof check.error === "function",
    )
    const text = message?.error?.({ code: "invalid_format" })
    if (typeof text === "string") jsonSchema[PATTERN_MESSAGE] = text
  })
}

interface ZodDef {
  pattern?: unknown
  error?: (issue: object) => unknown
  checks?: Array<{ _zod: { def: ZodDef } }>
}

/**
 * A string's rule as Decap's pattern, with its one message, and its length limit as a hint. Decap
 * tests one pattern, compiled without flags, and shows one message, so the pattern carries one rule:
 * the schema's own pattern (a slug, a duration), or for a required text with none, that it holds
 * visible text. The length limit is shown under the field before anyone types; a text too long is
 * refused on save by the build's check (cms/app/entry-check/), which says how long it is.
 */
export function stringRules(schema: JsonSchema): Pick<CmsField, "pattern" | "hint"> {
  const max = typeof schema.maxLength === "number" ? schema.maxLength : undefined
  const limit = Object.values(TEXT_LIMITS).find((kind) => kind.max === max)
  const hint = max === undefined ? {} : { hint: `Up to ${max} characters${limit ? `: ${limit.why}` : ""}.` }
  if (typeof schema.pattern === "string") {
    const message = (schema[PATTERN_MESSAGE] as string | undefined) ?? `must match ${schema.pattern}`
    return { ...hint, pattern: [schema.pattern, message] }
  }
  if (typeof schema.minLength === "number") return { ...hint, pattern: [VISIBLE_CHARACTER, INVISIBLE_ONLY_MESSAGE] }
  return hint
}

/** Whether a part of a document holds text written in each language (model/locales.ts). */
function holdsText(schema: JsonSchema): boolean {
  if (schema[TRANSLATABLE_META] === true) return true
  if (schema.items) return holdsText(schema.items)
  return Object.values(schema.properties ?? {}).some(holdsText)
}

/**
 * One CMS field for a JSON Schema property. A field that is, or holds, a text is edited in each
 * language (`i18n`); any other is shared, edited once, in English, and hidden from the French side.
 */
export function cmsField(name: string, schema: JsonSchema, required: boolean): CmsField {
  const field = fieldOf(name, schema, required)
  return holdsText(schema) ? { ...field, i18n: true } : field
}

function fieldOf(name: string, schema: JsonSchema, required: boolean): CmsField {
  const purpose = schema[HINT_META] as string | undefined
  const field: CmsField = {
    name,
    label: labelOf(name),
    widget: "string",
    required,
    ...(purpose ? { hint: purpose } : {}),
  }

  // Kept by the admin itself, from the file as saved (cms/former-keys.ts): a form's copy can be stale.
  // As is the record of the translations to check (model/translations.ts).
  if (schema[FORMER_KEYS_META] !== undefined || schema[TRANSLATED_FROM_META] === true)
    return { ...field, widget: "hidden" }
  if (schema.enum) {
    // A choice the admin draws (a case study's icon, by its picture), or Decap's select.
    const widget = (schema[CMS_WIDGET_META] as string | undefined) ?? "select"
    return { ...field, widget, options: schema.enum as string[] }
  }
  if (schema.type === "boolean") return { ...field, widget: "boolean", default: false }
  if (schema.type === "integer" || schema.type === "number") {
    return {
      ...field,
      widget: "number",
      value_type: schema.type === "integer" ? "int" : "float",
      ...(typeof schema.minimum === "number" ? { min: schema.minimum } : {}),
      ...(typeof schema.maximum === "number" ? { max: schema.maximum } : {}),
    }
  }
  if (schema.type === "array") {
    const items = schema.items!
    const bounds = {
      ...(typeof schema.minItems === "number" ? { min: schema.minItems } : {}),
      ...(typeof schema.maxItems === "number" ? { max: schema.maxItems } : {}),
      // Decap counts a list's items with these: "1 badge", "3 badges".
      ...listLabels(name),
    }
    if (items.type === "object") {
      const fields = objectFields(items)
      const summary = SUMMARY_FIELDS.find((name) => fields.some((item) => item.name === name)) ?? fields[0].name
      return { ...field, widget: "list", ...bounds, collapsed: true, summary: itemSummary(fields, summary), fields }
    }
    const item = cmsField(singular(name), items, true)
    return { ...field, widget: "list", ...bounds, summary: summaryOf(item.name), field: item }
  }
  if (schema.type === "object") return { ...field, widget: "object", collapsed: false, fields: objectFields(schema) }

  if (schema[IMAGE_PATH_META]) {
    return {
      ...field,
      widget: "image",
      choose_url: false,
      media_processing: TEAM_PHOTO_UPLOAD,
      media_folder: `/${CONTENT_FOLDER}/${IMAGES_FOLDER}/team`,
      public_folder: `../${IMAGES_FOLDER}/team`,
    }
  }
  if (schema.format === "date") {
    return {
      ...field,
      widget: "datetime",
      format: "YYYY-MM-DD",
      date_format: "YYYY-MM-DD",
      time_format: false,
      hint: DATE_HINT,
    }
  }
  const relation = schema[RELATION_META] as Relation | undefined
  if (relation) {
    const target = relationTarget(relation)
    const place = cmsCollectionOf(target.location)
    return {
      ...field,
      widget: "relation",
      collection: place.collection,
      ...(target.kind === "single" ? { file: place.name } : {}),
      value_field: relation.key,
      search_fields: [relation.display, relation.key],
      display_fields: [relation.display],
    }
  }
  const widget = (schema[CMS_WIDGET_META] as string | undefined) ?? "string"
  const rules = stringRules(schema)
  const hint = [purpose, rules.hint].filter(Boolean).join(" ")
  return { ...field, widget, ...rules, ...(hint ? { hint } : {}) }
}

/** How long a collapsed list item's summary may be before it ends in "…". */
const SUMMARY_LENGTH = 60

/** A collapsed list item shows its own text (Decap's summary template), cut to one line. */
const summaryOf = (name: string) => `{{fields.${name} | truncate(${SUMMARY_LENGTH}, "…")}}`

/**
 * An item's summary on both sides of the form. A field shared by both languages (a member's name) is
 * held by the English side only, so the item shows it followed by its first text, which each side
 * has: "Hélène Marchand · Founder & Managing Partner" in English, "Associée fondatrice" in French.
 */
function itemSummary(fields: readonly CmsField[], name: string): string {
  const shown = fields.find((field) => field.name === name)!
  const text = fields.find((field) => field.i18n && field.widget === "string")
  if (shown.i18n || !text) return summaryOf(name)
  return `{{fields.${name}}}{{fields.${name} | ternary(' · ', '')}}${summaryOf(text.name)}`
}

/** The fields of an object schema, in the schema's order. */
function objectFields(schema: JsonSchema): CmsField[] {
  const required = new Set(schema.required ?? [])
  return Object.entries(schema.properties ?? {}).map(([name, property]) => cmsField(name, property, required.has(name)))
}

/**
 * The build's check of the whole entry, on both sides, first in every form (cms/app/entry-check/).
 * Never given a value, so nothing of it is written to a file; it answers Decap's "required" test itself.
 */
const ENTRY_CHECK_FIELD: CmsField = {
  name: ENTRY_CHECK.name,
  label: ENTRY_CHECK.label,
  widget: ENTRY_CHECK.widget,
  required: true,
  i18n: true,
}

/** A content type's fields; the file's `$schema`, beside its languages, is the format's (cms/format.ts). */
export function typeFields(type: ContentType): CmsField[] {
  return [ENTRY_CHECK_FIELD, ...objectFields(schemaWithMessages(type)).filter((field) => field.name !== "$schema")]
}
