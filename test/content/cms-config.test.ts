/**
 * The CMS lets through exactly what the build accepts: field by field, the Decap configuration agrees
 * with the JSON Schema of each content type (the schema editors' files name in "$schema").
 */
import { TEAM_PHOTO_MAX } from "../../model/team-photo"
import { describe, expect, it } from "vitest"
import { cmsConfig, type CmsCollection } from "../../cms/config"
import type { CmsField } from "../../cms/fields"
import { ADMIN_WIDGETS, CMS_BACKENDS, CMS_WIDGETS, ENTRY_CHECK } from "../../cms/shared"
import { jsonSchemaOf, type JsonSchema } from "../../model/json-schema"
import { CONTENT_TYPES, type ContentType } from "../../model/registry"
import { ZURICH_TIME_WIDGET } from "../../model/page-schemas"
import { CMS_WIDGET_META, DATE_HINT, FORMER_KEYS_META, TRANSLATED_FROM_META, HINT_META, IMAGE_PATH_META, RELATION_META } from "../../model/fields"
import { DEFAULT_LOCALE, LOCALES, TRANSLATABLE_META } from "../../model/locales"

const config = cmsConfig("https://aurelle-intelligence.ch")

/** A content type's form, every field of it. */
function formOf(type: ContentType): CmsField[] {
  const file = `content/${type.location}`
  for (const collection of config.collections) {
    if (collection.folder === file) return collection.fields!
    const entry = collection.files?.find((candidate) => candidate.file === file)
    if (entry) return entry.fields
  }
  throw new Error(`${file} is not in the CMS`)
}

/** A content type's fields in the CMS, past the form's first, the check of the whole entry (not a field of the file). */
const fieldsOf = (type: ContentType): CmsField[] => formOf(type).slice(1)

