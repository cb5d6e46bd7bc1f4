/**
 * What the top of a saved entry's form says of its last published change (cms/release-state.ts), from
 * the live site's stamp, the entry's last commit on main and the build server's release statuses.
 */
import { describe, expect, it } from "vitest"
import { type CommitStatus, type ReleaseFacts, formatSince, releaseStateOf } from "../../cms/release-state"

const CHANGE = { sha: "a".repeat(40), date: "2026-11-26T13:58:00Z" }
const STAMP = { commit: "b".repeat(40), builtAt: "2026-11-26T14:00:00Z", liveSince: "2026-11-26T14:02:00Z" }
const status = (state: CommitStatus["state"], created_at: string, description: string | null = null): CommitStatus => ({
  state,
  description,
  target_url: "https://github.com/aurelle/site/actions/runs/1",
  created_at,
})
const facts = (overrides: Partial<ReleaseFacts>): ReleaseFacts => ({
  lastChange: CHANGE,
  stamp: STAMP,
  liveContainsChange: false,
  statuses: [],
  ...overrides,
})

describe("where a published change is", () => {
  it("live once the live site's commit contains it, since the release went live", () => {
    expect(releaseStateOf(facts({ liveContainsChange: true }))).toEqual({ kind: "live", since: STAMP.liveSince })
    // Whatever the statuses of later commits say.
    const later = [status("failure", "2026-11-26T14:10:00Z")]
    expect(releaseStateOf(facts({ liveContainsChange: true, statuses: later })).kind).toBe("live")
  })

  it("being checked and built while the build server's newest status is pending, since it began", () => {
    expect(releaseStateOf(facts({ statuses: [status("pending", "2026-11-26T14:00:00Z")] }))).toEqual({
      kind: "publishing",
      since: "2026-11-26T14:00:00Z",
    })
  })

  it("held for the calendar while the host holds it, since then; once rebuilt and live, saying so", () => {
    const held = status(
      "pending",
      "2026-12-01T17:00:40Z",
      "Held for the calendar: a study came down after it was built; the calendar builds it again now",
    )
    expect(releaseStateOf(facts({ statuses: [held, status("pending", "2026-12-01T16:58:00Z")] }))).toEqual({
      kind: "held",
      since: "2026-12-01T17:00:40Z",
    })
    const live = status(
      "success",
      "2026-12-01T17:03:05Z",
      "Live since 2026-12-01T17:03:04.000Z (held for the calendar, rebuilt at 2026-12-01T17:01:20.000Z)",
    )
    expect(releaseStateOf(facts({ liveContainsChange: true, statuses: [live, held] }))).toEqual({
      kind: "live",
      since: STAMP.liveSince,
      rebuiltAt: "2026-12-01T17:01:20.000Z",
    })
    // A calendar release of its own says nothing of a hold.
    const calendar = status(
      "success",
      "2026-12-01T17:03:05Z",
      "Live since 2026-12-01T17:03:04.000Z (calendar 1a2b3c4d)",
    )
    expect(releaseStateOf(facts({ liveContainsChange: true, statuses: [calendar] }))).toEqual({
      kind: "live",
      since: STAMP.liveSince,
    })
  })

  it("waiting for the build server before it has said anything, since the change", () => {
    expect(releaseStateOf(facts({}))).toEqual({ kind: "waiting", since: CHANGE.date })
  })

  it("refused with the build server's first complaint and its run", () => {
    const refused = status("failure", "2026-11-26T14:01:00Z", "content check: wine.json: en.title: must not be empty")
    expect(releaseStateOf(facts({ statuses: [refused, status("pending", "2026-11-26T14:00:00Z")] }))).toEqual({
      kind: "refused",
      reason: "content check: wine.json: en.title: must not be empty",
      run: "https://github.com/aurelle/site/actions/runs/1",
    })
    expect(releaseStateOf(facts({ statuses: [status("error", "2026-11-26T14:01:00Z")] })).kind).toBe("refused")
  })

  it("released but not what the site serves now: rolled back; released on a site without a stamp: live", () => {
    const released = [status("success", "2026-11-26T14:03:00Z")]
    expect(releaseStateOf(facts({ statuses: released }))).toEqual({ kind: "rolledBack" })
    expect(releaseStateOf(facts({ stamp: null, statuses: released }))).toEqual({
      kind: "live",
      since: "2026-11-26T14:03:00Z",
    })
  })

  it("nothing for an entry main has never had", () => {
    expect(releaseStateOf(facts({ lastChange: null }))).toEqual({ kind: "unpublished" })
  })
})

describe("the time it says", () => {
  it("is the clock today, the day and the clock another day, in the editor's time zone", () => {
    const now = new Date("2026-11-26T16:00:00Z")
    expect(formatSince("2026-11-26T14:02:00Z", now, "Europe/Zurich")).toBe("15:02")
    expect(formatSince("2026-11-25T14:02:00Z", now, "Europe/Zurich")).toBe("25 Nov, 15:02")
    expect(formatSince("2026-11-26T14:02:00Z", now, "UTC")).toBe("14:02")
  })
})
