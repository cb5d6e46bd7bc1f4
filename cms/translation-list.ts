/**
 * The admin's view "Translations to check" (cms/app/translations-view.tsx), from the content files as
 * main holds them: per entry, its translations to check and its missing ones (model/translations.ts),
 * each field named as its form labels it, with the address of the entry's form. Nothing here needs
 * Node, React or Decap.
 *
 * What is to check is the live release's answer (contracts/translations-answer.ts), which the build
 * read from the repository's history, edits by hand included, for each file main still holds as that
 * build read it; a file changed since (a save not released yet), or one the answer does not name (a
 * study the calendar withholds, a site with no answer), by the record the CMS keeps in the file.
 */
import type { TranslationsAnswer } from "../contracts/translations-answer"
import { LANGUAGE_NAMES_IN_ENGLISH, type Locale, isLocale } from "../model/locales"
import { contentTypeOf } from "../model/registry"
import { type MissingTranslation, isUntranslated, translationStates } from "../model/translations"
import type { PathSegment } from "../model/problems"
import { CMS_COLLECTIONS, fieldLabelsTo } from "./collections"

/** A text of an entry in the view: its language and its field, as the form labels it. */
export interface ListedText {
  locale: Locale
  /** "French › Results", "French › Cards › #2 › Title". */
  where: string
}

export interface ListedEntry {
  /** Its path under content/. */
  relative: string
  /** As the CMS lists it: "Case studies › wine", "Industries". */
  name: string
  /** The address of its form in the admin (Decap's hash route). */
  href: string
  toCheck: ListedText[]
  missing: ListedText[]
}

const baseName = (relative: string) => relative.slice(relative.lastIndexOf("/") + 1, -".json".length)

const listed = (locale: Locale, segments: readonly PathSegment[], isList: boolean): ListedText => ({
  locale,
  where: [LANGUAGE_NAMES_IN_ENGLISH[locale], ...fieldLabelsTo(segments, isList)].join(" › "),
})

/** The texts missing: a language with none yet once, as the language (a study published in English first). */
function missingTexts(file: unknown, missing: readonly MissingTranslation[]): ListedText[] {
  const whole = new Set(
    missing.map(({ locale }) => locale).filter((locale) => isUntranslated((file as Record<string, unknown>)[locale])),
  )
  return [
    ...[...whole].map((locale) => ({ locale, where: LANGUAGE_NAMES_IN_ENGLISH[locale] })),
    ...missing
      .filter(({ locale }) => !whole.has(locale))
      .map(({ locale, segments, english }) => listed(locale, segments, Array.isArray(english))),
  ]
}

/** The live release's answer, and the git object name of each file on main (to know the ones it judged). */
export interface ReleasedAnswer {
  answer: TranslationsAnswer
  blobs: ReadonlyMap<string, string>
}

/** The file's texts to check as the release's answer has them, when it judged this very text. */
function answered(relative: string, released: ReleasedAnswer | undefined): ListedText[] | undefined {
  const judged = released?.answer.files[relative]
  if (!judged || judged.blob !== released.blobs.get(relative)) return undefined
  return judged.toCheck.flatMap(({ locale, segments, list }) =>
    isLocale(locale) ? [listed(locale, segments, list)] : [],
  )
}

/**
 * Every entry with a translation to check or missing, in the order of the files' paths; an entry
 * whose file does not parse, or is of no content type, is left out (the build names it).
 */
export function translationList(files: ReadonlyMap<string, string>, released?: ReleasedAnswer): ListedEntry[] {
  return [...files.keys()].sort().flatMap((relative) => {
    const type = contentTypeOf(relative)
    const place = type && CMS_COLLECTIONS[type.location]
    if (!type || !place) return []
    let file: unknown
    try {
      file = JSON.parse(files.get(relative)!)
    } catch {
      return []
    }
    const states = translationStates(type.schema, file)
    const toCheck =
      answered(relative, released) ??
      states.toCheck.map(({ locale, segments, after }) => listed(locale, segments, Array.isArray(after)))
    const missing = missingTexts(file, states.missing)
    if (toCheck.length === 0 && missing.length === 0) return []
    const entry = type.kind === "folder" ? baseName(relative) : place.name
    return [
      {
        relative,
        name: type.kind === "folder" ? `${place.label} › ${entry}` : place.label,
        href: `#/collections/${place.collection}/entries/${entry}`,
        toCheck,
        missing,
      },
    ]
  })
}
