/**
 * The nginx host's own timer (deploy/release/staged.ts): which staged release a tick makes live,
 * which it drops, and the systemd units that run it every minute, on the minute.
 */
import { describe, expect, it } from "vitest"
import { TICK_SERVICE, TICK_TIMER, tickUnits, triage } from "../../deploy/release/staged"

const X = "a".repeat(40)
const Y = "b".repeat(40)
const entry = (release: string, at: string, commit = X) => ({ release, at, commit })
const live = { commit: X, clock: "2026-12-01T08:00:00.000Z" }

describe("a tick", () => {
  it("makes live the latest staged release whose time has come, and keeps those to come", () => {
    const staged = [
      entry("r1", "2026-12-01T08:30:00.000Z"),
      entry("r2", "2026-12-01T09:00:00.000Z"),
      entry("r3", "2026-12-01T10:00:00.000Z"),
    ]
    expect(triage(staged, live, new Date("2026-12-01T08:29:59Z"))).toEqual({ stale: [], due: [], waiting: staged })
    const { due, waiting } = triage(staged, live, new Date("2026-12-01T09:00:30Z"))
    expect(due.map((item) => item.release)).toEqual(["r1", "r2"])
    expect(waiting.map((item) => item.release)).toEqual(["r3"])
  })

  it("drops what was staged over another commit, or is not newer than what is live", () => {
    const staged = [entry("other", "2026-12-01T09:00:00.000Z", Y), entry("older", "2026-12-01T07:00:00.000Z")]
    expect(triage(staged, live, new Date("2026-12-01T09:30:00Z")).stale.map((item) => item.release)).toEqual([
      "other",
      "older",
    ])
    expect(triage(staged, null, new Date("2026-12-01T09:30:00Z")).stale).toHaveLength(2)
  })
})

describe("the host's timer", () => {
  const units = tickUnits("/srv/aurelle", ["--nginx", "nginx"])

  it("fires every minute, on the minute, to the second, and catches up after the host was off", () => {
    expect(units[TICK_TIMER]).toContain("OnCalendar=*-*-* *:*:00")
    expect(units[TICK_TIMER]).toContain("AccuracySec=1s")
    expect(units[TICK_TIMER]).toContain("Persistent=true")
    expect(units[TICK_TIMER]).toContain("WantedBy=timers.target")
  })

  it("runs the live release's own command, with the nginx options the release was given", () => {
    expect(units[TICK_SERVICE]).toContain(
      "ExecStart=/usr/bin/env node /srv/aurelle/live/release.cjs tick --root /srv/aurelle --nginx nginx",
    )
    expect(units[TICK_SERVICE]).toContain("Type=oneshot")
  })
})
