/**
 * The site's two languages. English is at the site's root and holds the shared fields of every
 * content file; French lives under /fr/. How a content file holds both: model/localized-content.ts.
 * (Plain values only: the site's browser code reads this file.)
 */
export const LOCALES = ["en", "fr"] as const
export type Locale = (typeof LOCALES)[number]

/** The language at the site's root, whose document holds the shared fields (and Decap's default). */
export const DEFAULT_LOCALE: Locale = "en"

/** Metadata key: true on a text written in each language (text() and prose()), false on one that is not. */
export const TRANSLATABLE_META = "x-translatable"

/**
 * Each language's name in itself, as the language switch shows it. A locale is also its language tag
 * (`<html lang>`, hreflang, schema.org's inLanguage): "en", "fr".
 */
export const LANGUAGE_NAMES: Record<Locale, string> = { en: "English", fr: "Français" }

/** Each language's name in English, for the build's and the CMS's messages. */
export const LANGUAGE_NAMES_IN_ENGLISH: Record<Locale, string> = { en: "English", fr: "French" }

/** Open Graph's locale of each language (og:locale): British English, Swiss French. */
export const OPEN_GRAPH_LOCALES: Record<Locale, string> = { en: "en_GB", fr: "fr_CH" }

export const isLocale = (value: unknown): value is Locale => LOCALES.includes(value as Locale)
