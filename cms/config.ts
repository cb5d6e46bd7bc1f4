/**
 * The Decap CMS configuration, derived from the content model (model/schemas.ts) so the editor's rules are
 * the build's rules: every field, whether it is required, its pattern and its list bounds come from
 * the zod schema of its content type. Only presentation is added here: labels, which strings are
 * multi-line prose, and where uploaded photos go.
 */
import { AUTH_PATH } from "../contracts/sign-in"
import { CONTENT_DIR, IMAGES_FOLDER } from "../gatsby/paths"
import { LOGO_PATH } from "../src/seo/structured-data"
import { PREVIEW_STATUS_CONTEXT } from "../contracts/statuses"
import { CONTENT_FORMAT, ENTRY_CHECK } from "./shared"
import { cmsCollectionOf, labelOf, listLabels, singular } from "./collections"
import { CONTENT_TYPES, type ContentType } from "../model/registry"
import {
  CMS_WIDGET_META,
  DATE_HINT,
  HINT_META,
  IMAGE_PATH_META,
  INVISIBLE_ONLY_MESSAGE,
  TEXT_LIMITS,
  VISIBLE_CHARACTER,
  RELATION_META,
  type Relation,
} from "../model/schemas"
import { jsonSchemaOf, type JsonSchema } from "../model/json-schema"
import { DEFAULT_LOCALE, LOCALES, TRANSLATABLE_META } from "../model/locales"
import { relationTarget } from "../model/relations"
import path from "node:path"

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
  format?: string
  date_format?: string
  time_format?: boolean
  /** Written in each language (true), or shared and set once, in English (absent): model/locales.ts. */
  i18n?: boolean
}

interface CmsFile {
  name: string
  label: string
  file: string
  i18n?: boolean
  preview_path?: string
  fields: CmsField[]
}

export interface CmsCollection {
  name: string
  label: string
  files?: CmsFile[]
  folder?: string
  extension?: string
  format?: string
  create?: boolean
  delete?: boolean
  slug?: string
  identifier_field?: string
  preview_path?: string
  summary?: string
  sortable_fields?: string[]
  fields?: CmsField[]
  i18n?: boolean
}

/**
 * Deployed, the CMS reads and writes the content in this GitHub repository (owner/name), each change
 * on a branch of its own with a pull request until someone with the right to publish merges it. The
 * build server may name another (CMS_GITHUB_REPOSITORY), e.g. for a fork.
 */
export const CMS_REPOSITORY = process.env.CMS_GITHUB_REPOSITORY || "aurelle-intelligence/website"
/** The branch the site is built from, which Publish merges into. */
export const PUBLISHED_BRANCH = "main"

export interface CmsConfig {
  backend: {
    name: string
    repo: string
    branch: string
    auth_endpoint: string
    /** The commit status whose address is a draft's preview (PREVIEW_STATUS_CONTEXT). */
    preview_context: string
    commit_messages: Record<string, string>
  }
  local_backend: boolean
  publish_mode: string
  site_url: string
  display_url: string
  logo: { src: string }
  media_folder: string
  public_folder: string
  /** Both languages side by side, each file holding both (Decap's files collections know only single_file). */
  i18n: { structure: "single_file"; locales: string[]; default_locale: string }
  collections: CmsCollection[]
}

const COLLECTION_LABELS: Record<string, string> = {
  settings: "Settings",
  home: "Home page",
  pages: "Pages",
}

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
 * refused on save by the build's check (cms/app/entry-check.tsx), which says how long it is.
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
 * The build's check of the whole entry, on both sides, first in every form (cms/app/entry-check.tsx).
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
function typeFields(type: ContentType): CmsField[] {
  return [ENTRY_CHECK_FIELD, ...objectFields(schemaWithMessages(type)).filter((field) => field.name !== "$schema")]
}

export function cmsConfig(siteUrl: string): CmsConfig {
  const collections = new Map<string, CmsCollection>()
  for (const type of CONTENT_TYPES) {
    const place = cmsCollectionOf(type.location)
    if (type.kind === "folder") {
      collections.set(place.collection, {
        name: place.collection,
        label: place.label,
        folder: `${CONTENT_FOLDER}/${type.location}`,
        extension: "json",
        format: CONTENT_FORMAT,
        create: true,
        delete: true,
        // The file is named by the slug field (the study's address); Decap's own {{slug}} is the title slugified.
        slug: "{{fields.slug}}",
        identifier_field: "title",
        summary: "{{title}} ({{fields.slug}})",
        preview_path: place.page,
        sortable_fields: ["order", "title", "published"],
        i18n: true,
        fields: typeFields(type),
      })
      continue
    }
    const collection = collections.get(place.collection) ?? {
      name: place.collection,
      label: COLLECTION_LABELS[place.collection] ?? labelOf(place.collection),
      format: CONTENT_FORMAT,
      i18n: true,
      files: [],
    }
    collection.files!.push({
      name: place.name,
      label: place.label,
      file: `${CONTENT_FOLDER}/${type.location}`,
      preview_path: place.page,
      i18n: true,
      fields: typeFields(type),
    })
    collections.set(place.collection, collection)
  }
  return {
    // Signed in through the site's own /api/auth (deploy/auth/github-oauth.ts); the admin names its origin
    // as Decap's base_url at start-up (cms/app/index.tsx), so each host signs in on itself.
    backend: {
      name: "github",
      repo: CMS_REPOSITORY,
      branch: PUBLISHED_BRANCH,
      auth_endpoint: AUTH_PATH.slice(1),
      preview_context: PREVIEW_STATUS_CONTEXT,
      commit_messages: {
        create: "Content: create {{collection}} “{{slug}}”",
        update: "Content: update {{collection}} “{{slug}}”",
        delete: "Content: delete {{collection}} “{{slug}}”",
        uploadMedia: "Content: upload “{{path}}”",
        deleteMedia: "Content: delete “{{path}}”",
      },
    },
    // Locally decap-server (file mode) knows only "simple", and Decap switches to it: a save writes
    // the file. Deployed, each change is a draft, then in review, then ready, then published.
    local_backend: true,
    publish_mode: "editorial_workflow",
    site_url: siteUrl,
    // The house's mark on the sign-in page, where Decap would show its own.
    logo: { src: LOGO_PATH },
    display_url: siteUrl,
    media_folder: `${CONTENT_FOLDER}/${IMAGES_FOLDER}`,
    public_folder: `../${IMAGES_FOLDER}`,
    i18n: { structure: "single_file", locales: [...LOCALES], default_locale: DEFAULT_LOCALE },
    collections: [...collections.values()],
  }
}
