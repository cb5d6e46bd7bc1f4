/**
 * Dates as the content writes them. A case study's date is ISO ("2025-03-12"); a policy's last update
 * is a month and year in English ("June 2025"), written once and shown in each language
 * (src/i18n/format.ts). (Plain values only: the site's browser code reads this file.)
 */
export const MONTHS = [
  "January",
  "February",
  "March",
  "April",
  "May",
  "June",
  "July",
  "August",
  "September",
  "October",
  "November",
  "December",
] as const

/** A case study's date: "2025-03-12". */
export const ISO_DAY = /^\d{4}-\d{2}-\d{2}$/
/** A policy's last update: "June 2025". */
export const MONTH_YEAR = new RegExp(`^(${MONTHS.join("|")}) \\d{4}$`)

/** "June 2025" as "2025-06", comparable with an ISO date's first seven characters. */
export const isoMonthOf = (value: string): string => {
  const [month, year] = value.split(" ")
  return `${year}-${String(MONTHS.indexOf(month as (typeof MONTHS)[number]) + 1).padStart(2, "0")}`
}
