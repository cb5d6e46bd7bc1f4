/**
 * The site's two languages. English is at the site's root and holds the shared fields of every
 * content file; French lives under /fr/. How a content file holds both: model/localized-content.ts.
 * (Plain values only: the site's browser code reads this file.)
 */
import { LOCALES, type Locale } from "../contracts/addresses"

// The languages are words of the site's addresses (contracts/addresses.ts), which the host reads too.
export { DEFAULT_LOCALE, LANGUAGE_NAMES_IN_ENGLISH, LOCALES, type Locale } from "../contracts/addresses"

/** Metadata key: true on a text written in each language (text() and prose()), false on one that is not. */
export const TRANSLATABLE_META = "x-translatable"

/**
 * Each language's name in itself, as the language switch shows it. A locale is also its language tag
 * (`<html lang>`, hreflang, schema.org's inLanguage): "en", "fr".
 */
export const LANGUAGE_NAMES: Record<Locale, string> = { en: "English", fr: "Français" }

/** Open Graph's locale of each language (og:locale): British English, Swiss French. */
export const OPEN_GRAPH_LOCALES: Record<Locale, string> = { en: "en_GB", fr: "fr_CH" }

export const isLocale = (value: unknown): value is Locale => LOCALES.includes(value as Locale)
