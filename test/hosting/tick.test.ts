/**
 * The nginx host's timer on a release root made in milliseconds (deploy/release/tick.ts, go-live.ts,
 * history.ts): release folders holding a build.json and an empty public/, a live link, what the host
 * was told of the calendar, and an nginx that only answers (a script: its check names the live site's
 * configuration, or refuses). The clock is passed in. The same tick on the release test host, nginx
 * serving, is test/with-build/release-staged.test.ts's, in real time.
 */
import fs from "node:fs"
import os from "node:os"
import path from "node:path"
import { afterEach, describe, expect, it } from "vitest"
import { RELEASE_STAMP_PATH, readReleaseStamp } from "../../contracts/release-stamp"
import { BUILD_INFO } from "../../contracts/build-info"
import { prune, readHistory } from "../../deploy/release/root/history"
import { HISTORY } from "../../deploy/release/root/layout"
import { LIVE, OUTGOING, RELEASE_SITE, linkedRelease, relink } from "../../deploy/release/root/layout"
import type { ReleaseSettings } from "../../deploy/release/settings"
import { type StagedRelease, readStaged, writeStaged } from "../../deploy/release/staged"
import { STAGED } from "../../deploy/release/root/layout"
import { describeTick, tick } from "../../deploy/release/tick"
import { goLive, stampOf } from "../../deploy/release/go-live"
import { release, rollback } from "../../deploy/release/releases"
import { readToldCalendar, toldAfter, writeToldCalendar } from "../../deploy/release/told-calendar"

const X = "a".repeat(40)
const Y = "b".repeat(40)
const roots: string[] = []

afterEach(() => {
  for (const root of roots.splice(0)) fs.rmSync(root, { recursive: true, force: true })
})

/** A release root with an nginx that answers as a running one does, unless told to refuse. */
function hostRoot(): { root: string; settings: ReleaseSettings; refuse(said: string | null): void } {
  const root = fs.mkdtempSync(path.join(os.tmpdir(), "aurelle-tick-"))
  roots.push(root)
  const refusal = path.join(root, ".nginx-refuses")
  const nginx = path.join(root, ".nginx")
  fs.writeFileSync(
    nginx,
    [
      "#!/bin/sh",
      `if [ -e '${refusal}' ]; then cat '${refusal}'; exit 1; fi`,
      `for argument in "$@"; do [ "$argument" = -T ] && echo '# configuration file ${path.join(root, LIVE, RELEASE_SITE)}:'; done`,
      "exit 0",
    ].join("\n"),
    { mode: 0o755 },
  )
  const settings: ReleaseSettings = {
    root,
    serverName: "localhost",
    tls: null,
    httpsListen: "443",
    httpListen: "80",
    authService: "127.0.0.1:8787",
    nginx: { binary: nginx, args: [], modules: [] },
    keep: 5,
  }
  return {
    root,
    settings,
    refuse: (said) => (said === null ? fs.rmSync(refusal, { force: true }) : fs.writeFileSync(refusal, said)),
  }
}

interface Build {
  commit?: string
  clock: string
  servedUntil?: string | null
  serves?: string[]
  servesFiles?: string[]
  windows?: Record<string, { goLiveAt?: string | null; expireAt?: string | null; addresses?: string[] }>
}

/** A release folder as a release leaves one: its build's build.json, its site's configuration, its public/. */
function addRelease(root: string, id: string, build: Build | null): string {
  const dir = path.join(root, "releases", id)
  fs.mkdirSync(path.join(dir, "public"), { recursive: true })
  fs.writeFileSync(path.join(dir, RELEASE_SITE), "# the release's own site\n")
  if (build) {
    const { commit = X, clock, servedUntil = null, serves = ["wine"], servesFiles, windows } = build
    const info = {
      commit,
      builtAt: clock,
      serverName: "localhost",
      clock,
      clockSet: false,
      servedUntil,
      serves,
      ...(servesFiles ? { servesFiles } : {}),
    }
    fs.writeFileSync(path.join(dir, BUILD_INFO), JSON.stringify(windows ? { ...info, windows } : info))
  }
  return id
}

