/**
 * The build server's calendar decisions (deploy/publish/calendar.ts): what a timed run releases and
 * what names it, from the live stamp and the live commit's studies; and the clock a draft's preview
 * is built with, so a study the draft schedules is seen as it will look.
 */
import { describe, expect, it } from "vitest"
import { calendarDecision, previewClock, stageDecision } from "../../deploy/publish/calendar"

const COMMIT = "3f2a9c1d0123456789abcdef0123456789abcdef"
const stamp = (clock?: string) => ({
  commit: COMMIT,
  builtAt: "2026-11-30T20:00:00.000Z",
  liveSince: "2026-11-30T20:01:00.000Z",
  ...(clock ? { clock } : {}),
})
const studies = [
  { slug: "wine", title: "Wine", goLiveAt: "2026-12-01T09:00:00+01:00" },
  { slug: "watches", title: "Watches", expireAt: "2026-12-01T09:05:00+01:00" },
]

describe("a timed run", () => {
  it("releases what came due since the live build's clock, named by the commit and the minute", () => {
    const decision = calendarDecision(stamp("2026-12-01T07:50:00.000Z"), studies, new Date("2026-12-01T08:07:30Z"))
    expect(decision).toMatchObject({ due: true, commit: COMMIT, clock: "2026-12-01T08:07:30.000Z" })
    expect(decision.name).toBe("3f2a9c1d-20261201T0807Z")
    expect(decision.summary).toBe(
      "Due since the live release (3f2a9c1d, built for Tue 1 Dec, 08:50): wine goes live at Tue 1 Dec, 09:00; watches comes down at Tue 1 Dec, 09:05 (Zurich)",
    )
  })

  it("ends when nothing came due, and never acts before a time", () => {
    const decision = calendarDecision(stamp("2026-12-01T07:50:00.000Z"), studies, new Date("2026-12-01T07:59:59Z"))
    expect(decision.due).toBe(false)
    expect(decision.summary).toMatch(/^Nothing due since the live release/)
    // Built after both times: nothing to do.
    expect(calendarDecision(stamp("2026-12-01T08:06:00.000Z"), studies, new Date("2026-12-02T00:00:00Z")).due).toBe(
      false,
    )
  })

  it("reads a stamp from before the calendar by its build time", () => {
    expect(
      calendarDecision(stamp(), studies, new Date("2026-12-01T08:01:00Z")).changes.map((change) => change.slug),
    ).toEqual(["wine"])
  })
})

describe("what the nginx host is handed ahead of time", () => {
  const live = stamp("2026-12-01T07:50:00.000Z")
  const HOUR = 3_600_000
  it("is the live commit built at the next change's time, once, when it comes within the horizon", () => {
    const now = new Date("2026-12-01T07:30:00Z")
    expect(stageDecision(live, studies, now, HOUR, [])).toEqual({
      stage: true,
      at: "2026-12-01T08:00:00.000Z",
      summary: "Staging 3f2a9c1d built for 2026-12-01T08:00:00.000Z: wine goes live at Tue 1 Dec, 09:00",
    })
    // Staged already, over the live commit: nothing to build.
    const staged = [{ at: "2026-12-01T08:00:00.000Z", commit: COMMIT }]
    expect(stageDecision(live, studies, now, HOUR, staged)).toMatchObject({ stage: false })
    // Staged over another commit (a publish since): staged again over the live one.
    expect(stageDecision(live, studies, now, HOUR, [{ ...staged[0], commit: "f".repeat(40) }]).stage).toBe(true)
  })

  it("is nothing when no change comes within the horizon, and never a time already passed", () => {
    expect(stageDecision(live, studies, new Date("2026-12-01T06:00:00Z"), HOUR, []).stage).toBe(false)
    // Past the go-live: the next is the takedown five minutes on.
    expect(stageDecision(live, studies, new Date("2026-12-01T08:00:00Z"), HOUR, []).at).toBe("2026-12-01T08:05:00.000Z")
  })
})

describe("a draft's preview", () => {
  const now = new Date("2026-11-27T10:00:00Z")
  it("is built at the latest go-live time among the studies it schedules", () => {
    expect(
      previewClock(
        [
          { slug: "wine", title: "Wine", goLiveAt: "2026-12-01T09:00:00+01:00" },
          { slug: "hotels", title: "Hotels", goLiveAt: "2026-12-03T09:00:00+01:00" },
        ],
        now,
      ),
    ).toBe("2026-12-03T08:00:00.000Z")
  })

  it("keeps the real time when it schedules nothing still to come, or no one time shows them all", () => {
    expect(previewClock([{ slug: "wine", title: "Wine" }], now)).toBeNull()
    expect(previewClock([{ slug: "wine", title: "Wine", goLiveAt: "2026-01-01T09:00:00+01:00" }], now)).toBeNull()
    expect(
      previewClock(
        [
          { slug: "wine", title: "Wine", goLiveAt: "2026-12-01T09:00:00+01:00", expireAt: "2026-12-02T09:00:00+01:00" },
          { slug: "hotels", title: "Hotels", goLiveAt: "2026-12-03T09:00:00+01:00" },
        ],
        now,
      ),
    ).toBeNull()
  })
})