/** Every disagreement between a schema node and its CMS field, as "path: what differs". */
function disagreements(schema: JsonSchema, field: CmsField, path: string, required: boolean): string[] {
  const problems: string[] = []
  const expect = (condition: boolean, what: string) => {
    if (!condition) problems.push(`${path}: ${what}`)
  }
  expect(field.required === required, `required is ${field.required}, the schema says ${required}`)
  // Written in each language exactly when it is, or holds, a text; shared (set once, in English) otherwise.
  expect(Boolean(field.i18n) === holdsText(schema), `i18n is ${field.i18n}, the schema says ${holdsText(schema)}`)

  if (schema[FORMER_KEYS_META] !== undefined) {
    // Kept by the admin from the file as saved (cms/former-keys.ts), never edited in the form.
    expect(field.widget === "hidden", `widget ${field.widget} for a list of former keys`)
  } else if (schema[TRANSLATED_FROM_META] === true) {
    // Kept by the admin from the file as saved (model/translations.ts), never edited in the form.
    expect(field.widget === "hidden", `widget ${field.widget} for the record of translations' sources`)
  } else if (schema.enum) {
    expect(field.widget === (schema[CMS_WIDGET_META] ?? "select"), `widget ${field.widget} for an enum`)
    expect(JSON.stringify(field.options) === JSON.stringify(schema.enum), `options ${field.options} != ${schema.enum}`)
  } else if (schema.type === "boolean") {
    expect(field.widget === "boolean", `widget ${field.widget} for a boolean`)
  } else if (schema.type === "integer" || schema.type === "number") {
    expect(field.widget === "number", `widget ${field.widget} for a number`)
    expect(field.value_type === (schema.type === "integer" ? "int" : "float"), `value_type ${field.value_type}`)
    expect(field.min === schema.minimum, `min ${field.min} != ${schema.minimum}`)
    expect(field.max === schema.maximum, `max ${field.max} != ${schema.maximum}`)
  } else if (schema.type === "array") {
    expect(field.widget === "list", `widget ${field.widget} for a list`)
    expect(field.min === schema.minItems, `min ${field.min} != minItems ${schema.minItems}`)
    expect(field.max === schema.maxItems, `max ${field.max} != maxItems ${schema.maxItems}`)
    const items = schema.items!
    if (items.type === "object") problems.push(...objectDisagreements(items, field.fields ?? [], `${path}[]`))
    else if (!field.field) problems.push(`${path}: a list of values without its item field`)
    else problems.push(...disagreements(items, field.field, `${path}[]`, true))
  } else if (schema.type === "object") {
    expect(field.widget === "object", `widget ${field.widget} for an object`)
    problems.push(...objectDisagreements(schema, field.fields ?? [], path))
  } else if (schema[IMAGE_PATH_META]) {
    expect(field.widget === "image", `widget ${field.widget} for an image path`)
    // Drawn again in the browser before it is committed: no metadata, the card's 4:5 at the bound.
    const upload = field.media_processing
    expect(upload?.enabled === true && upload.strip_metadata === true, "an upload that keeps what the camera wrote")
    const [across, down] = String(upload?.aspect_ratio).split(":").map(Number)
    const drawn = `${upload?.width} x ${((upload?.width ?? 0) * down) / across}`
    expect(drawn === `${TEAM_PHOTO_MAX.width} x ${TEAM_PHOTO_MAX.height}`, `an upload drawn at ${drawn}`)
  } else if (schema.format === "date") {
    expect(field.widget === "datetime" && field.format === "YYYY-MM-DD", `a ${field.widget} for a date`)
    expect(field.hint === DATE_HINT, "a date field that does not ask for the calendar")
  } else if (schema[RELATION_META]) {
    expect(field.widget === "relation", `widget ${field.widget} for a relation`)
  } else if (schema[CMS_WIDGET_META] === ZURICH_TIME_WIDGET) {
    // A time of the calendar, picked in Zurich's time (cms/app/zurich-time.tsx) and checked as the build checks it.
    expect(field.widget === ZURICH_TIME_WIDGET, `widget ${field.widget} for a time of the calendar`)
    expect(field.pattern?.[0].includes(String(schema.pattern)) === true, `pattern ${field.pattern?.[0]}`)
  } else {
    expect(schema.type === "string", `type ${schema.type} has no CMS counterpart`)
    expect(["string", "text", "hidden"].includes(field.widget), `widget ${field.widget} for a string`)
    // Decap tests the pattern as RegExp(pattern), with no flags, and skips it for an empty value.
    const decapAccepts = (value: string) => !field.pattern || RegExp(field.pattern[0]).test(value)
    if (typeof schema.pattern === "string") {
      expect(field.pattern?.[0].includes(schema.pattern) === true, `pattern ${field.pattern?.[0]} lacks ${schema.pattern}`)
    }
    if (schema.minLength) expect(!decapAccepts("\u200B \u2060"), "a required text that accepts invisible characters only")
    // The limit is shown before anyone types; a text too long is refused on save by the build's own
    // check of the entry (cms/entry-problems.ts), which says how long it is.
    if (typeof schema.maxLength === "number") {
      expect(field.hint?.includes(`Up to ${schema.maxLength} characters`) === true, `hint for ${schema.maxLength}`)
    }
    // What the field is for comes first, then its limit.
    const purpose = schema[HINT_META] as string | undefined
    if (purpose) expect(field.hint === purpose || field.hint?.startsWith(`${purpose} `) === true, `hint without "${purpose}"`)
  }
  return problems
}

/** A text, or a part of a document holding one (model/locales.ts: TRANSLATABLE_META). */
const holdsText = (schema: JsonSchema): boolean =>
  schema[TRANSLATABLE_META] === true ||
  (schema.items ? holdsText(schema.items) : Object.values(schema.properties ?? {}).some(holdsText))

function objectDisagreements(schema: JsonSchema, fields: CmsField[], path: string): string[] {
  // The file's $schema sits beside its languages, written by the CMS's format (cms/format.ts).
  const properties = Object.keys(schema.properties ?? {}).filter((name) => name !== "$schema")
  const names = fields.map((field) => field.name)
  const required = new Set(schema.required ?? [])
  const problems: string[] = []
  for (const name of properties) if (!names.includes(name)) problems.push(`${path}.${name}: missing from the CMS`)
  for (const name of names) if (!properties.includes(name)) problems.push(`${path}.${name}: not in the schema`)
  for (const field of fields) {
    const property = schema.properties?.[field.name]
    if (!property || field.name === "$schema") continue
    problems.push(...disagreements(property, field, `${path}.${field.name}`, required.has(field.name)))
  }
  return problems
}

