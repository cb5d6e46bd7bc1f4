/**
 * The one place a process reads "now" from: SITE_CLOCK when it is set (an ISO 8601 time with its
 * offset, for a test or a preview that builds the site as it will be at that time), else the real
 * time. The build judges the editors' calendar at this time (model/schedule.ts) and records it in
 * build.json and the release stamp, which the build server's timer and the release command read.
 */
import { isOffsetTime } from "./time"

export const CLOCK_VARIABLE = "SITE_CLOCK"

export interface Clock {
  /** The time. */
  now: Date
  /** Whether it was set (SITE_CLOCK), rather than the real time. */
  set: boolean
}

/** The clock `env` names; throws naming the variable when it holds no time. */
export function readClock(env: Readonly<Record<string, string | undefined>>): Clock {
  const value = env[CLOCK_VARIABLE]
  if (!value) return { now: new Date(), set: false }
  if (!isOffsetTime(value))
    throw new Error(
      `${CLOCK_VARIABLE} must be a time with its offset, like 2026-12-01T09:00:00+01:00, not ${JSON.stringify(value)}`,
    )
  return { now: new Date(value), set: true }
}
