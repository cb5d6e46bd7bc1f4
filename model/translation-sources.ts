/**
 * Where a translation stands once a new version of its file is saved over the last (the CMS's save,
 * or a commit read from the history: build-steps/content/translation-history.ts): the record of the
 * English each translation still to check was made from, written or read through recordedSources.
 */
import type * as z from "zod"
import { DEFAULT_LOCALE, type Locale } from "./locales"
import { valueAt } from "./schema-issues"
import { TRANSLATED_FROM } from "./fields"
import { isRecord } from "../contracts/json"
import {
  TRANSLATIONS,
  type TextValue,
  type TranslatedFrom,
  asText,
  englishTexts,
  isEmptyText,
  recordOf,
  sameText,
} from "./translations"

/**
 * The English a translation was confirmed still right against, by language and path: what the editor
 * confirmed in the form, with the English it read then (a later change of that English is to check
 * again).
 */
export type Confirmed = Partial<Record<Locale, Record<string, TextValue>>>

/**
 * The record the English document holds once `draft` (a whole file, every language) is saved over
 * `saved` (the file as saved now; undefined for a new one), or undefined when nothing is to check.
 * For each translated text:
 * - a translation written or changed in this save, or confirmed against the English it has now, was
 *   made from that English: nothing to record;
 * - otherwise it still stands on the English it stood on: the one recorded, else the English saved
 *   until now; recorded while it differs from the draft's English.
 * The record in the draft itself is not read: the form's copy of it can be stale (cms/former-keys.ts
 * says why of another list the form does not show).
 */
export function recordedSources(
  schema: z.ZodType,
  saved: unknown,
  draft: unknown,
  confirmed: Confirmed = {},
): TranslatedFrom | undefined {
  if (!isRecord(draft)) return undefined
  const savedFile = isRecord(saved) ? saved : {}
  const savedRecord = recordOf(savedFile[DEFAULT_LOCALE])
  const record: TranslatedFrom = {}
  for (const locale of TRANSLATIONS) {
    for (const { segments, path, value } of englishTexts(schema, draft[DEFAULT_LOCALE])) {
      const own = valueAt(draft[locale], segments)
      const ownSaved = valueAt(savedFile[locale], segments)
      if (isEmptyText(own) || !sameText(own, ownSaved)) continue
      const confirmedAgainst = confirmed[locale]?.[path]
      if (confirmedAgainst !== undefined && sameText(confirmedAgainst, value)) continue
      const source = savedRecord[locale]?.[path] ?? asText(valueAt(savedFile[DEFAULT_LOCALE], segments))
      if (source === undefined || sameText(source, value)) continue
      record[locale] = { ...record[locale], [path]: source }
    }
  }
  return Object.keys(record).length > 0 ? record : undefined
}

/**
 * Every translated text of `file` (a whole file) confirmed still right against its English now, in
 * `locales`, or only the texts at `paths` ("results[2]"): a confirmation made by hand, for
 * recordedSources.
 */
export function confirmedNow(
  schema: z.ZodType,
  file: unknown,
  locales: readonly Locale[] = TRANSLATIONS,
  paths?: ReadonlySet<string>,
): Confirmed {
  const texts = isRecord(file) ? englishTexts(schema, file[DEFAULT_LOCALE]) : []
  const chosen = texts.filter(({ path }) => !paths || paths.has(path))
  return Object.fromEntries(
    locales
      .filter((locale) => TRANSLATIONS.includes(locale))
      .map((locale) => [locale, Object.fromEntries(chosen.map(({ path, value }) => [path, value]))]),
  )
}

/** The record a document holds (`translatedFrom`), read as recordedSources reads it. */
export const recordIn = (file: unknown): TranslatedFrom => recordOf(isRecord(file) ? file[DEFAULT_LOCALE] : undefined)

/** The English document with the record set (or taken away, when undefined), its other fields as they are. */
export function withRecord(english: unknown, record: TranslatedFrom | undefined): unknown {
  if (!isRecord(english)) return english
  const { [TRANSLATED_FROM]: _old, ...rest } = english
  return record ? { ...rest, [TRANSLATED_FROM]: record } : rest
}

/** One side of a merge: the file as that side had it, and its record as its history made it. */
export interface MergedSide {
  file: unknown
  record: TranslatedFrom | undefined
}

/**
 * The record of `merged` (a whole file, as a merge commit wrote it) from the sides it merged, as
 * `git blame` sees a line: each translation came from a side that holds it as it is (or from the
 * merge itself, when no side does: made now), and it stands on the English that side's history gave
 * it; when several sides hold it, the one standing on the English now wins (a side confirmed it or
 * made it against that English). So whichever parent comes first, the merge says the same: a
 * translation is to check when every side it came from made or confirmed it against other English.
 * `confirmed`: what the merge commit's own trailer confirms.
 */
export function mergedSources(
  schema: z.ZodType,
  sides: readonly MergedSide[],
  merged: unknown,
  confirmed: Confirmed = {},
): TranslatedFrom | undefined {
  if (!isRecord(merged)) return undefined
  const record: TranslatedFrom = {}
  for (const locale of TRANSLATIONS) {
    for (const { segments, path, value } of englishTexts(schema, merged[DEFAULT_LOCALE])) {
      const own = valueAt(merged[locale], segments)
      if (isEmptyText(own)) continue
      const confirmedAgainst = confirmed[locale]?.[path]
      if (confirmedAgainst !== undefined && sameText(confirmedAgainst, value)) continue
      const sources = sides
        .filter((side) => isRecord(side.file) && sameText(valueAt(side.file[locale], segments), own))
        .map((side) => {
          const file = side.file as Record<string, unknown>
          return side.record?.[locale]?.[path] ?? asText(valueAt(file[DEFAULT_LOCALE], segments))
        })
        .filter((source): source is TextValue => source !== undefined)
      if (sources.length === 0 || sources.some((source) => sameText(source, value))) continue
      // Stale on every side: the English it stood on, the same whichever side is named first.
      const [source] = sources.sort((a, b) => JSON.stringify(a).localeCompare(JSON.stringify(b)))
      record[locale] = { ...record[locale], [path]: source }
    }
  }
  return Object.keys(record).length > 0 ? record : undefined
}
