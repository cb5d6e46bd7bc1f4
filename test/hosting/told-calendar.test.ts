/**
 * What the nginx host keeps of the calendar (deploy/release/told-calendar.ts): a newer build's word
 * replaces an older one's, and a build that knows less than the host was told is refused when it
 * would bring back a study taken down; a build of an older commit never replaces the live one.
 */
import fs from "node:fs"
import os from "node:os"
import path from "node:path"
import { describe, expect, it } from "vitest"
import {
  type ToldCalendar,
  overLiveOnPages,
  readToldCalendar,
  refuseOlderCommit,
  refuseTakenDown,
  toldAfter,
  writeToldCalendar,
} from "../../deploy/release/told-calendar"
import { TOLD_CALENDAR } from "../../deploy/release/root/layout"
import { type BuiltFrom, HeldForCalendar } from "../../deploy/release/stamp"

const commit = (digit: string) => digit.repeat(40)
const build = (clock: string, fields: Partial<BuiltFrom> = {}): BuiltFrom => ({
  commit: commit("a"),
  builtAt: clock,
  clock,
  clockSet: true,
  servedUntil: null,
  serves: ["wine"],
  windows: {},
  ...fields,
})
const NOW = new Date("2026-12-01T20:00:00Z")

describe("the record of what the host was told", () => {
  it("takes each study's window from the newest build that spoke of it", () => {
    let told: ToldCalendar = { studies: {} }
    told = toldAfter(
      told,
      build("2026-12-01T16:00:00Z", { windows: { wine: { expireAt: "2026-12-01T17:00:00Z" } } }),
      "B",
    )
    expect(told.studies.wine).toMatchObject({
      expireAt: "2026-12-01T17:00:00Z",
      toldAt: "2026-12-01T16:00:00Z",
      release: "B",
    })
    // An older build rolled back to says nothing new.
    told = toldAfter(told, build("2026-12-01T10:00:00Z", { windows: {} }), "A")
    expect(told.studies.wine.release).toBe("B")
    // A newer build without its window (the editors took the expiry off): the study is off the record.
    told = toldAfter(told, build("2026-12-01T18:00:00Z", { windows: {} }), "D")
    expect(told.studies).toEqual({})
  })

  it("refuses a build that knows less and serves a study taken down, naming it; accepts one that knows more", () => {
    const told = toldAfter(
      { studies: {} },
      build("2026-12-01T16:00:00Z", { windows: { wine: { expireAt: "2026-12-01T17:00:00Z" } } }),
      "B",
    )
    const older = build("2026-12-01T10:00:00Z")
    expect(() => refuseTakenDown(told, older, NOW, "A's build")).toThrow(
      "A's build serves wine (down since 2026-12-01T17:00:00Z, told by release B), which this host was told is withheld now",
    )
    // Refused, never held for the calendar: built again, its commit (which has no expiry) serves it still.
    expect(() => refuseTakenDown(told, older, NOW, "A's build")).not.toThrow(HeldForCalendar)
    // Before its time, it would serve it past it: refused outright (built again, it would still serve it).
    const before = () => refuseTakenDown(told, older, new Date("2026-12-01T16:30:00Z"), "A")
    expect(before).toThrow(
      "A would serve wine from 2026-12-01T17:00:00.000Z (down from 2026-12-01T17:00:00Z, told by release B), which this host was told is withheld then: making it live would bring that study back. Nothing was changed; a build that serves that study as this host was told is the way back",
    )
    expect(before).not.toThrow(HeldForCalendar)
    // Not serving it, or built after the host was told: nothing to refuse.
    expect(() => refuseTakenDown(told, build("2026-12-01T10:00:00Z", { serves: [] }), NOW, "A")).not.toThrow()
    expect(() => refuseTakenDown(told, build("2026-12-01T18:00:00Z"), NOW, "E")).not.toThrow()
    // A build that cannot say what it serves is refused while the host knows of a study taken down since.
    const { serves: _serves, ...unknown } = older
    expect(() => refuseTakenDown(told, unknown, NOW, "An old build")).toThrow(/cannot say which case studies it serves/)
  })

  it("knows a study by its file: renamed, then taken down, it is refused under its old address, in a build of either kind", () => {
    // A: wine.json at /case-studies/wine/, no window. B: renamed grand-cru-allocations, down at 10:00.
    // C: the calendar's run at 11:00, the same commit, serving it no more.
    const a = build("2026-12-01T08:00:00Z", { serves: ["wine"], servesFiles: ["wine"], windows: {} })
    const window = { expireAt: "2026-12-01T10:00:00Z", addresses: ["grand-cru-allocations", "wine"] }
    const b = build("2026-12-01T09:00:00Z", {
      serves: ["grand-cru-allocations", "wine"],
      servesFiles: ["wine"],
      windows: { wine: window },
    })
    const c = build("2026-12-01T11:00:00Z", { serves: [], servesFiles: [], windows: { wine: window } })
    let told: ToldCalendar = { studies: {} }
    for (const [built, release] of [
      [a, "A"],
      [b, "B"],
      [c, "C"],
    ] as const)
      told = toldAfter(told, built, release)
    expect(told.studies).toEqual({
      wine: { goLiveAt: null, ...window, toldAt: "2026-12-01T11:00:00Z", release: "C" },
    })
    // Named by the address A serves it at: its old one.
    const refusal =
      "A serves wine (the study of wine.json, down since 2026-12-01T10:00:00Z, told by release C), which this host was told is withheld now"
    // A rollback to A, or A's build released again (--older-commit): both go through this check.
    expect(() => refuseTakenDown(told, a, NOW, "A")).toThrow(refusal)
    // A build from before builds named files: known by any address the study has had.
    const { servesFiles: _files, ...byAddress } = a
    expect(() => refuseTakenDown(told, byAddress, NOW, "A")).toThrow(refusal)
    // Another study at that file's old address later on (built after the host was told) is no study taken down.
    expect(() => refuseTakenDown(told, build("2026-12-01T12:00:00Z", { serves: ["wine"] }), NOW, "D")).not.toThrow()
  })

  it("is kept in the root whole, and a damaged one stops the release rather than being guessed", () => {
    const root = fs.mkdtempSync(path.join(os.tmpdir(), "aurelle-told-"))
    try {
      expect(readToldCalendar(root)).toEqual({ studies: {} })
      const told = toldAfter(
        { studies: {} },
        build("2026-12-01T16:00:00Z", { windows: { wine: { expireAt: null } } }),
        "B",
      )
      writeToldCalendar(root, told)
      expect(readToldCalendar(root)).toEqual(told)
      fs.writeFileSync(path.join(root, TOLD_CALENDAR), "{")
      expect(() => readToldCalendar(root)).toThrow(
        /is not the studies' windows the host was told \(not JSON .*nothing was changed/,
      )
      fs.writeFileSync(path.join(root, TOLD_CALENDAR), JSON.stringify({ studies: { wine: { expireAt: "soon" } } }))
      expect(() => readToldCalendar(root)).toThrow(/is not the studies' windows the host was told/)
    } finally {
      fs.rmSync(root, { recursive: true, force: true })
    }
  })
})

describe("the newest word on each study, whatever path it took", () => {
  /** A build of a commit made at `committed`, judged at `clock`, listing every study it has. */
  const listing = (clock: string, committed: string, studies: BuiltFrom["windows"], servesFiles: string[]) =>
    build(clock, {
      committedAt: committed,
      allStudies: true,
      windows: studies,
      servesFiles,
      serves: Object.entries(studies ?? {})
        .filter(([file]) => servesFiles.includes(file))
        .flatMap(([, window]) => window.addresses ?? []),
    })
  const replay = (...builds: Array<[BuiltFrom, string]>) =>
    builds.reduce<ToldCalendar>((told, [built, release]) => toldAfter(told, built, release), { studies: {} })
  const vin = { addresses: ["vin", "wine"], goLiveAt: null }

  it("keeps a study deleted as deleted: renamed, taken down, its file deleted, an older build is refused", () => {
    // A2: wine.json at /vin/ (it was /wine/). A3: its expiry passed. A4: wine.json deleted.
    const a2 = listing(
      "2026-12-01T09:00:00Z",
      "2026-12-01T08:55:00Z",
      { wine: { ...vin, expireAt: "2026-12-01T10:00:00Z" } },
      ["wine"],
    )
    const a3 = listing(
      "2026-12-01T10:30:00Z",
      "2026-12-01T08:55:00Z",
      { wine: { ...vin, expireAt: "2026-12-01T10:00:00Z" } },
      [],
    )
    const a4 = listing("2026-12-01T11:00:00Z", "2026-12-01T10:58:00Z", {}, [])
    const told = replay([a2, "A2"], [a3, "A3"], [a4, "A4"])
    expect(told.studies.wine).toMatchObject({ deleted: true, release: "A4", addresses: ["vin", "wine"] })
    // release --from A2 --older-commit, or a rollback to it: refused outright (built again, it would serve it still).
    const refusal = () => refuseTakenDown(told, a2, NOW, "The build of A2")
    expect(refusal).toThrow(
      "The build of A2 serves vin (the study of wine.json, deleted, told by release A4), which this host was told is withheld now",
    )
    expect(refusal).toThrow(
      "a build that serves that study again is the way back (the editors' restore, or a new commit)",
    )
    expect(refusal).not.toThrow(HeldForCalendar)
    // A study with no window ever, deleted: the same.
    const plain = { retail: { addresses: ["retail"], goLiveAt: null, expireAt: null } }
    const b1 = listing("2026-12-01T09:00:00Z", "2026-12-01T08:55:00Z", plain, ["retail"])
    const b2 = listing("2026-12-01T11:00:00Z", "2026-12-01T10:58:00Z", {}, [])
    expect(() => refuseTakenDown(replay([b1, "B1"], [b2, "B2"]), b1, NOW, "B1")).toThrow(
      "B1 serves retail (the study of retail.json, deleted, told by release B2)",
    )
    // Restored in a new commit: its build is accepted, and it is the word from then on.
    const a5 = listing("2026-12-01T12:00:00Z", "2026-12-01T11:58:00Z", { wine: { ...vin, expireAt: null } }, ["wine"])
    expect(() => refuseTakenDown(told, a5, NOW, "A5")).not.toThrow()
    expect(toldAfter(told, a5, "A5").studies.wine).toEqual({
      ...vin,
      expireAt: null,
      toldAt: a5.clock,
      committedAt: a5.committedAt,
      release: "A5",
    })
  })

  it("holds a study pulled back to a later goLiveAt until then: a rollback that serves it sooner is refused", () => {
    const now = new Date("2026-12-01T12:00:00Z")
    const later = "2026-12-31T09:00:00Z"
    const c1 = listing(
      "2026-12-01T09:00:00Z",
      "2026-12-01T08:55:00Z",
      { hotels: { addresses: ["hotels"], goLiveAt: null, expireAt: null } },
      ["hotels"],
    )
    const c2 = listing(
      "2026-12-01T11:00:00Z",
      "2026-12-01T10:58:00Z",
      { hotels: { addresses: ["hotels"], goLiveAt: later, expireAt: null } },
      [],
    )
    const told = replay([c1, "C1"], [c2, "C2"])
    expect(() => refuseTakenDown(told, c1, now, "Release C1")).toThrow(
      `Release C1 serves hotels (the study of hotels.json, not live until ${later}, told by release C2)`,
    )
    // From its time on, the older build serves what the newest word serves too.
    expect(() => refuseTakenDown(told, c1, new Date("2026-12-31T09:01:00Z"), "Release C1")).not.toThrow()
  })

  it("keeps a study deleted before its goLiveAt down against a build of an older commit made at a later clock", () => {
    // D0 lists it for noon; D1 is D0's commit built for noon (staged), serving it; D2, a newer commit, deletes it.
    const window = { addresses: ["yachts"], goLiveAt: "2026-12-01T12:00:00Z", expireAt: null }
    const d0 = listing("2026-12-01T08:00:00Z", "2026-12-01T07:55:00Z", { yachts: window }, [])
    const d1 = listing("2026-12-01T12:00:00Z", "2026-12-01T07:55:00Z", { yachts: window }, ["yachts"])
    const d2 = listing("2026-12-01T10:00:00Z", "2026-12-01T09:58:00Z", {}, [])
    const told = replay([d0, "D0"], [d2, "D2"])
    expect(() => refuseTakenDown(told, d1, new Date("2026-12-01T12:30:00Z"), "Staged release D1")).toThrow(
      "Staged release D1 serves yachts (the study of yachts.json, deleted, told by release D2)",
    )
    // Made live anyway (a rollback's record), it does not overwrite the newer commit's word.
    expect(toldAfter(told, d1, "D1").studies.yachts).toMatchObject({ deleted: true, release: "D2" })
  })
})

describe("a word that holds past the older build's own calendar", () => {
  const studies = (windows: BuiltFrom["windows"]) => ({ allStudies: true, windows, servesFiles: ["wine"] })
  const told = toldAfter(
    { studies: {} },
    build("2026-12-01T12:00:00Z", {
      committedAt: "2026-12-01T11:58:00Z",
      ...studies({ wine: { addresses: ["wine"], goLiveAt: null, expireAt: "2026-12-02T09:00:00Z" } }),
    }),
    "B",
  )
  const older = build("2026-12-01T10:00:00Z", {
    committedAt: "2026-12-01T09:58:00Z",
    ...studies({ wine: { addresses: ["wine"], goLiveAt: null, expireAt: null } }),
  })

  it("refuses a rollback that would serve a study past the expiry the host was told, before the expiry comes", () => {
    const refusal = () => refuseTakenDown(told, older, NOW, "Release A")
    expect(refusal).toThrow(
      "Release A would serve wine from 2026-12-02T09:00:00.000Z (the study of wine.json, down from 2026-12-02T09:00:00Z, told by release B), which this host was told is withheld then",
    )
    // Once the expiry is past, the same build is refused outright: built again, its commit serves it still.
    const after = () => refuseTakenDown(told, older, new Date("2026-12-02T10:00:00Z"), "Release A")
    expect(after).toThrow("Release A serves wine (the study of wine.json, down since 2026-12-02T09:00:00Z")
    expect(after).toThrow("a build that serves that study again is the way back")
    expect(after).not.toThrow(HeldForCalendar)
    // An older build whose own window takes it down by then, or a newer one, is accepted.
    const sameExpiry = { ...older, windows: { wine: { addresses: ["wine"], expireAt: "2026-12-02T08:00:00Z" } } }
    expect(() => refuseTakenDown(told, sameExpiry, NOW, "Release A")).not.toThrow()
    const newer = { ...older, committedAt: "2026-12-01T12:30:00Z", clock: "2026-12-01T12:31:00Z" }
    expect(() => refuseTakenDown(told, newer, NOW, "Release C")).not.toThrow()
  })

  it("refuses a build whose own goLiveAt comes before the later one the host was told", () => {
    const later = toldAfter(
      { studies: {} },
      build("2026-12-01T12:00:00Z", {
        committedAt: "2026-12-01T11:58:00Z",
        ...studies({ wine: { addresses: ["wine"], goLiveAt: "2026-12-31T09:00:00Z", expireAt: null } }),
        servesFiles: [],
      }),
      "B",
    )
    const sooner = {
      ...older,
      serves: [],
      servesFiles: [],
      windows: { wine: { addresses: ["wine"], goLiveAt: "2026-12-10T09:00:00Z" } },
    }
    expect(() => refuseTakenDown(later, sooner, NOW, "Release A")).toThrow(
      "Release A would serve wine from 2026-12-10T09:00:00.000Z (the study of wine.json, not live until 2026-12-31T09:00:00Z, told by release B)",
    )
  })

  it("orders the commits of one history by how many commits each stands on, of two by time, then depth", () => {
    const second = "2026-12-01T11:58:00Z"
    const word = { ...told.studies.wine, committedAt: second, commitDepth: 42 }
    const same = { ...older, committedAt: second, clock: "2026-12-01T13:00:00Z" }
    // Built later from the commit before, at the same second: it knows less.
    expect(() => refuseTakenDown({ studies: { wine: word } }, { ...same, commitDepth: 41 }, NOW, "Release A")).toThrow(
      "Release A would serve wine",
    )
    expect(() => refuseTakenDown({ studies: { wine: word } }, { ...same, commitDepth: 43 }, NOW, "C")).not.toThrow()
    const live = { commit: commit("b"), committedAt: second, commitDepth: 42 }
    expect(() => refuseOlderCommit(live, { ...same, commitDepth: 41 }, "The build")).toThrow(
      `The build is of a commit older than the live one (aaaaaaaa, committed ${second}, commit 41 of its history, against bbbbbbbb, committed ${second}, commit 42 of its history)`,
    )
    expect(() => refuseOlderCommit(live, { ...same, commitDepth: 43 }, "The build")).not.toThrow()
    // A later commit of another history (a new repository) stands on fewer: the time decides.
    const later = { ...same, committedAt: "2026-12-01T11:59:00Z", commitDepth: 3 }
    expect(() => refuseOlderCommit(live, later, "The build")).not.toThrow()
    // Within one history the depth decides, whatever a committer's clock said: a child committed on a
    // clock an hour behind is newer; its parent, released again, older.
    const root = { commitRoot: commit("f") }
    const child = { ...same, ...root, committedAt: "2026-12-01T10:58:00Z", commitDepth: 43 }
    expect(() => refuseOlderCommit({ ...live, ...root }, child, "The child")).not.toThrow()
    expect(() =>
      refuseOlderCommit(
        { ...child, commit: commit("c") },
        { ...same, ...root, ...live, commit: commit("a") },
        "The parent",
      ),
    ).toThrow("The parent is of a commit older than the live one")
    // Another history, its commit made within the hour: the time decides, not the depth.
    const otherRoot = { ...same, commitRoot: commit("e"), committedAt: "2026-12-01T12:20:00Z", commitDepth: 20 }
    expect(() => refuseOlderCommit({ ...live, ...root, commitDepth: 120 }, otherRoot, "The build")).not.toThrow()
    // A history rewritten since (its first commit kept): a commit made a day later stands on fewer.
    const rewritten = { ...same, ...root, committedAt: "2026-12-02T11:58:00Z", commitDepth: 20 }
    expect(() => refuseOlderCommit({ ...live, ...root, commitDepth: 120 }, rewritten, "The build")).not.toThrow()
    const deleting = { ...child, windows: {}, allStudies: true, servesFiles: [], serves: [] }
    const record = toldAfter({ studies: { wine: { ...word, ...root } } }, deleting, "C")
    expect(record.studies.wine).toMatchObject({ deleted: true, release: "C" })
    expect(() => refuseTakenDown(record, { ...same, ...root, commitDepth: 42 }, NOW, "Release B")).toThrow(
      "Release B serves wine (the study of wine.json, deleted, told by release C)",
    )
    expect(toldAfter({ studies: { wine: word } }, { ...same, commitDepth: 43 }, "C").studies.wine).toMatchObject({
      expireAt: null,
      commitDepth: 43,
      release: "C",
    })
  })
})

describe("a study moved to another file", () => {
  const at = (clock: string, committed: string, windows: BuiltFrom["windows"], served: string[]) =>
    build(clock, {
      committedAt: committed,
      allStudies: true,
      windows,
      servesFiles: served,
      serves: Object.entries(windows ?? {}).flatMap(([file, w]) => (served.includes(file) ? (w.addresses ?? []) : [])),
    })
  const e1 = at("2026-12-01T09:00:00Z", "2026-12-01T08:58:00Z", { wine: { addresses: ["wine"] } }, ["wine"])

  it("keeps its word under its new file when moved the documented way (git mv, a new slug, the old kept)", () => {
    const e2 = at("2026-12-01T10:00:00Z", "2026-12-01T09:58:00Z", { vin: { addresses: ["vin", "wine"] } }, ["vin"])
    const told = toldAfter(toldAfter({ studies: {} }, e1, "E1"), e2, "E2")
    expect(Object.keys(told.studies)).toEqual(["vin"])
    expect(() => refuseTakenDown(told, e1, NOW, "Release E1")).not.toThrow()
    // Taken down under its new file: the build before the move is refused, named at the address it serves.
    const e3 = at(
      "2026-12-01T11:00:00Z",
      "2026-12-01T09:58:00Z",
      { vin: { addresses: ["vin", "wine"], expireAt: "2026-12-01T10:30:00Z" } },
      [],
    )
    expect(() => refuseTakenDown(toldAfter(told, e3, "E3"), e1, NOW, "Release E1")).toThrow(
      "Release E1 serves wine (the study of vin.json, down since 2026-12-01T10:30:00Z, told by release E3)",
    )
  })

  it("takes a study whose address another file takes as its own slug for deleted: another study, not a move", () => {
    // wine.json deleted; a new study, wine-2027.json, at /wine/ (its file's name kept among its former slugs).
    const e2 = at(
      "2026-12-01T10:00:00Z",
      "2026-12-01T09:58:00Z",
      { "wine-2027": { addresses: ["wine", "wine-2027"] } },
      ["wine-2027"],
    )
    const told = toldAfter(toldAfter({ studies: {} }, e1, "E1"), e2, "E2")
    expect(told.studies.wine).toMatchObject({ deleted: true, release: "E2" })
    expect(() => refuseTakenDown(told, e1, NOW, "Release E1")).toThrow(
      "Release E1 serves wine (the study of wine.json, deleted, told by release E2)",
    )
  })

  it("follows a move git saw, a move undone, and a word kept by slug before words were kept by file", () => {
    // grand-cru.json is wine.json renamed, its slug kept (its file's name among its former slugs).
    const renamed = at(
      "2026-12-01T10:00:00Z",
      "2026-12-01T09:58:00Z",
      { "grand-cru": { addresses: ["wine", "grand-cru"], formerFiles: ["wine"] } },
      ["grand-cru"],
    )
    expect(Object.keys(toldAfter(toldAfter({ studies: {} }, e1, "E1"), renamed, "E2").studies)).toEqual(["grand-cru"])
    // Moved to /vin/, then the move reverted: the build of the move is no study deleted.
    const moved = at("2026-12-01T10:00:00Z", "2026-12-01T09:58:00Z", { vin: { addresses: ["vin", "wine"] } }, ["vin"])
    const back = at("2026-12-01T11:00:00Z", "2026-12-01T10:58:00Z", { wine: { addresses: ["wine"] } }, ["wine"])
    const told = [e1, moved, back].reduce<ToldCalendar>((record, built, i) => toldAfter(record, built, `E${i + 1}`), {
      studies: {},
    })
    expect(Object.keys(told.studies)).toEqual(["wine"])
    expect(() => refuseTakenDown(told, moved, NOW, "Release E2")).not.toThrow()
    // A record of before, by slug: wine.json at /vin/ (once /wine/), known as "vin"; the first build
    // that lists files takes its word, and a rollback to the build before is no study brought back.
    const bySlug = {
      studies: { vin: { goLiveAt: null, expireAt: null, toldAt: "2026-12-01T08:00:00Z", release: "OLD" } },
    }
    const first = at("2026-12-01T10:00:00Z", "2026-12-01T09:58:00Z", { wine: { addresses: ["vin", "wine"] } }, ["wine"])
    const after = toldAfter(bySlug, first, "N1")
    expect(Object.keys(after.studies)).toEqual(["wine"])
    const old = build("2026-12-01T07:00:00Z", { serves: ["vin", "wine"], windows: { vin: {} } })
    expect(() => refuseTakenDown(after, old, NOW, "Release OLD")).not.toThrow()
  })

  it("reads an address another file of the build has, which the host knows by its own word, as that file's", () => {
    // wine.json deleted; cellar.json, known to the host and live, has /wine/ among its former slugs.
    const told: ToldCalendar = {
      studies: {
        wine: {
          addresses: ["wine"],
          goLiveAt: null,
          expireAt: null,
          toldAt: "2026-12-01T12:00:00Z",
          deleted: true,
          release: "D",
        },
        cellar: {
          addresses: ["cellar", "wine"],
          goLiveAt: null,
          expireAt: null,
          toldAt: "2026-12-01T12:00:00Z",
          release: "D",
        },
      },
    }
    const older = at("2026-12-01T10:00:00Z", "2026-12-01T09:58:00Z", { cellar: { addresses: ["cellar", "wine"] } }, [
      "cellar",
    ])
    expect(() => refuseTakenDown(told, older, NOW, "Release C")).not.toThrow()
    // A word kept by slug whose address no file of the build has: deleted.
    const bySlug = {
      studies: { retail: { goLiveAt: null, expireAt: null, toldAt: "2026-12-01T08:00:00Z", release: "OLD" } },
    }
    expect(toldAfter(bySlug, e1, "N1").studies.retail).toMatchObject({ deleted: true, release: "N1" })
  })

  it("records a deletion of a study whose file is named like an object's own (constructor.json)", () => {
    const c1 = at("2026-12-01T09:00:00Z", "2026-12-01T08:58:00Z", { constructor: { addresses: ["constructor"] } }, [
      "constructor",
    ])
    const c2 = at("2026-12-01T10:00:00Z", "2026-12-01T09:58:00Z", {}, [])
    const told = toldAfter(toldAfter({ studies: {} }, c1, "C1"), c2, "C2")
    expect(told.studies.constructor).toMatchObject({ deleted: true, release: "C2" })
    expect(() => refuseTakenDown(told, c1, NOW, "Release C1")).toThrow("Release C1 serves constructor")
  })

  it("holds a word of a record written before words named their commit against a build of a commit made by then", () => {
    const before = {
      studies: {
        wine: { goLiveAt: null, expireAt: "2026-12-01T10:00:00Z", toldAt: "2026-12-01T09:00:00Z", release: "R" },
      },
    }
    const oldCommit = at("2026-12-01T19:00:00Z", "2026-11-01T00:00:00Z", { wine: { addresses: ["wine"] } }, ["wine"])
    expect(() => refuseTakenDown(before, oldCommit, NOW, "The build")).toThrow("The build serves wine (down since")
    expect(toldAfter(before, oldCommit, "X").studies.wine).toBe(before.studies.wine)
    // A commit made since is the way past it.
    const since = at("2026-12-01T19:00:00Z", "2026-12-01T09:30:00Z", { wine: { addresses: ["wine"] } }, ["wine"])
    expect(() => refuseTakenDown(before, since, NOW, "The build")).not.toThrow()
  })

  it("stays deleted once deleted, though a later study takes its address", () => {
    const gone = at("2026-12-01T10:00:00Z", "2026-12-01T09:58:00Z", {}, [])
    const reused = at("2026-12-01T11:00:00Z", "2026-12-01T10:58:00Z", { other: { addresses: ["wine"] } }, ["other"])
    const told = toldAfter(toldAfter(toldAfter({ studies: {} }, e1, "E1"), gone, "E2"), reused, "E3")
    expect(told.studies.wine).toMatchObject({ deleted: true })
    expect(() => refuseTakenDown(told, e1, NOW, "Release E1")).toThrow(
      "Release E1 serves wine (the study of wine.json, deleted",
    )
  })
})

describe("the order of commits", () => {
  const live = { commit: commit("b"), committedAt: "2026-12-01T09:05:00Z" }
  it("refuses a build of an older commit than the live one's, naming both", () => {
    expect(() =>
      refuseOlderCommit(live, build("2026-12-01T10:00:00Z", { committedAt: "2026-12-01T09:00:00Z" }), "The build"),
    ).toThrow(
      /The build is of a commit older than the live one \(aaaaaaaa, committed 2026-12-01T09:00:00Z, against bbbbbbbb, committed 2026-12-01T09:05:00Z\).*to go back on purpose, roll back/,
    )
  })

  it("accepts the same commit built again, a newer one, and one whose time is unknown", () => {
    expect(() => refuseOlderCommit(live, build("2026-12-01T10:00:00Z", { ...live }), "same")).not.toThrow()
    expect(() =>
      refuseOlderCommit(live, build("2026-12-01T10:00:00Z", { committedAt: "2026-12-01T09:06:00Z" }), "newer"),
    ).not.toThrow()
    expect(() => refuseOlderCommit(live, build("2026-12-01T10:00:00Z"), "unknown")).not.toThrow()
    expect(() =>
      refuseOlderCommit(null, build("2026-12-01T10:00:00Z", { committedAt: "2020-01-01T00:00:00Z" }), "first"),
    ).not.toThrow()
  })
})

describe("a release on Pages, over the live site's stamp", () => {
  const live = { commit: commit("b"), committedAt: "2026-12-01T09:05:00Z" }
  const newer = build("2026-12-01T10:00:00Z", { committedAt: "2026-12-01T09:06:00Z" })

  it("goes over the live one with a newer commit, or the first time; a calendar's only over the commit it replaces", () => {
    expect(overLiveOnPages(newer, live)).toEqual({ released: true })
    expect(overLiveOnPages(newer, null)).toEqual({ released: true })
    expect(overLiveOnPages(newer, live, live.commit)).toEqual({ released: true })
    expect(overLiveOnPages(newer, live, commit("c"))).toEqual({
      released: false,
      why: `the live site is of ${live.commit}, no longer of ${commit("c")}`,
    })
  })

  it("refuses an older commit than the live one's, as the nginx host does", () => {
    const older = build("2026-12-01T10:00:00Z", { committedAt: "2026-12-01T09:00:00Z" })
    expect(() => overLiveOnPages(older, live)).toThrow(/is of a commit older than the live one/)
  })
})

describe("the record's edges", () => {
  const told = (studies: ToldCalendar["studies"]): ToldCalendar => ({ studies })
  const window = (toldAt: string, fields: Partial<ToldCalendar["studies"][string]> = {}) => ({
    goLiveAt: null,
    expireAt: null,
    toldAt,
    release: "r1",
    ...fields,
  })

  it("refuses each window it cannot read, and reads one without times", () => {
    const root = fs.mkdtempSync(path.join(os.tmpdir(), "aurelle-told-"))
    try {
      const file = path.join(root, TOLD_CALENDAR)
      const good = window("2026-12-01T08:00:00Z")
      for (const studies of [
        null,
        "wine",
        { wine: null },
        { wine: "down" },
        { wine: { ...good, toldAt: "yesterday" } },
        { wine: { ...good, release: 7 } },
        { wine: { ...good, goLiveAt: "soon" } },
        { wine: { ...good, expireAt: "later" } },
        { wine: good, cruises: { ...good, expireAt: 5 } },
      ]) {
        fs.writeFileSync(file, JSON.stringify({ studies }))
        expect(() => readToldCalendar(root), JSON.stringify(studies)).toThrow(
          new RegExp(`^${file} is not the studies' windows the host was told \\(.+\\): .*; nothing was changed$`),
        )
      }
      fs.writeFileSync(file, JSON.stringify({ studies: { wine: { toldAt: good.toldAt, release: "r1" } } }))
      expect(readToldCalendar(root).studies.wine).toEqual({ toldAt: good.toldAt, release: "r1" })
    } finally {
      fs.rmSync(root, { recursive: true, force: true })
    }
  })

  it("keeps its record as it was for a build without a clock or without windows", () => {
    const before = told({ wine: window("2026-12-01T08:00:00Z") })
    expect(toldAfter(before, { ...build("2026-12-01T09:00:00Z"), clock: undefined }, "r2")).toBe(before)
    expect(toldAfter(before, { ...build("2026-12-01T09:00:00Z"), windows: undefined }, "r2")).toBe(before)
  })

  it("takes a window told at the same clock anew, keeps one told later, and drops one the build no longer has", () => {
    const at = "2026-12-01T09:00:00.000Z"
    const before = told({
      cruises: window(at, { expireAt: "2026-12-05T09:00:00Z" }),
      hotels: window("2026-12-01T09:00:00.001Z", { expireAt: "2026-12-06T09:00:00Z" }),
      wine: window(at, { expireAt: "2026-12-07T09:00:00Z" }),
    })
    const after = toldAfter(before, build(at, { windows: { wine: { expireAt: "2026-12-08T09:00:00Z" } } }), "r2")
    expect(Object.keys(after.studies)).toEqual(["hotels", "wine"])
    expect(after.studies.hotels).toBe(before.studies.hotels)
    expect(after.studies.wine).toEqual({ goLiveAt: null, expireAt: "2026-12-08T09:00:00Z", toldAt: at, release: "r2" })
    const sorted = toldAfter(told({}), build(at, { windows: { wine: {}, cruises: {}, hotels: {} } }), "r3")
    expect(Object.keys(sorted.studies)).toEqual(["cruises", "hotels", "wine"])
    expect(sorted.studies.cruises).toEqual({ goLiveAt: null, expireAt: null, toldAt: at, release: "r3" })
  })

  it("holds a build from the minute a study it serves came down, when a newer build said so; the build's own time is its clock, else when it was built", () => {
    const down = "2026-12-01T18:00:00Z"
    const record = told({ wine: window("2026-12-01T12:00:00Z", { expireAt: down, release: "r9" }) })
    const older = build("2026-12-01T11:00:00Z")
    expect(() => refuseTakenDown(record, older, new Date(down), "The build")).toThrow(
      `The build serves wine (down since ${down}, told by release r9), which this host was told is withheld now: making it live would bring that study back.`,
    )
    expect(() => refuseTakenDown(record, older, new Date("2026-12-01T17:59:59Z"), "The build")).toThrow(
      `The build would serve wine from ${new Date(down).toISOString()} (down from ${down}, told by release r9)`,
    )
    // Built at the very time the record was told: it knew.
    expect(() => refuseTakenDown(record, build("2026-12-01T12:00:00Z"), NOW, "The build")).not.toThrow()
    const unclocked = { ...older, clock: undefined, builtAt: "2026-12-01T12:00:00Z" }
    expect(() => refuseTakenDown(record, unclocked, NOW, "The build")).not.toThrow()
    expect(() => refuseTakenDown(record, { ...unclocked, builtAt: "2026-12-01T11:00:00Z" }, NOW, "The build")).toThrow(
      "The build serves wine (down since",
    )
    const two = told({ ...record.studies, cruises: window("2026-12-01T12:00:00Z", { expireAt: down, release: "r9" }) })
    expect(() => refuseTakenDown(two, { ...older, serves: ["cruises", "wine"] }, NOW, "The build")).toThrow(
      "would bring those studies back",
    )
    expect(() => refuseTakenDown(two, { ...older, serves: undefined }, NOW, "The old build")).toThrow(
      `The old build cannot say which case studies it serves (it was made before builds said so), and this host was told wine (down since ${down}, told by release r9), cruises (down since ${down}, told by release r9) are withheld now.`,
    )
  })

  it("lets a commit committed at the live one's very time go over it, and names the build it refuses by its commit", () => {
    const live = { commit: commit("b"), committedAt: "2026-12-01T09:05:00Z" }
    expect(() =>
      refuseOlderCommit(live, build(NOW.toISOString(), { committedAt: live.committedAt }), "x"),
    ).not.toThrow()
    expect(() =>
      refuseOlderCommit(
        { commit: live.commit },
        build(NOW.toISOString(), { committedAt: "2020-01-01T00:00:00Z" }),
        "x",
      ),
    ).not.toThrow()
    const older = build(NOW.toISOString(), { committedAt: "2026-12-01T09:04:59Z" })
    expect(() => overLiveOnPages(older, live)).toThrow(
      `The build of aaaaaaaa is of a commit older than the live one (aaaaaaaa, committed 2026-12-01T09:04:59Z, against bbbbbbbb, committed 2026-12-01T09:05:00Z)`,
    )
    expect(overLiveOnPages(older, null, commit("c"))).toEqual({
      released: false,
      why: `the live site is of nothing, no longer of ${commit("c")}`,
    })
  })
})
