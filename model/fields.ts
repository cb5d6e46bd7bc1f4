/**
 * The content model's vocabulary of fields: the metadata keys the build, the CMS and the JSON Schemas
 * read (metadata that makes a string an image, a key, a relation, a date not after today), the rules
 * every text follows, and the builders of a field (a text, prose, a slug, an address, a photo, a past
 * year) and of a document (schemas.ts, page-schemas.ts build the content types with them).
 */
import * as z from "zod"
import { TITLE_MAX_LENGTH } from "./behaviour"
import { TRANSLATABLE_META } from "./locales"
import { DEPARTURE_ADDRESS } from "../contracts/hosting-policy"

/** Metadata key that marks a string as a path to an image, resolved to a Gatsby `File` node. */
export const IMAGE_PATH_META = "x-image-path"
/** Metadata key for the CMS: the string is prose, edited in a multi-line box (cms/config.ts). */
export const CMS_WIDGET_META = "x-cms-widget"
/** The CMS's widget for a case study's icon: each drawing to pick, by its picture (cms/app/icon-choice.tsx). */
export const CASE_ICON_WIDGET = "case-icon"
/** Metadata key: the value identifies its entry, so no two entries share it (relations.ts). */
export const KEY_META = "x-key"
/**
 * Metadata key: the entry's keys of before, on a list beside its key (named by this meta's value).
 * Each is an address that leads to the entry's key now: no entry may have it as its key or among its
 * own, and a folder's file may keep the name it was created with (content-check.ts).
 */
export const FORMER_KEYS_META = "x-former-keys"
/** Metadata key: the value is the key of an entry of another content type (relations.ts). */
export const RELATION_META = "x-relation"
/** Metadata key for the CMS: what the field is for, shown under it before its length limit. */
export const HINT_META = "x-hint"
/**
 * A date that must not be after the content's today, in its unit (a day "2026-03-10", a month "March
 * 2026", a year 2026), and why. A schema knows no time: the content check judges it at the clock it is
 * given (model/content-dates.ts, `datedProblems`), once the value has its form.
 */
export const NOT_AFTER_TODAY_META = "x-not-after-today"
export interface NotAfterToday {
  unit: "day" | "month" | "year"
  /** Said after the refusal, when the rule needs a reason. */
  why?: string
}
export const notAfterToday = (rule: NotAfterToday) => ({ [NOT_AFTER_TODAY_META]: rule })

/**
 * Where a relation points: the key of an entry of another content type. Declared once, on the field
 * that points; the build's reference checks and the CMS's pick list are both derived from it.
 */
export interface Relation {
  /** The content type pointed at (registry.ts). */
  typeName: string
  /** Where an entry's key sits in that type's data: "slug", or "members.*.slug" inside a list. */
  key: string
  /** The entry's field the CMS shows to pick one: "title", "members.*.name". */
  display: string
  /** What an entry is called in the build's messages: "case study". */
  noun: string
}

const SLUG_PATTERN = /^[a-z0-9]+(?:-[a-z0-9]+)*$/
/** A slug is part of an address people read, share and type: a few words. */
export const SLUG_MAX_LENGTH = 60
const SLUG_MESSAGE = 'must be a lowercase URL slug like "real-estate"'

/**
 * What is wrong with `value` as a slug, in the words a refusal says, or null: the rule the content's
 * schema holds, for what the site reads elsewhere (the repository's history).
 */
export function slugProblem(value: unknown): string | null {
  if (typeof value !== "string" || !SLUG_PATTERN.test(value)) return SLUG_MESSAGE
  if (value.length > SLUG_MAX_LENGTH) return `must be at most ${SLUG_MAX_LENGTH} characters, it has ${value.length}`
  return null
}
export const METRIC_PATTERN = /^[0-9][0-9.,]*[KMB]?\+?$/

/**
 * How long each kind of text may be, chosen from the layout and from search engines. Every text
 * field names its kind below; the limit reaches the JSON Schema (maxLength), the CMS (its pattern and
 * hint) and the preview from here.
 */
export const TEXT_LIMITS = {
  word: { max: 20, why: "it is set in the headline's large display type and must fit a phone's width" },
  label: { max: 40, why: "it must fit one line of a button, link, tag or label on a phone" },
  title: { max: TITLE_MAX_LENGTH, why: `search results show a title whole up to ${TITLE_MAX_LENGTH} characters` },
  sentence: { max: 120, why: "it is one line of supporting text" },
  description: { max: 160, why: "search results cut a description after 160 characters" },
  card: { max: 200, why: "it must fit its card beside the others" },
  intro: { max: 280, why: "an introduction is read at a glance" },
  paragraph: { max: 1200, why: "a longer paragraph is hard to read on a phone: split it in two" },
} as const

export type TextKind = keyof typeof TEXT_LIMITS

/**
 * A character a reader can see: anything but white space and the invisible format characters
 * (zero-width spaces and joiners, direction marks, soft hyphen, variation selectors, fillers). Written
 * without \p{...} classes so the CMS, which reads the pattern without the `u` flag, applies it too.
 */
export const VISIBLE_CHARACTER =
  "[^\\s\\u00AD\\u034F\\u061C\\u115F\\u1160\\u17B4\\u17B5\\u180B-\\u180F\\u200B-\\u200F\\u202A-\\u202E\\u2060-\\u206F\\u3164\\uFE00-\\uFE0F\\uFEFF\\uFFA0\\uFFF0-\\uFFF8]"
export const INVISIBLE_ONLY_MESSAGE =
  "must contain visible text: it holds only spaces or invisible characters (such as zero-width spaces)"
