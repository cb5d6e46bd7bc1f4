/**
 * The content's dates: nothing dated after today in Zurich (each field the schemas mark, by its unit:
 * a day, a month, a year), and nothing of the house's own work before the house was founded.
 */
import type { z } from "zod"
import { ISO_DAY, MONTHS, MONTH_YEAR, isoMonthOf } from "./dates"
import type { NotAfterToday } from "./fields"
import type { legalPageSchema, caseStudySchema } from "./page-schemas"
import { type ParsedFile, inEnglish } from "./parsed-file"
import type { ContentProblem } from "./problems"
import { datedFields, valuesAt } from "./relations"
import type { siteSettingsSchema } from "./schemas"

type CaseStudy = z.infer<typeof caseStudySchema>
type SiteSettings = z.infer<typeof siteSettingsSchema>
type LegalPage = z.infer<typeof legalPageSchema>

/** Dates of the house's own work cannot come before the house: case studies and policy updates. */
export function beforeFounding(files: readonly ParsedFile[], settings: ParsedFile): ContentProblem[] {
  const { foundingYear } = settings.data as SiteSettings
  const dated = files.flatMap((file) => {
    if (file.type.typeName === "CaseStudy") {
      return [{ file, path: "published", year: (file.data as CaseStudy).published.slice(0, 4) }]
    }
    if (file.type.typeName === "LegalPage") {
      return [{ file, path: "lastUpdated", year: isoMonthOf((file.data as LegalPage).lastUpdated).slice(0, 4) }]
    }
    return []
  })
  return dated
    .filter(({ year }) => Number(year) < foundingYear)
    .map(({ file, path: at }) => ({
      file: file.file,
      path: inEnglish([at]),
      message: `must not be before ${foundingYear}, the founding year (foundingYear in ${settings.file})`,
    }))
}

/** "2026-03" as "March 2026", as a policy's last update is written. */
const monthYear = (isoMonth: string) => `${MONTHS[Number(isoMonth.slice(5, 7)) - 1]} ${isoMonth.slice(0, 4)}`

/**
 * Each unit of a date: the value as "YYYY-MM-DD", "YYYY-MM" or "YYYY" (undefined without its form,
 * which the schema refuses), and how today is named in that unit.
 */
const DATE_UNITS: Record<
  NotAfterToday["unit"],
  { comparable: (value: unknown) => string | undefined; now: (today: string) => string }
> = {
  day: {
    comparable: (value) => (typeof value === "string" && ISO_DAY.test(value) ? value : undefined),
    now: (today) => `today (${today})`,
  },
  month: {
    comparable: (value) => (typeof value === "string" && MONTH_YEAR.test(value) ? isoMonthOf(value) : undefined),
    now: (today) => `this month (${monthYear(today)})`,
  },
  year: {
    comparable: (value) => (Number.isInteger(value) ? String(value) : undefined),
    now: (today) => `this year (${today.slice(0, 4)})`,
  },
}

/** The dates of a file after `today` (Zurich's day, "YYYY-MM-DD"): nothing is dated in the future. */
export function datedProblems(file: ParsedFile, today: string): ContentProblem[] {
  const found: ContentProblem[] = []
  for (const { path, rule } of datedFields().filter(({ type }) => type === file.type)) {
    const unit = DATE_UNITS[rule.unit]
    for (const { segments, value } of valuesAt(file.data, path)) {
      const written = unit.comparable(value)
      if (written === undefined || written <= today.slice(0, written.length)) continue
      const message = `must not be after ${unit.now(today)}${rule.why ? `: ${rule.why}` : ""}`
      found.push({ file: file.file, path: inEnglish(segments), message })
    }
  }
  return found
}
