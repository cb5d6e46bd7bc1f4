/**
 * Where an entry's last published change is, from what the site and GitHub say (no browser, no
 * Node: the admin's form shows it, the unit tests read it): the live site's stamp (/release.json,
 * the commit it was built from), the last commit on main that changed the entry's file, whether the
 * live commit contains it, and the build server's "site/release" statuses on the commits of main from
 * that change on.
 */
import type { ReleaseStamp } from "../contracts/release-stamp"
import { RELEASE_HELD, rebuiltAfterHeld } from "../contracts/statuses"

/** How soon to ask GitHub again after it did not answer, when it does not say. */
export const ASK_AGAIN_MS = 10_000

export interface CommitStatus {
  state: "pending" | "success" | "failure" | "error"
  description: string | null
  target_url: string | null
  created_at: string
}

export interface ReleaseFacts {
  /** The last commit on main that changed the entry's file; null when main has none (never published). */
  lastChange: { sha: string; date: string; message?: string } | null
  /** What the live site says it is built from; null when it says nothing. */
  stamp: ReleaseStamp | null
  /** Whether the live site's commit contains `lastChange`. */
  liveContainsChange: boolean
  /** The build server's release statuses on main from `lastChange` on, of the newest commit that has any, newest first. */
  statuses: CommitStatus[]
}

export type ReleaseState =
  /** `rebuiltAt`: held for the calendar, then built again at that time by the calendar's run. */
  | { kind: "live"; since: string; rebuiltAt?: string }
  | { kind: "publishing"; since: string }
  /** Held for the calendar since: the calendar's run builds it again at its clock and releases it. */
  | { kind: "held"; since: string }
  | { kind: "waiting"; since: string }
  | { kind: "refused"; reason: string; run: string | null }
  | { kind: "rolledBack" }
  | { kind: "unpublished" }

export function releaseStateOf({ lastChange, stamp, liveContainsChange, statuses }: ReleaseFacts): ReleaseState {
  if (!lastChange) return { kind: "unpublished" }
  const [latest] = statuses
  if (stamp && liveContainsChange) {
    const rebuiltAt = latest?.state === "success" ? rebuiltAfterHeld(latest.description) : null
    return { kind: "live", since: stamp.liveSince, ...(rebuiltAt ? { rebuiltAt } : {}) }
  }
  if (!latest) return { kind: "waiting", since: lastChange.date }
  if (latest.state === "pending" && latest.description?.startsWith(RELEASE_HELD))
    return { kind: "held", since: latest.created_at }
  if (latest.state === "pending") return { kind: "publishing", since: latest.created_at }
  if (latest.state === "success") return stamp ? { kind: "rolledBack" } : { kind: "live", since: latest.created_at }
  return { kind: "refused", reason: latest.description ?? "", run: latest.target_url }
}

/** A time as the editor reads it: "14:02" today, "25 Nov, 14:02" another day (24-hour clock, their time zone unless given). */
export function formatSince(iso: string, now = new Date(), timeZone?: string): string {
  const time = new Date(iso)
  const day = (date: Date) => new Intl.DateTimeFormat("en-GB", { dateStyle: "short", timeZone }).format(date)
  const clock = new Intl.DateTimeFormat("en-GB", {
    hour: "2-digit",
    minute: "2-digit",
    hourCycle: "h23",
    timeZone,
  }).format(time)
  if (day(time) === day(now)) return clock
  return `${new Intl.DateTimeFormat("en-GB", { day: "numeric", month: "short", timeZone }).format(time)}, ${clock}`
}

/**
 * When to ask again, if GitHub's answer is one it gives when it cannot answer now: a server error
 * (5xx), or a rate limit (429, or 403 with no requests left: at the reset it names, or after
 * Retry-After). Null for an answer that is one (a 404, a 403 refusing the account, a 401).
 */
export function askAgainAt(
  status: number,
  headers: { get(name: string): string | null },
  now = Date.now(),
): Date | null {
  const retryAfter = Number(headers.get("retry-after"))
  const reset = Number(headers.get("x-ratelimit-reset"))
  const rateLimited = status === 429 || (status === 403 && headers.get("x-ratelimit-remaining") === "0")
  if (status < 500 && !rateLimited) return null
  if (headers.get("retry-after") !== null && Number.isFinite(retryAfter)) return new Date(now + retryAfter * 1000)
  if (rateLimited && Number.isFinite(reset) && reset * 1000 > now) return new Date(reset * 1000)
  return new Date(now + ASK_AGAIN_MS)
}
