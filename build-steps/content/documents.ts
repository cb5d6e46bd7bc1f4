/**
 * A content file's document in one language, as the site reads it (model/localized-content.ts): the
 * English shared fields with the language's texts. From the content a build read (its context).
 */
import { DEFAULT_LOCALE, type Locale } from "../../model/locales"
import { inLocale } from "../../model/localized-content"
import { contentTypeOf } from "../../model/registry"
import { contentOf } from "../../model/fields"
import type { ContentSnapshot } from "../context"

/** A content file's document in a language, from the file as a whole. */
export function documentIn<T>(relative: string, file: Record<string, unknown>, locale: Locale): T {
  const type = contentTypeOf(relative)
  if (!type) throw new Error(`content/${relative} is not a content file`)
  return contentOf(inLocale(type.schema, file[DEFAULT_LOCALE], file[locale], locale).document as object) as T
}

/** One content file's document in a language, as a build read it (build-steps/context.ts). */
export function contentIn<T>(content: ContentSnapshot, relative: string, locale: Locale = DEFAULT_LOCALE): T {
  const text = content.texts.get(relative)
  if (text === undefined) throw new Error(`${content.root}/${relative} is not in the content`)
  return documentIn<T>(relative, JSON.parse(text) as Record<string, unknown>, locale)
}
