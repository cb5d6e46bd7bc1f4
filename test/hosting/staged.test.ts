/**
 * The nginx host's own timer (deploy/release/staged.ts): which staged release a tick makes live,
 * which it drops, and the systemd units that run it every minute, on the minute.
 */
import fs from "node:fs"
import os from "node:os"
import path from "node:path"
import { describe, expect, it } from "vitest"
import {
  LIVE,
  RELEASE_SITE,
  compareReleases,
  linkedRelease,
  listReleases,
  nextReleaseName,
  relink,
} from "../../deploy/release/root/layout"
import { readStaged, triage, writeStaged } from "../../deploy/release/staged"
import { STAGED } from "../../deploy/release/root/layout"
import { TICK_SERVICE, TICK_TIMER, tickUnits, writeTickUnits } from "../../deploy/release/host-units"

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

  it("drops what was staged at or before the live build's clock, and keeps one a millisecond after", () => {
    const at = (time: string) => entry("r", time)
    const now = new Date("2026-12-01T12:00:00Z")
    expect(triage([at(live.clock)], live, now).stale).toHaveLength(1)
    expect(triage([at("2026-12-01T08:00:00.001Z")], live, now).due).toHaveLength(1)
    // Due from its very minute, not a millisecond before.
    const due = entry("r", "2026-12-01T09:00:00.000Z")
    expect(triage([due], live, new Date("2026-12-01T09:00:00.000Z")).due).toEqual([due])
    expect(triage([due], live, new Date("2026-12-01T08:59:59.999Z")).waiting).toEqual([due])
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

describe("the root's record of what is staged, and its releases", () => {
  const withRoot = (test: (root: string) => void) => {
    const root = fs.mkdtempSync(path.join(os.tmpdir(), "aurelle-staged-"))
    try {
      test(root)
    } finally {
      fs.rmSync(root, { recursive: true, force: true })
    }
  }
  const release = (root: string, id: string, whole = true) => {
    fs.mkdirSync(path.join(root, "releases", id), { recursive: true })
    if (whole) fs.writeFileSync(path.join(root, "releases", id, RELEASE_SITE), "")
  }

  it("lists, earliest first, the staged releases whose folders are there, and none without a record", () =>
    withRoot((root) => {
      expect(readStaged(root)).toEqual([])
      release(root, "r1")
      release(root, "r2")
      writeStaged(root, [
        entry("r2", "2026-12-01T10:00:00.000Z"),
        entry("gone", "2026-12-01T08:00:00.000Z"),
        entry("r1", "2026-12-01T09:00:00.000Z"),
      ])
      expect(readStaged(root).map(({ release: id }) => id)).toEqual(["r1", "r2"])
      expect(JSON.parse(fs.readFileSync(path.join(root, STAGED), "utf8")).staged).toHaveLength(3)
    }))

  it("refuses a record it cannot read, saying nothing was changed", () =>
    withRoot((root) => {
      const file = path.join(root, STAGED)
      fs.writeFileSync(file, "{ not json")
      expect(() => readStaged(root)).toThrow(
        new RegExp(`^${file} is not a list of staged releases \\(not JSON .+\\): .*; nothing was changed$`),
      )
      for (const data of [
        null,
        {},
        { staged: {} },
        { staged: [{ release: "r1", at: "tomorrow", commit: X }] },
        { staged: [{ release: "r1", at: "2026-12-01T09:00:00Z", commit: "main" }] },
        { staged: [{ at: "2026-12-01T09:00:00Z", commit: X }] },
      ]) {
        fs.writeFileSync(file, JSON.stringify(data))
        expect(() => readStaged(root), JSON.stringify(data)).toThrow(
          new RegExp(`^${file} is not a list of staged releases \\(.+\\): .*; nothing was changed$`),
        )
      }
    }))

  it("writes the timer's units into the root", () =>
    withRoot((root) => {
      writeTickUnits(root, ["--nginx", "/usr/sbin/nginx"])
      expect(fs.readFileSync(path.join(root, TICK_TIMER), "utf8")).toBe(tickUnits(root, [])[TICK_TIMER])
      expect(fs.readFileSync(path.join(root, TICK_SERVICE), "utf8")).toContain(
        `ExecStart=/usr/bin/env node ${path.join(root, "live/release.cjs")} tick --root ${root} --nginx /usr/sbin/nginx`,
      )
    }))

  it("quotes a part of the command with a space in it", () => {
    expect(tickUnits("/srv/my site", [])[TICK_SERVICE]).toContain(
      'ExecStart=/usr/bin/env node "/srv/my site/live/release.cjs" tick --root "/srv/my site"\n',
    )
  })

  it("names each new release after the newest, in the same second or with the clock behind it", () => {
    const at = new Date("2026-12-04T00:03:22.900Z")
    expect(nextReleaseName([], X, at)).toBe("20261204T000322Z-aaaaaaaa")
    expect(nextReleaseName(["20261204T000321Z-bbbbbbbb"], X, at)).toBe("20261204T000322Z-aaaaaaaa")
    // The second's first release was pruned: the next is still after the ones left, not its name again.
    const left = ["20261204T000322Z-aaaaaaaa-5", "20261204T000322Z-aaaaaaaa-9.partial"]
    expect(nextReleaseName(left, X, at)).toBe("20261204T000322Z-aaaaaaaa-10")
    expect(nextReleaseName(["20261204T000322Z-bbbbbbbb"], "0".repeat(40), at)).toBe("20261204T000322Z-00000000-2")
    expect(nextReleaseName(["20261204T010000Z-bbbbbbbb", "backup"], X, at)).toBe("20261204T010000Z-aaaaaaaa-2")
    expect(nextReleaseName(["20261204T000322Z-aaaaaaaa-5", "20261204T000322Z-aaaaaaaa-3"], X, at)).toBe(
      "20261204T000322Z-aaaaaaaa-6",
    )
    expect(nextReleaseName(["backup"], X, at)).toBe("20261204T000322Z-aaaaaaaa")
  })

  it("orders releases as they were made: by second, then count, a name of another form first", () => {
    const [earlier, later] = ["20261204T000322Z-a-10", "20261204T000323Z-0"]
    expect(compareReleases(earlier, later)).toBeLessThan(0)
    expect(compareReleases(later, earlier)).toBeGreaterThan(0)
    expect(compareReleases("20261204T000322Z-a-9", earlier)).toBeLessThan(0)
    // Two of one second without a count (names made before counts began): by name, each its own.
    expect(compareReleases("20261204T000322Z-a", "20261204T000322Z-b")).toBeLessThan(0)
    expect(compareReleases("20261204T000322Z-b", "20261204T000322Z-a")).toBeGreaterThan(0)
    expect(compareReleases(earlier, earlier)).toBe(0)
    expect(compareReleases("backup", earlier)).toBeLessThan(0)
    expect(compareReleases("x20261204T000323Z-a", earlier)).toBeLessThan(0)
    expect(compareReleases("20261204T000323Z-a-2x", earlier)).toBeLessThan(0)
  })

  it("lists the releases on disk in the order they were made", () =>
    withRoot((root) => {
      const names = ["20261204T000322Z-a-10", "20261204T000322Z-a-9", "20261204T000322Z-a", "20261204T000321Z-b-3"]
      for (const name of names) release(root, name)
      expect(listReleases(root)).toEqual([
        "20261204T000321Z-b-3",
        "20261204T000322Z-a",
        "20261204T000322Z-a-9",
        "20261204T000322Z-a-10",
      ])
    }))

  it("knows a release by its folder with its site, oldest first, and the live one by its link", () =>
    withRoot((root) => {
      expect(listReleases(root)).toEqual([])
      expect(linkedRelease(root, LIVE)).toBeNull()
      release(root, "20261201T090000Z-b")
      release(root, "20261201T080000Z-a")
      release(root, "20261201T100000Z-c", false)
      release(root, "20261201T110000Z-d.partial")
      expect(listReleases(root)).toEqual(["20261201T080000Z-a", "20261201T090000Z-b"])
      relink(root, LIVE, path.join("releases", "20261201T080000Z-a"))
      relink(root, LIVE, path.join("releases", "20261201T090000Z-b"))
      expect(linkedRelease(root, LIVE)).toBe("20261201T090000Z-b")
      expect(fs.readdirSync(root).sort()).toEqual([LIVE, "releases"])
    }))
})