/** A live release, recorded as the host records one (history, what it was told). */
function live(root: string, id: string, build: Build): void {
  addRelease(root, id, build)
  relink(root, LIVE, path.join("releases", id))
  fs.writeFileSync(path.join(root, HISTORY), `${id}\n`)
  writeToldCalendar(root, toldAfter(readToldCalendar(root), { commit: X, builtAt: build.clock, ...build }, id))
}

const staged = (release: string, at: string, commit = X): StagedRelease => ({ release, at, commit })
const exists = (root: string, id: string) => fs.existsSync(path.join(root, "releases", id))
const stampIn = (root: string, id: string) =>
  readReleaseStamp(JSON.parse(fs.readFileSync(path.join(root, "releases", id, "public", RELEASE_STAMP_PATH), "utf8")))

const LIVE_ID = "20261201T070000Z-aaaaaaaa"

describe("a tick", () => {
  it("does nothing when nothing is staged, and says so", async () => {
    const { root, settings } = hostRoot()
    live(root, LIVE_ID, { clock: "2026-12-01T07:00:00Z" })
    const report = await tick(settings, new Date("2026-12-01T09:00:00Z"))
    expect(report).toEqual({ live: null, dropped: [], next: null })
    expect(describeTick(report)).toBe("Nothing due\nNothing staged")
    expect(linkedRelease(root, LIVE)).toBe(LIVE_ID)
  })

  it("makes the due release live with its stamp, records it, and keeps the one still to come", async () => {
    const { root, settings } = hostRoot()
    live(root, LIVE_ID, { clock: "2026-12-01T07:00:00Z" })
    addRelease(root, "r9", { clock: "2026-12-01T09:00:00Z", windows: { wine: { goLiveAt: "2026-12-01T09:00:00Z" } } })
    addRelease(root, "r10", { clock: "2026-12-01T10:00:00Z" })
    writeStaged(root, [staged("r10", "2026-12-01T10:00:00.000Z"), staged("r9", "2026-12-01T09:00:00.000Z")])

    // A minute early: nothing, and the next time said.
    const early = await tick(settings, new Date("2026-12-01T08:59:00Z"))
    expect(early).toEqual({ live: null, dropped: [], next: "2026-12-01T09:00:00.000Z" })
    expect(linkedRelease(root, LIVE)).toBe(LIVE_ID)

    const report = await tick(settings, new Date("2026-12-01T09:00:20Z"))
    expect(report.live).toMatchObject({ live: "r9", outgoing: LIVE_ID, due: "2026-12-01T09:00:00.000Z" })
    expect(report.dropped).toEqual([])
    expect(report.next).toBe("2026-12-01T10:00:00.000Z")
    expect(describeTick(report)).toMatch(
      /^Made r9 live, staged for 2026-12-01T09:00:00\.000Z, in \d+ ms\nNext staged: 2026-12-01T10:00:00\.000Z$/,
    )
    expect([linkedRelease(root, LIVE), linkedRelease(root, OUTGOING)]).toEqual(["r9", LIVE_ID])
    expect(stampIn(root, "r9")).toMatchObject({ commit: X, release: "r9", clock: "2026-12-01T09:00:00Z" })
    expect(stampOf(root)).toEqual(stampIn(root, "r9"))
    expect(stampOf(root, "r10")).toBeNull()
    expect(readHistory(root)).toEqual([LIVE_ID, "r9"])
    expect(readToldCalendar(root).studies.wine).toMatchObject({ release: "r9", goLiveAt: "2026-12-01T09:00:00Z" })
    expect(readStaged(root).map(({ release }) => release)).toEqual(["r10"])

    // The same minute again: nothing more.
    expect(await tick(settings, new Date("2026-12-01T09:00:40Z"))).toMatchObject({ live: null, dropped: [] })
    expect(linkedRelease(root, LIVE)).toBe("r9")
  })

  it("after a dropped tick, makes live the latest due only and removes the ones it passed", async () => {
    const { root, settings } = hostRoot()
    live(root, LIVE_ID, { clock: "2026-12-01T07:00:00Z" })
    addRelease(root, "r8", { clock: "2026-12-01T08:00:00Z" })
    addRelease(root, "r9", { clock: "2026-12-01T09:00:00Z" })
    writeStaged(root, [staged("r8", "2026-12-01T08:00:00.000Z"), staged("r9", "2026-12-01T09:00:00.000Z")])
    const report = await tick(settings, new Date("2026-12-01T09:30:00Z"))
    expect(report.live).toMatchObject({ live: "r9" })
    expect(report.dropped).toEqual(["r8 (for 2026-12-01T08:00:00.000Z): a later one is due too"])
    expect(exists(root, "r8")).toBe(false)
    expect(readStaged(root)).toEqual([])
    expect(fs.readFileSync(path.join(root, STAGED), "utf8")).toBe('{\n  "staged": []\n}\n')
  })

  it("drops, removing its folder, what a newer publish or a rollback made stale, naming what is live", async () => {
    const { root, settings } = hostRoot()
    live(root, LIVE_ID, { clock: "2026-12-01T07:00:00Z" })
    addRelease(root, "r9", { clock: "2026-12-01T09:00:00Z" })
    writeStaged(root, [staged("r9", "2026-12-01T09:00:00.000Z", Y)])
    const report = await tick(settings, new Date("2026-12-01T08:00:00Z"))
    expect(report).toEqual({
      live: null,
      dropped: [
        `r9 (for 2026-12-01T09:00:00.000Z): staged over bbbbbbbb, and ${LIVE_ID} is live since, of aaaaaaaa built for 2026-12-01T07:00:00Z`,
      ],
      next: null,
    })
    expect(describeTick(report)).toBe(`Nothing due\nDropped ${report.dropped[0]}\nNothing staged`)
    expect(exists(root, "r9")).toBe(false)
    expect(linkedRelease(root, LIVE)).toBe(LIVE_ID)
  })

  it("never makes live a release that would bring back a study the host was told came down, nor one without its build", async () => {
    const { root, settings } = hostRoot()
    // A newer build told the host wine came down at 08:00.
    live(root, LIVE_ID, {
      clock: "2026-12-01T07:30:00Z",
      windows: { wine: { goLiveAt: null, expireAt: "2026-12-01T08:00:00Z" } },
    })
    addRelease(root, "r9", { clock: "2026-12-01T07:00:00Z", serves: ["wine"] })
    writeStaged(root, [staged("r9", "2026-12-01T07:45:00.000Z")])
    const held = await tick(settings, new Date("2026-12-01T09:00:00Z"))
    expect(held.live).toBeNull()
    expect(held.dropped).toEqual([
      expect.stringMatching(
        new RegExp(
          `^r9 \\(for 2026-12-01T07:45:00\\.000Z\\): Staged release r9 serves wine \\(down since 2026-12-01T08:00:00Z, told by release ${LIVE_ID}\\)`,
        ),
      ),
    ])
    expect([exists(root, "r9"), linkedRelease(root, LIVE)]).toEqual([false, LIVE_ID])

    // One passed, and the latest due keeps no build.json.
    addRelease(root, "r10", { clock: "2026-12-01T08:30:00Z" })
    addRelease(root, "r11", null)
    writeStaged(root, [staged("r10", "2026-12-01T08:30:00.000Z"), staged("r11", "2026-12-01T08:40:00.000Z")])
    const unknown = await tick(settings, new Date("2026-12-01T08:50:00Z"))
    expect(unknown.live).toBeNull()
    expect(unknown.dropped).toEqual([
      "r10 (for 2026-12-01T08:30:00.000Z): a later one is due too",
      "r11 (for 2026-12-01T08:40:00.000Z): it keeps no build.json",
    ])
    expect([exists(root, "r10"), exists(root, "r11")]).toEqual([false, false])

    // Built after the host was told, but serving a study until a time now past.
    addRelease(root, "r12", { clock: "2026-12-01T08:30:00Z", serves: ["wine"], servedUntil: "2026-12-01T08:45:00Z" })
    writeStaged(root, [staged("r12", "2026-12-01T08:30:00.000Z")])
    const expired = await tick(settings, new Date("2026-12-01T08:50:00Z"))
    expect(expired.live).toBeNull()
    expect(expired.dropped).toEqual([
      expect.stringMatching(/^r12 \(for 2026-12-01T08:30:00\.000Z\): Staged release r12 serves a case study until /),
    ])
    expect([exists(root, "r12"), linkedRelease(root, LIVE)]).toEqual([false, LIVE_ID])
  })

  it("keeps a release staged when nginx refuses the switch, and makes it live at the next tick", async () => {
    const { root, settings, refuse } = hostRoot()
    live(root, LIVE_ID, { clock: "2026-12-01T07:00:00Z" })
    addRelease(root, "r9", { clock: "2026-12-01T09:00:00Z" })
    writeStaged(root, [staged("r9", "2026-12-01T09:00:00.000Z")])
    refuse("nginx: [emerg] unexpected end of file")
    await expect(tick(settings, new Date("2026-12-01T09:00:10Z"))).rejects.toThrow(
      /nginx's configuration does not accept release r9; 20261201T070000Z-aaaaaaaa stays live:\s+nginx: \[emerg\] unexpected end of file/,
    )
    expect([linkedRelease(root, LIVE), exists(root, "r9")]).toEqual([LIVE_ID, true])
    expect(readStaged(root).map(({ release }) => release)).toEqual(["r9"])
    refuse(null)
    expect((await tick(settings, new Date("2026-12-01T09:01:00Z"))).live).toMatchObject({ live: "r9" })
  })
})

