/**
 * The time the content is judged at: no date after today, which case studies are live
 * (schedule.ts). The real time, unless the process that builds or checks the site set its clock
 * (gatsby/clock.ts, from contracts/clock.ts), so a test or a preview can build the site as it will be.
 * (Plain values only: the CMS's browser code reads this file, and keeps the real time.)
 */
import { zurichDay } from "./schedule"

let fixed: Date | undefined

/** Now, as the content is judged. */
export const contentNow = (): Date => (fixed ? new Date(fixed) : new Date())

/**
 * Today, as the content is judged: the day in Zurich, the editors' (and the calendar's) day, not the
 * UTC one, which between midnight and 01:00 (02:00 in summer) is still yesterday: a study going live
 * at 00:15, dated its go-live day, would otherwise be refused as dated after today by the very build
 * that puts it live. "YYYY-MM-DD".
 */
export const contentToday = (): string => zurichDay(contentNow().toISOString())

/** Sets the time the content is judged at (undefined: the real time again). */
export function setContentNow(time: Date | undefined): void {
  fixed = time ? new Date(time) : undefined
}
