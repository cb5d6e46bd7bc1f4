/**
 * Translations that know their source. Each text of a content file is written in every language
 * (localized-content.ts), each translation made from the English as it stood then. When a text's
 * English changes and its translation does not, the translation is "to check" until it is edited or
 * confirmed still right: the English document records, under `translatedFrom` (schemas.ts), the
 * English such a translation was made from, by language and the text's path. Only translations to
 * check are recorded, so a file whose languages agree holds nothing more.
 *
 * The CMS keeps the record on every save (`recordedSources`, from the file as saved and the draft);
 * the content check warns of each translation to check, and of each missing, with its file
 * (`translationStates`); nothing here refuses anything. Nothing here needs Node, React or Decap.
 */
import * as z from "zod"
import { DEFAULT_LOCALE, LANGUAGE_NAMES_IN_ENGLISH, LOCALES, type Locale } from "./locales"
import { isText, unwrapped } from "./localized-content"
import { type PathSegment, jsonPath } from "./problems"
import { TRANSLATED_FROM, isContentField } from "./fields"
import { valueAt } from "./schema-issues"
import { isRecord } from "../contracts/json"

/** A text as a file holds it: a string, or a list of them translated as a whole. */
export type TextValue = string | string[]

/** By language (other than English), by a text's path: the English its translation was made from. */
export type TranslatedFrom = Partial<Record<Locale, Record<string, TextValue>>>

/** A text of the English document: where it is, what it says, and the rule it keeps. */
export interface EnglishText {
  segments: PathSegment[]
  path: string
  value: TextValue
  schema: z.ZodType
}

export const asText = (value: unknown): TextValue | undefined =>
  typeof value === "string"
    ? value
    : Array.isArray(value) && value.every((item) => typeof item === "string")
      ? (value as string[])
      : undefined

/** Whether a text holds nothing to read: absent, empty, or a list of nothing. */
export const isEmptyText = (value: unknown) => {
  const text = asText(value)
  return text === undefined || (typeof text === "string" ? text.trim() === "" : text.every((item) => !item.trim()))
}

/** Two texts read alike (a list item for item). */
export const sameText = (one: unknown, other: unknown) => JSON.stringify(one) === JSON.stringify(other)

/** Every text the English document holds, in the schema's order, each where it is. */
export function englishTexts(schema: z.ZodType, english: unknown): EnglishText[] {
  const found: EnglishText[] = []
  const walk = (part: z.ZodType, value: unknown, segments: PathSegment[]) => {
    const inner = unwrapped(part)
    if (isText(inner)) {
      const text = asText(value)
      if (text !== undefined && !isEmptyText(text))
        found.push({ segments, path: jsonPath(segments), value: text, schema: inner })
      return
    }
    if (inner instanceof z.ZodObject && isRecord(value)) {
      for (const [name, field] of Object.entries(inner.shape as Record<string, z.ZodType>)) {
        if (isContentField(name)) walk(field, value[name], [...segments, name])
      }
    } else if (inner instanceof z.ZodArray && Array.isArray(value)) {
      value.forEach((item, index) => walk(inner.element as z.ZodType, item, [...segments, index]))
    }
  }
  walk(schema, english, [])
  return found
}

/** The record as a document holds it, read leniently: what is not a text is left out. */
export function recordOf(english: unknown): TranslatedFrom {
  const record = isRecord(english) ? english[TRANSLATED_FROM] : undefined
  if (!isRecord(record)) return {}
  return Object.fromEntries(
    Object.entries(record)
      .filter(([locale, texts]) => LOCALES.includes(locale as Locale) && isRecord(texts))
      .map(([locale, texts]) => [
        locale,
        Object.fromEntries(
          Object.entries(texts as Record<string, unknown>).flatMap(([path, value]) => {
            const text = asText(value)
            return text === undefined ? [] : [[path, text]]
          }),
        ),
      ]),
  )
}

/** The languages a text is translated into. */
export const TRANSLATIONS = LOCALES.filter((locale) => locale !== DEFAULT_LOCALE)

const describe = (value: unknown) =>
  value === null
    ? "null"
    : Array.isArray(value)
      ? "a list"
      : (
          { object: "an object", string: "a text", number: "a number", boolean: "true or false" } as Record<
            string,
            string
          >
        )[typeof value]

/**
 * What is wrong with the English document's record (`translatedFrom`), each problem at its place under
 * the record (its language, then the text's path) in words: a language the site does not translate
 * into, a path that is no text of the English document, a value that is no text, or one longer than
 * the field it records may be. The CMS writes the record; a hand edit or a script may not.
 */
