/**
 * What a save writes into the English document beyond the form's fields, worked out from the file as
 * saved and the draft: a key the save moves joins the former keys (former-keys.ts), and the record of
 * the translations to check is kept (model/translations.ts). Decap's preSave event writes them
 * (cms/app/entry-check/control.tsx), and the check of a draft assumes them (draft-file.ts). Nothing
 * here needs Node or Decap.
 */
import { DEFAULT_LOCALE, LOCALES, type Locale } from "../model/locales"
import { contentTypeOf } from "../model/registry"
import { TRANSLATED_FROM } from "../model/fields"
import type { TextValue } from "../model/translations"
import { type Confirmed, recordedSources } from "../model/translation-sources"
import { recordedFormerKeys } from "./former-keys"
import { withoutCheckField } from "./format"
import { ENTRY_CHECK } from "./shared"
import { isRecord } from "../contracts/json"

function parsed(text: string | undefined): unknown {
  if (text === undefined) return undefined
  try {
    return JSON.parse(text) as unknown
  } catch {
    return undefined
  }
}

/**
 * The value of a language's check field (ENTRY_CHECK) once the editor has confirmed some of its
 * translations still right: the check itself, then each text's path with the English it was confirmed
 * against. The form holds it until the save reads it; no file does (format.ts).
 */
export function confirmedValue(confirmed: Readonly<Record<string, TextValue>>): string {
  return Object.keys(confirmed).length === 0 ? ENTRY_CHECK.widget : `${ENTRY_CHECK.widget} ${JSON.stringify(confirmed)}`
}

/** The confirmations a check field's value holds (`confirmedValue`); none for any other value. */
export function confirmedIn(value: unknown): Record<string, TextValue> {
  if (typeof value !== "string" || !value.startsWith(`${ENTRY_CHECK.widget} `)) return {}
  const held = parsed(value.slice(ENTRY_CHECK.widget.length + 1))
  return isRecord(held) ? (held as Record<string, TextValue>) : {}
}

/** The English document's fields a save sets (a value) or takes away (undefined), by name. */
export type SavedFields = Record<string, unknown>

/**
 * The fields a save of the draft (`byLocale`: each language's document as the form holds it, its check
 * field included) over the file at `relative` (`savedText`, undefined for a new one) sets in the English
 * document, only those that differ from the draft's.
 */
export function fieldsOfSave(
  relative: string,
  savedText: string | undefined,
  byLocale: Readonly<Record<string, unknown>>,
): SavedFields {
  const type = contentTypeOf(relative)
  const english = byLocale[DEFAULT_LOCALE]
  if (!type || !isRecord(english)) return {}
  const fields: SavedFields = { ...recordedFormerKeys(relative, savedText, english) }
  const confirmed: Confirmed = Object.fromEntries(
    LOCALES.filter((locale) => locale !== DEFAULT_LOCALE).map((locale: Locale) => [
      locale,
      confirmedIn(isRecord(byLocale[locale]) ? byLocale[locale][ENTRY_CHECK.name] : undefined),
    ]),
  )
  const draft = Object.fromEntries(
    Object.entries(byLocale).map(([locale, document]) => [locale, withoutCheckField(document)]),
  )
  const record = recordedSources(type.schema, parsed(savedText), draft, confirmed)
  if (JSON.stringify(record) !== JSON.stringify(english[TRANSLATED_FROM])) fields[TRANSLATED_FROM] = record
  return fields
}

/** The English document with a save's fields set, or taken away where undefined. */
export function withSavedFields(english: unknown, fields: SavedFields): unknown {
  if (!isRecord(english) || Object.keys(fields).length === 0) return english
  const document: Record<string, unknown> = { ...english, ...fields }
  for (const [name, value] of Object.entries(fields)) if (value === undefined) delete document[name]
  return document
}
