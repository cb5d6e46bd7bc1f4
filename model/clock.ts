/**
 * The time the content is judged at: no date after today, which case studies are live
 * (schedule.ts). The real time, unless the process that builds or checks the site set its clock
 * (gatsby/clock.ts, from contracts/clock.ts), so a test or a preview can build the site as it will be.
 * (Plain values only: the CMS's browser code reads this file, and keeps the real time.)
 */
let fixed: Date | undefined

/** Now, as the content is judged. */
export const contentNow = (): Date => (fixed ? new Date(fixed) : new Date())

/** Sets the time the content is judged at (undefined: the real time again). */
export function setContentNow(time: Date | undefined): void {
  fixed = time ? new Date(time) : undefined
}