export function recordProblems(schema: z.ZodType, english: unknown): { segments: PathSegment[]; message: string }[] {
  const record = isRecord(english) ? english[TRANSLATED_FROM] : undefined
  if (record === undefined) return []
  const at = (segments: PathSegment[], message: string) => ({ segments: [TRANSLATED_FROM, ...segments], message })
  if (!isRecord(record))
    return [
      at(
        [],
        `must be an object: by language, then by the text's path, the English each translation was made from (it is ${describe(record)})`,
      ),
    ]
  const translations = TRANSLATIONS.map((locale) => `${LANGUAGE_NAMES_IN_ENGLISH[locale]}, "${locale}"`).join("; ")
  const texts = new Map(englishTexts(schema, english).map((text) => [text.path, text]))
  return Object.entries(record).flatMap(([locale, paths]) => {
    if (!TRANSLATIONS.includes(locale as Locale))
      return [at([locale], `"${locale}" is not a language the site translates into (${translations})`)]
    const language = LANGUAGE_NAMES_IN_ENGLISH[locale as Locale]
    if (!isRecord(paths))
      return [
        at(
          [locale],
          `must be an object: by the text's path, the English the ${language} text was made from (it is ${describe(paths)})`,
        ),
      ]
    return Object.entries(paths).flatMap(([key, value]) => {
      const text = texts.get(key)
      // A key is shown as far as a path could go: anyone may write anything there.
      const path = key.length > 80 ? `${key.slice(0, 80)}…` : key
      if (!text)
        return [
          at(
            [locale, path],
            `"${path}" is no text of this file's English: the ${language} texts are recorded by the path of an English text, like "${texts.keys().next().value ?? "title"}"`,
          ),
        ]
      if (asText(value) === undefined)
        return [
          at(
            [locale, path],
            `the English the ${language} text at "${path}" was made from must be a text (or a list of texts, as the field holds), not ${describe(value)}`,
          ),
        ]
      const verdict = text.schema.safeParse(value)
      return verdict.success
        ? []
        : [
            at(
              [locale, path],
              `the English the ${language} text at "${path}" was made from ${verdict.error.issues[0].message}`,
            ),
          ]
    })
  })
}

/** Whether a language's own document holds no text at all: absent, or every text in it empty. */
export function isUntranslated(own: unknown): boolean {
  if (typeof own === "string") return own.trim() === ""
  if (Array.isArray(own)) return own.every(isUntranslated)
  if (isRecord(own)) return Object.values(own).every(isUntranslated)
  return true
}

/**
 * Whether an entry of this kind may be published in English first, its other languages' documents
 * holding no text yet: an entry of a folder (a case study), which the other languages then leave out
 * until it is translated; never a file of the site's own, which every page of a language reads.
 */
export const mayWaitForTranslation = (kind: "single" | "folder") => kind === "folder"

/** A translation whose English changed since it was made: the English then and now. */
export interface TranslationToCheck {
  locale: Locale
  path: string
  segments: PathSegment[]
  before: TextValue
  after: TextValue
}

/** A text with no translation yet in a language. */
export interface MissingTranslation {
  locale: Locale
  path: string
  segments: PathSegment[]
  english: TextValue
}

export interface TranslationStates {
  toCheck: TranslationToCheck[]
  missing: MissingTranslation[]
}

/**
 * A file's translations to check (its record names a text's English of before, and the English now
 * differs) and the ones missing, for each language but English, in the order of the English texts.
 */
export function translationStates(schema: z.ZodType, file: unknown): TranslationStates {
  const states: TranslationStates = { toCheck: [], missing: [] }
  if (!isRecord(file)) return states
  const english = file[DEFAULT_LOCALE]
  const record = recordOf(english)
  for (const locale of TRANSLATIONS) {
    for (const { segments, path, value } of englishTexts(schema, english)) {
      if (isEmptyText(valueAt(file[locale], segments))) {
        states.missing.push({ locale, path, segments, english: value })
        continue
      }
      const before = record[locale]?.[path]
      if (before !== undefined && !sameText(before, value)) {
        states.toCheck.push({ locale, path, segments, before, after: value })
      }
    }
  }
  return states
}

/** A text as a message quotes it: a list's items joined, a long text cut after `max` characters. */
export function quotedText(text: TextValue, max = 90): string {
  const whole = typeof text === "string" ? text : text.join(" / ")
  return `“${whole.length > max ? `${whole.slice(0, max - 1).trimEnd()}…` : whole}”`
}

/** The English then and now as a message quotes them: of a list, the first item that changed, and which. */
function changeOf(before: TextValue, after: TextValue): string {
  if (Array.isArray(before) && Array.isArray(after)) {
    const item = after.findIndex((line, index) => line !== before[index])
    if (item >= 0 && item < before.length)
      return `from ${quotedText(before[item])} to ${quotedText(after[item])} (item ${item + 1} of the list)`
  }
  return `from ${quotedText(before)} to ${quotedText(after)}`
}

/** How the content check and the publish path say a translation is to check. */
export const toCheckMessage = ({ locale, before, after }: TranslationToCheck) =>
  `to check: its English changed since this ${LANGUAGE_NAMES_IN_ENGLISH[locale]} was made, ${changeOf(before, after)}; edit the ${LANGUAGE_NAMES_IN_ENGLISH[locale]}, or confirm it still right (in the CMS, or by hand with a commit trailer: docs/editing.md)`

/** How the content check says an entry is published in English only, waiting for a language. */
export const untranslatedMessage = (locale: Locale) =>
  `not translated yet: published in English only; the ${LANGUAGE_NAMES_IN_ENGLISH[locale]} site leaves it out (no page, not in its list, no link to it) until its ${LANGUAGE_NAMES_IN_ENGLISH[locale]} texts are written`
