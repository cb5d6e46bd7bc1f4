/**
 * What the host decides about a pull request's previews from its records and the time, as functions
 * on values (previews.ts applies them): whether a change may be previewed, given what the host knows
 * of its pull request (a later change previewed, served still or pushed out; the same change again;
 * its close); which previews a new one pushes out; what is remembered, and for how long; and a time
 * further ahead of the host's clock than CLOCK_AHEAD_MS refused, so that no record outlives every
 * later event.
 */
import type { Preview, PreviewRecords } from "./root/records"

/** How long a closed pull request, or a change seen, is remembered: longer than any run of the build server can be late. */
const REMEMBERED_MS = 7 * 24 * 3600 * 1000
/** How far ahead of the host's clock a time the build server sends may be (two clocks, both kept by NTP, never this far apart). */
export const CLOCK_AHEAD_MS = 10 * 60 * 1000

/** What is remembered of pull requests past anything late could be, forgotten. */
export const remembered = (times: Record<string, string> = {}, now: Date) =>
  Object.fromEntries(Object.entries(times).filter(([, at]) => now.getTime() - Date.parse(at) < REMEMBERED_MS))

/** A time the build server sent, refused when further ahead of the host's clock than CLOCK_AHEAD_MS. */
export function notAhead(at: string, now: Date, what: string): void {
  const ahead = Date.parse(at) - now.getTime()
  if (ahead > CLOCK_AHEAD_MS)
    throw new Error(
      `${what} (${at}) is ${Math.round(ahead / 60_000)} minutes ahead of this host's clock (${now.toISOString()}): a time to come would outlive every later event; nothing was changed`,
    )
}

/** Why this change of its pull request may not be previewed, or the preview of it served already. */
export function refusal(records: PreviewRecords, { pull, at }: Change): string | Preview | null {
  const closed = records.closed[String(pull)]
  if (closed && Date.parse(closed) >= Date.parse(at))
    return `pull request #${pull} was closed at ${closed}, after this change (${at})`
  const served = records.previews.find((preview) => preview.pull === pull)
  if (served && Date.parse(served.at) === Date.parse(at)) return served
  const seen = records.seen?.[String(pull)]
  const latest = [served?.at, seen]
    .filter((time) => time !== undefined)
    .sort((a, b) => Date.parse(b) - Date.parse(a))[0]
  if (latest && Date.parse(latest) > Date.parse(at))
    return `pull request #${pull} has a preview of a later change (${latest}) than this one (${at})`
  if (latest && Date.parse(latest) === Date.parse(at))
    return `pull request #${pull}'s change of ${at} was previewed already, and pushed out since by newer previews: a new change previews it again`
  return null
}

/** The previews kept beside a new one of `bytes`: the oldest pushed out past `keep` and past the room. */
export function pushedOut(others: readonly Preview[], bytes: number, keep: number, diskBytes: number): Preview[] {
  const kept = [...others].sort((a, b) => Date.parse(b.madeAt) - Date.parse(a.madeAt))
  const out: Preview[] = []
  const total = () => kept.reduce((sum, preview) => sum + preview.bytes, bytes)
  while (kept.length > 0 && (kept.length >= keep || total() > diskBytes)) out.push(kept.pop()!)
  return out
}

/** The change to preview, as refusal() reads it. */
export interface Change {
  pull: number
  at: string
}