describe("going live", () => {
  const info = { commit: X, builtAt: "2026-12-01T09:00:00Z" }

  it("removes a release nginx refused, unless told to keep it, and leaves what is live as it was", () => {
    const { root, settings, refuse } = hostRoot()
    live(root, LIVE_ID, { clock: "2026-12-01T07:00:00Z" })
    addRelease(root, "r9", null)
    refuse("nginx: [emerg] no")
    expect(() => goLive(settings, "r9", info)).toThrow(/does not accept release r9/)
    expect([exists(root, "r9"), linkedRelease(root, LIVE), readHistory(root)]).toEqual([false, LIVE_ID, [LIVE_ID]])
    addRelease(root, "r10", null)
    expect(() => goLive(settings, "r10", info, { keepOnFailure: true })).toThrow(/does not accept release r10/)
    expect(exists(root, "r10")).toBe(true)
  })

  it("says so, live all the same, when the host's records cannot be kept", () => {
    const { root, settings } = hostRoot()
    live(root, LIVE_ID, { clock: "2026-12-01T07:00:00Z" })
    addRelease(root, "r9", null)
    fs.writeFileSync(path.join(root, "calendar.json"), "{")
    const report = goLive(settings, "r9", info)
    expect(linkedRelease(root, LIVE)).toBe("r9")
    expect(report.removed).toEqual([])
    expect(report.setup).toMatch(
      new RegExp(
        `^Not recorded in ${root}/calendar\\.json and ${root}/history: ${root}/calendar\\.json is not the studies' windows the host was told \\(not JSON`,
      ),
    )
  })

  it("prunes past the releases kept, sparing the staged ones", () => {
    const { root, settings } = hostRoot()
    live(root, "r1", { clock: "2026-12-01T07:00:00Z" })
    for (const id of ["r2", "r3", "r4", "r5"]) addRelease(root, id, null)
    writeStaged(root, [staged("r2", "2026-12-02T09:00:00.000Z")])
    const report = goLive({ ...settings, keep: 2 }, "r5", info)
    // Past the newest two (r4, r5 live): r1 is outgoing now, r2 staged, r3 goes.
    expect(report.removed).toEqual(["r3"])
    expect(readHistory(root)).toEqual(["r1", "r5"])
  })
})