describe("the CMS configuration", () => {
  it.each(CONTENT_TYPES.map((type) => [type.location, type] as const))(
    "content/%s: every field, requirement, pattern and bound matches the schema",
    (_location, type) => {
      expect(objectDisagreements(jsonSchemaOf(type), fieldsOf(type), type.location)).toEqual([])
    },
  )

  it("opens every form with the build's check of the whole entry, on both sides, which no file holds", () => {
    for (const type of CONTENT_TYPES) {
      expect(formOf(type)[0], type.location).toEqual({
        name: ENTRY_CHECK.name,
        label: ENTRY_CHECK.label,
        widget: ENTRY_CHECK.widget,
        required: true,
        i18n: true,
      })
      expect(Object.keys(jsonSchemaOf(type).properties ?? {})).not.toContain(ENTRY_CHECK.name)
    }
  })

  it("edits every content file in both languages side by side, each file holding both", () => {
    expect(config.i18n).toEqual({ structure: "single_file", locales: [...LOCALES], default_locale: DEFAULT_LOCALE })
    for (const collection of config.collections) {
      expect(collection.i18n, collection.name).toBe(true)
      for (const file of collection.files ?? []) expect(file.i18n, file.name).toBe(true)
    }
    // A metric is set once, in English; its label is written in each language.
    const caseFields = fieldsOf(CONTENT_TYPES.find((type) => type.location === "case-studies")!)
    expect(caseFields.find((field) => field.name === "metrics")!.i18n).toBeUndefined()
    expect(caseFields.find((field) => field.name === "title")!.i18n).toBe(true)
  })

  it("lists every content file once, and nothing else", () => {
    const places = config.collections.flatMap((collection: CmsCollection) =>
      collection.folder ? [collection.folder] : collection.files!.map((file) => file.file),
    )
    expect(places.sort()).toEqual(CONTENT_TYPES.map((type) => `content/${type.location}`).sort())
  })

  it("notices a field the schema has and the CMS lacks", () => {
    const type = CONTENT_TYPES.find((candidate) => candidate.location === "home/contact.json")!
    const fields = fieldsOf(type).filter((field) => field.name !== "replyPromise")
    expect(objectDisagreements(jsonSchemaOf(type), fields, type.location)).toEqual([
      "home/contact.json.replyPromise: missing from the CMS",
    ])
  })

  it("explains a pattern with the schema's own message", () => {
    const metrics = fieldsOf(CONTENT_TYPES.find((type) => type.location === "case-studies")!).find(
      (field) => field.name === "metrics",
    )!
    expect(metrics.fields!.find((field) => field.name === "timeframe")!.pattern).toEqual([
      "^\\d+ (month|months|week|weeks)$",
      'expected a duration like "6 months"',
    ])
  })

  it("lets editors create, edit and delete case studies, one file each, named by the slug field", () => {
    const cases = config.collections.find((collection) => collection.folder === "content/case-studies")!
    expect(cases).toMatchObject({
      create: true,
      delete: true,
      format: "content-json",
      extension: "json",
      // Decap's own {{slug}} is the title slugified; the file must be named by the slug field.
      slug: "{{fields.slug}}",
      summary: "{{title}} ({{fields.slug}})",
    })
  })

  it("shows the build's limit for a text, and marks in red only the one rule its message names", () => {
    const caseFields = fieldsOf(CONTENT_TYPES.find((type) => type.location === "case-studies")!)
    const title = caseFields.find((field) => field.name === "title")!
    const decap = (field: CmsField, value: string) => RegExp(field.pattern![0]).test(value)
    expect(title.hint).toBe("Up to 70 characters: search results show a title whole up to 70 characters.")
    expect(decap(title, "Detecting Counterfeits at Scale for a Swiss Watchmaker")).toBe(true)
    expect(decap(title, "\u200B\u200B\u200B")).toBe(false)
    expect(title.pattern![1]).toBe(
      "must contain visible text: it holds only spaces or invisible characters (such as zero-width spaces)",
    )

    const page = fieldsOf(CONTENT_TYPES.find((type) => type.location === "pages/case-studies.json")!)
    const noResults = page.find((field) => field.name === "search")!.fields!.find((field) => field.name === "noResults")!
    expect(decap(noResults, "Nothing matches “{query}”.")).toBe(true)
    expect(decap(noResults, "Nothing matches.")).toBe(false)
    expect(noResults.pattern![1]).toBe('must contain "{query}" where the search goes')
  })

  it("gives the case study's slug, order, icon and metrics a hint of what they take", () => {
    const caseFields = fieldsOf(CONTENT_TYPES.find((type) => type.location === "case-studies")!)
    const hintOf = (name: string) => caseFields.find((field) => field.name === name)?.hint
    expect(hintOf("slug")).toMatch(/^The study's address, \/case-studies\/<slug>\//)
    expect(hintOf("order")).toMatch(/1 comes first/)
    expect(hintOf("icon")).toMatch(/glass \(wine and spirits\)/)
    const metrics = caseFields.find((field) => field.name === "metrics")!.fields!
    for (const metric of metrics) expect(metric.hint, metric.name).toMatch(/like "/)
  })

  it("names a list item on both sides: a team member by name and role in English, by role in French", () => {
    const about = fieldsOf(CONTENT_TYPES.find((type) => type.location === "home/about.json")!)
    expect(about.find((field) => field.name === "members")!.summary).toBe(
      "{{fields.name}}{{fields.name | ternary(' · ', '')}}{{fields.role | truncate(60, \"…\")}}",
    )
  })

  it("uses only the widgets and backends the admin registers", () => {
    const widgets = (fields: readonly CmsField[]): string[] =>
      fields.flatMap((field) => [field.widget, ...widgets(field.fields ?? (field.field ? [field.field] : []))])
    const used = new Set(
      config.collections.flatMap((collection) =>
        widgets(collection.fields ?? collection.files!.flatMap((file) => file.fields)),
      ),
    )
    const registered: readonly string[] = [...CMS_WIDGETS, ...ADMIN_WIDGETS, "hidden"]
    expect([...used].filter((widget) => !registered.includes(widget))).toEqual([])
    expect(used.size).toBeGreaterThan(8)
    expect((CMS_BACKENDS as readonly string[]).includes(config.backend.name)).toBe(true)
  })

  it("writes locally through decap-server and, deployed, to GitHub through the site's own sign-in, with review before publish", () => {
    expect(config.local_backend).toBe(true)
    expect(config.backend).toMatchObject({ name: "github", branch: "main", auth_endpoint: "api/auth" })
    expect(config.backend.repo).toMatch(/^[\w.-]+\/[\w.-]+$/)
    expect(config.publish_mode).toBe("editorial_workflow")
    expect(JSON.stringify(config)).not.toMatch(/git-gateway|identity/i)
  })
})

describe("list counts in the CMS", () => {
  /** Every list field of the configuration, with its path. */
  const lists = (fields: readonly CmsField[], path: string): Array<{ path: string; field: CmsField }> =>
    fields.flatMap((field) => [
      ...(field.widget === "list" ? [{ path: `${path}.${field.name}`, field }] : []),
      ...lists(field.fields ?? field.field?.fields ?? [], `${path}.${field.name}`),
    ])
  const all = config.collections.flatMap((collection) =>
    collection.fields
      ? lists(collection.fields, collection.name)
      : collection.files!.flatMap((file) => lists(file.fields, file.name)),
  )

  it("read as counts of their items: one in the singular, more in the plural", () => {
    // Decap writes "<count> <label>" above a list, with label_singular for one item.
    const count = (path: string, items: number) => {
      const { field } = all.find((list) => list.path === path)!
      return `${items} ${(items === 1 ? field.label_singular! : field.label).toLowerCase()}`
    }
    expect([count("case-studies.result", 3), count("about.members.badges", 1), count("about.story", 2)]).toEqual([
      "3 results",
      "1 badge",
      "2 story paragraphs",
    ])
    for (const { path, field } of all) {
      expect(field.label_singular, path).toBeTruthy()
      expect(field.label, path).not.toBe(field.label_singular)
    }
  })
})

describe("View Live in the CMS", () => {
  it("opens the page a visitor reads the entry on", () => {
    const pages = Object.fromEntries(
      config.collections.flatMap((collection) =>
        collection.files
          ? collection.files.map((file) => [file.name, file.preview_path])
          : [[collection.name, collection.preview_path]],
      ),
    )
    expect(pages).toEqual({
      site: "/",
      hero: "/",
      industries: "/#industries",
      services: "/#services",
      process: "/#process",
      about: "/#about",
      contact: "/#contact",
      "book-demo": "/book-demo/",
      "case-studies-page": "/case-studies/",
      "privacy-policy": "/privacy-policy/",
      "terms-of-service": "/terms-of-service/",
      "case-studies": "/case-studies/{{slug}}/",
    })
  })
})
