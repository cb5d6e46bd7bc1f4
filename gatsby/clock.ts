/**
 * The build's clock: read once from the environment (contracts/clock.ts) and given to the content
 * model, which judges dates and the editors' calendar at it (model/clock.ts). The build, the content
 * check, the release command and the timer all start here, so a test sets one variable.
 */
import { type Clock, readClock } from "../contracts/clock"
import { setContentNow } from "../model/clock"

/** The clock of this process (SITE_CLOCK, or the real time), now in force for the content model. */
export function useProcessClock(env: Readonly<Record<string, string | undefined>> = process.env): Clock {
  const clock = readClock(env)
  setContentNow(clock.set ? clock.now : undefined)
  return clock
}
