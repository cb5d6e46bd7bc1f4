/**
 * Values the content writes once and each language shows in its own way: a month and year, a
 * duration, a label and what it labels. Tables rather than `Intl`, so the page the build writes and
 * the page React hydrates read the same, whatever ICU data the browser carries.
 */
import { MONTHS, isoMonthOf } from "../../model/dates"
import type { Locale } from "../../model/locales"
import { useLocale } from "./locale"

const MONTH_NAMES: Record<Locale, readonly string[]> = {
  // The content's own month names are the English ones (model/dates.ts).
  en: MONTHS,
  fr: [
    "janvier",
    "février",
    "mars",
    "avril",
    "mai",
    "juin",
    "juillet",
    "août",
    "septembre",
    "octobre",
    "novembre",
    "décembre",
  ],
}

/** "June 2025" (as the content writes it) in a language: "juin 2025". */
export function monthYear(value: string, locale: Locale): string {
  const [year, month] = isoMonthOf(value).split("-")
  return `${MONTH_NAMES[locale][Number(month) - 1]} ${year}`
}

/** Units a duration is written in ("6 months", "3 weeks"): singular and plural, per language. */
const UNITS: Record<Locale, Record<"month" | "week", readonly [string, string]>> = {
  en: { month: ["month", "months"], week: ["week", "weeks"] },
  fr: { month: ["mois", "mois"], week: ["semaine", "semaines"] },
}

/** "6 months" (as the content writes it) in a language: "6 mois". */
export function duration(value: string, locale: Locale): string {
  const match = /^(\d+) (month|week)s?$/.exec(value)
  if (!match) return value
  const count = Number(match[1])
  const space = locale === "fr" ? "\u00A0" : " "
  return `${count}${space}${UNITS[locale][match[2] as "month" | "week"][count === 1 ? 0 : 1]}`
}

/** A figure as the content writes it ("2.5M+"), in a language's notation: French "2,5 M+". */
export function figure(value: string, locale: Locale): string {
  if (locale !== "fr") return value
  return value.replace(/(\d)\.(\d)/g, "$1,$2").replace(/(\d)([KMB])/g, "$1\u202F$2")
}

/** A label before what it labels, "Client:": French sets a no-break space before the colon ("Client :"). */
export const withColon = (label: string, locale: Locale) => `${label}${locale === "fr" ? "\u00A0" : ""}:`

/** A label and what it labels: "Last updated: June 2025", "Dernière mise à jour : juin 2025". */
export const labelled = (label: string, value: string, locale: Locale) => `${withColon(label, locale)} ${value}`

/** The page language's way with labels, months and durations. */
export function useFormat() {
  const locale = useLocale()
  return {
    labelled: (label: string, value: string) => labelled(label, value, locale),
    withColon: (label: string) => withColon(label, locale),
    monthYear: (value: string) => monthYear(value, locale),
    duration: (value: string) => duration(value, locale),
    figure: (value: string) => figure(value, locale),
  }
}