describe("pruning", () => {
  it("keeps the newest releases, and never the live, the outgoing or a staged one", () => {
    const { root } = hostRoot()
    for (const id of ["r1", "r2", "r3", "r4", "r5", "r6"]) addRelease(root, id, { clock: "2026-12-01T07:00:00Z" })
    relink(root, LIVE, path.join("releases", "r1"))
    relink(root, OUTGOING, path.join("releases", "r2"))
    expect(prune(root, 2, ["r3"])).toEqual(["r4"])
    expect(fs.readdirSync(path.join(root, "releases")).sort()).toEqual(["r1", "r2", "r3", "r5", "r6"])
    expect(prune(root, 10)).toEqual([])
  })

  it("reads a history of the releases still on disk, in order", () => {
    const { root } = hostRoot()
    addRelease(root, "r1", null)
    addRelease(root, "r3", null)
    fs.writeFileSync(path.join(root, HISTORY), "r1\nr2\nr3\n")
    expect(readHistory(root)).toEqual(["r1", "r3"])
  })
})

describe("a rollback", () => {
  it("never brings back a study renamed, then taken down: known by its file, refused under its old address, nor does A's artifact released again", async () => {
    const { root, settings } = hostRoot()
    const renamed = { expireAt: "2026-12-01T10:00:00Z", addresses: ["grand-cru-allocations", "wine"] }
    const a: Build = { clock: "2026-12-01T08:00:00Z", serves: ["wine"], servesFiles: ["wine"], windows: {} }
    const b: Build = {
      clock: "2026-12-01T09:00:00Z",
      serves: renamed.addresses,
      servesFiles: ["wine"],
      windows: { wine: renamed },
    }
    const c: Build = { clock: "2026-12-01T11:00:00Z", serves: [], servesFiles: [], windows: { wine: renamed } }
    const [idA, idB, idC] = ["20261201T080000Z-aaaaaaaa", "20261201T090000Z-aaaaaaaa", "20261201T110000Z-aaaaaaaa"]
    for (const [id, build] of [
      [idA, a],
      [idB, b],
    ] as const) {
      addRelease(root, id, build)
      writeToldCalendar(root, toldAfter(readToldCalendar(root), { commit: X, builtAt: build.clock, ...build }, id))
    }
    live(root, idC, c)
    // The calendar's run replaced B by C: the release before the live one is A, which served the study at /case-studies/wine/.
    fs.writeFileSync(path.join(root, HISTORY), `${idA}\n${idC}\n`)
    await expect(rollback(settings)).rejects.toThrow(
      `Release ${idA} serves wine (the study of wine.json, down since 2026-12-01T10:00:00Z, told by release ${idC})`,
    )
    expect(linkedRelease(root, LIVE)).toBe(idC)
    // A's artifact released again on purpose (`release --older-commit`): refused the same way, before any copy.
    const artifact = path.join(root, "uploads", "a")
    fs.mkdirSync(path.join(artifact, "public"), { recursive: true })
    fs.writeFileSync(path.join(artifact, "public", "index.html"), "<p>A</p>")
    fs.copyFileSync(path.join(root, "releases", idA, BUILD_INFO), path.join(artifact, BUILD_INFO))
    await expect(release(artifact, settings, () => {}, { olderCommit: true })).rejects.toThrow(
      "The build of aaaaaaaa made at 2026-12-01T08:00:00Z serves wine (the study of wine.json, down since 2026-12-01T10:00:00Z",
    )
    expect(linkedRelease(root, LIVE)).toBe(idC)
    expect(fs.readdirSync(path.join(root, "releases")).sort()).toEqual([idA, idB, idC])
  })
})
