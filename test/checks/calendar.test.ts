/**
 * The build server's calendar decisions (deploy/publish/calendar.ts): what a timed run releases and
 * what names it, from the live stamp and the live commit's studies; and the clock a draft's preview
 * is built with, so a study the draft schedules is seen as it will look.
 */
import { describe, expect, it } from "vitest"
import { calendarDecision, heldDecision, previewClock, stageDecision } from "../../deploy/publish/calendar"

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

describe("a publish the host held for the calendar", () => {
  const NEWER = "9b8c7d6e0123456789abcdef0123456789abcdef"
  const NEWEST = "1a2b3c4d0123456789abcdef0123456789abcdef"
  const OLDER = "5e6f7a8b0123456789abcdef0123456789abcdef"
  const newerThanLive = (commit: string) => commit !== OLDER
  const now = new Date("2026-12-01T17:01:20Z")

  it("is built again at this clock, the newest held one, and released over the live commit", () => {
    const held = [
      { commit: NEWER, heldAt: "2026-12-01T16:58:00Z" },
      { commit: NEWEST, heldAt: "2026-12-01T17:00:40Z" },
    ]
    const decision = heldDecision(stamp("2026-12-01T16:40:00.000Z"), held, newerThanLive, now)
    expect(decision).toMatchObject({
      due: true,
      held: true,
      commit: NEWEST,
      replacing: COMMIT,
      clock: "2026-12-01T17:01:20.000Z",
      name: "1a2b3c4d-20261201T1701Z",
    })
    expect(decision?.summary).toBe(
      "Held for the calendar since Tue 1 Dec, 18:00 (Zurich): 1a2b3c4d built again at Tue 1 Dec, 18:01 to replace the live 3f2a9c1d",
    )
  })

  it("is none once the live commit is as new (a later publish went live), or when nothing was held", () => {
    const live = stamp("2026-12-01T16:40:00.000Z")
    expect(heldDecision(live, [{ commit: OLDER, heldAt: "2026-12-01T16:58:00Z" }], newerThanLive, now)).toBeNull()
    expect(heldDecision(live, [{ commit: COMMIT, heldAt: "2026-12-01T16:58:00Z" }], () => true, now)).toBeNull()
    expect(heldDecision(live, [], newerThanLive, now)).toBeNull()
    // A timed run with nothing held keeps to the live commit, and replaces it with itself.
    expect(calendarDecision(live, studies, now)).toMatchObject({ commit: COMMIT, replacing: COMMIT, held: false })
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