// The class lists combining and variation characters one by one on purpose: each is invisible alone.
// eslint-disable-next-line no-misleading-character-class
const visible = new RegExp(VISIBLE_CHARACTER)

export const text = (kind: TextKind) => {
  const { max, why } = TEXT_LIMITS[kind]
  return z
    .string()
    .trim()
    .min(1, "must not be empty")
    .max(max, { error: (issue) => `must be at most ${max} characters, it has ${String(issue.input).length}: ${why}` })
    .refine((value) => value === "" || visible.test(value), INVISIBLE_ONLY_MESSAGE)
    .meta({ [TRANSLATABLE_META]: true })
}
/** A text that reads the same in every language, such as a person's or the house's name: written once. */
export const sameInEveryLanguage = (kind: TextKind) => text(kind).meta({ [TRANSLATABLE_META]: false })
/** Text of a sentence or more: the same rules, edited in a multi-line box. */
export const prose = (kind: TextKind) => text(kind).meta({ [CMS_WIDGET_META]: "text" })
/** A field whose value identifies its entry among the others (a folder's files, or a list's items). */
export const key = <T extends z.ZodType>(schema: T) => schema.meta({ [KEY_META]: true })
export const relation = <T extends z.ZodType>(schema: T, to: Relation) => schema.meta({ [RELATION_META]: to })
export const CASE_STUDY: Relation = { typeName: "CaseStudy", key: "slug", display: "title", noun: "case study" }
export const list = <T extends z.ZodType>(item: T) => z.array(item).min(1, "must not be empty")
export const slug = () =>
  z
    .string()
    .regex(SLUG_PATTERN, SLUG_MESSAGE)
    .max(SLUG_MAX_LENGTH, {
      error: (issue) => `must be at most ${SLUG_MAX_LENGTH} characters, it has ${String(issue.input).length}`,
    })
const HTTPS_URL_MESSAGE = "expected an https:// URL like https://example.com/page"
/** The pattern carries the rule into the JSON Schema and the CMS, which know no URL format. */
/**
 * Hosts write the scheduler's address into their redirects (nginx's configuration, Pages' _redirects):
 * it holds only what an address may hold unescaped, no space, quote or `$`.
 */
const HTTPS_URL_CHARACTERS_MESSAGE =
  "expected an https:// URL of letters, digits and - . _ ~ : / ? # [ ] @ ! & ( ) * + , ; = % only (write a space %20, a quote %22 or %27, a $ %24)"
export const httpsUrl = () =>
  z
    .url({ protocol: /^https$/, error: HTTPS_URL_MESSAGE, abort: true })
    .regex(DEPARTURE_ADDRESS, HTTPS_URL_CHARACTERS_MESSAGE)
export const email = () => z.email({ error: "expected an email address like name@example.com" })
export const imagePath = () =>
  z
    .string()
    .regex(
      /\.(jpe?g|png|webp|avif)$/i,
      "expected a path to a .jpg, .png, .webp or .avif file (a phone's HEIC photo: export it as JPEG first)",
    )
    .meta({ [IMAGE_PATH_META]: true })

/**
 * Nothing is dated in the future: each date field says so (`NOT_AFTER_TODAY_META`), and the content
 * check judges it at its clock. Whether a date also falls after the house's founding is checked across
 * files (model/content-check.ts).
 */
/**
 * No date of the house's work is this old. The CMS's date field can store a date typed with the
 * keyboard in another century (decaporg/decap-cms#7939): such a date is refused here, where the
 * preview and the build both see it, and the field asks for the calendar (DATE_HINT).
 */
export const EARLIEST_DATE = "2000-01-01"
export const DATE_HINT = "Pick the date with the calendar: a date typed in can be stored with a wrong year."
export const pastYear = () =>
  z
    .number()
    .int()
    .min(1900)
    .max(2100)
    .meta(notAfterToday({ unit: "year" }))

/**
 * The English document's record of the English each translation was made from, where that English has
 * changed since (model/translations.ts): by language, then by the text's path ("result",
 * "cards[1].title"). A translation listed here is "to check". The CMS keeps it on every save, out of
 * the form; the site never shows it.
 */
export const TRANSLATED_FROM = "translatedFrom"
/** Metadata key: the field is the record of translations' sources (`TRANSLATED_FROM`), not content. */
export const TRANSLATED_FROM_META = "x-translated-from"
export const translatedFrom = z
  .record(z.string(), z.record(z.string(), z.union([z.string(), z.array(z.string())])))
  .optional()
  .meta({
    [TRANSLATED_FROM_META]: true,
    [HINT_META]:
      "The English each translation below was made from, where the English has changed since: by language, then by the text's path. The CMS keeps it on every save; a French text is to check while it is here.",
  })

/** A field of a document that holds content, rather than the file's own bookkeeping ($schema, translatedFrom). */
export const isContentField = (name: string) => name !== "$schema" && name !== TRANSLATED_FROM

/** A document's content: its fields without the file's bookkeeping (`isContentField`). */
export const contentOf = (document: object): Record<string, unknown> =>
  Object.fromEntries(Object.entries(document).filter(([name]) => isContentField(name)))

/** Every content file may name its JSON Schema so editors get completion and errors. */
export const document = <T extends z.ZodRawShape>(shape: T) =>
  z.strictObject({ $schema: z.string().optional(), ...shape, [TRANSLATED_FROM]: translatedFrom })

export const sectionIntro = {
  eyebrow: text("label"),
  title: text("title"),
  intro: prose("intro"),
}

export const SECTION_IDS = ["home", "industries", "services", "process", "about", "contact"] as const
