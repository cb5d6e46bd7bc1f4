/**
 * What a build says it is, and the stamp a release writes from it (deploy/release/stamp.ts), on folders
 * made in milliseconds: a packed build's build.json, a git checkout's own build, a folder that can say
 * neither; the calendar's check of a build's time against a clock passed in.
 */
import { execFileSync } from "node:child_process"
import fs from "node:fs"
import os from "node:os"
import path from "node:path"
import { afterEach, describe, expect, it } from "vitest"
import { BUILD_CALENDAR, BUILD_INFO } from "../../contracts/build-info"
import { RELEASE_STAMP_PATH } from "../../contracts/release-stamp"
import {
  HELD_STATUS,
  HeldForCalendar,
  buildInfoOf,
  commitPlace,
  refuseExpired,
  writeStamp,
} from "../../deploy/release/stamp"

const X = "a".repeat(40)
const folders: string[] = []

afterEach(() => {
  for (const folder of folders.splice(0)) fs.rmSync(folder, { recursive: true, force: true })
})

function folder(): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "aurelle-stamp-"))
  folders.push(dir)
  return dir
}

const CALENDAR = { clock: "2026-12-01T08:00:00.000Z", clockSet: false, servedUntil: null, serves: ["wine"] }

/** A git checkout built in place: its home page, its calendar, one commit at a known time. */
function checkout(): { dir: string; commit: string } {
  const dir = folder()
  fs.mkdirSync(path.join(dir, "public"))
  fs.mkdirSync(path.join(dir, ".hosting"))
  fs.writeFileSync(path.join(dir, "public", "index.html"), "<!doctype html>")
  fs.utimesSync(
    path.join(dir, "public", "index.html"),
    new Date("2026-12-01T08:05:00Z"),
    new Date("2026-12-01T08:05:00Z"),
  )
  fs.writeFileSync(path.join(dir, BUILD_CALENDAR), JSON.stringify(CALENDAR))
  const git = (...args: string[]) =>
    execFileSync("git", ["-C", dir, "-c", "user.name=Editor", "-c", "user.email=editor@example.ch", ...args], {
      encoding: "utf8",
      env: { ...process.env, GIT_COMMITTER_DATE: "2026-12-01T07:55:00Z", GIT_AUTHOR_DATE: "2026-12-01T07:55:00Z" },
    }).trim()
  git("init", "-q")
  git("add", "-A")
  git("commit", "-q", "-m", "Content")
  return { dir, commit: git("rev-parse", "HEAD") }
}

describe("what a build says it is", () => {
  it("is its build.json when it has one, checked field by field", () => {
    const dir = folder()
    const info = { commit: X, builtAt: "2026-12-01T08:00:00.000Z", serverName: "localhost", ...CALENDAR }
    fs.writeFileSync(path.join(dir, BUILD_INFO), JSON.stringify(info))
    expect(buildInfoOf(dir)).toEqual(info)
    fs.writeFileSync(path.join(dir, BUILD_INFO), JSON.stringify({ ...info, commit: "main" }))
    expect(() => buildInfoOf(dir)).toThrow(/commit/)
  })

  it("is, in a git checkout without one, its commit and where it stands, its home page's time and its calendar", () => {
    const { dir, commit } = checkout()
    expect(buildInfoOf(dir)).toEqual({
      commit,
      committedAt: "2026-12-01T07:55:00.000Z",
      commitDepth: 1,
      commitRoot: commit,
      builtAt: "2026-12-01T08:05:00.000Z",
      ...CALENDAR,
    })
    expect(commitPlace(dir, X)).toEqual({})
    // A shallow clone knows the time of its commit, not how many commits it stands on, nor its first.
    const shallow = folder()
    execFileSync("git", ["clone", "-q", "--depth", "1", `file://${dir}`, shallow], { stdio: "ignore" })
    expect(commitPlace(shallow, commit)).toEqual({ committedAt: "2026-12-01T07:55:00.000Z" })
  })

  it("is refused, naming what is missing, when the folder can say neither its commit nor its calendar", () => {
    const dir = folder()
    expect(() => buildInfoOf(dir)).toThrow(
      `${dir} cannot say which commit it was built from: it has no ${BUILD_INFO} and is not a git checkout`,
    )
    const { dir: built } = checkout()
    fs.rmSync(path.join(built, BUILD_CALENDAR))
    expect(() => buildInfoOf(built)).toThrow(
      `${built} cannot say when what it serves may be served: it has no ${BUILD_CALENDAR}; build it again`,
    )
  })
})

describe("a build's time, against the clock", () => {
  const at = new Date("2026-12-01T09:00:00Z")

  it("lets a build live while what it serves may be served, and holds it from the minute a study comes down", () => {
    expect(() => refuseExpired({ servedUntil: null }, "The build", at)).not.toThrow()
    expect(() => refuseExpired({}, "The build", at)).not.toThrow()
    expect(() => refuseExpired({ servedUntil: "2026-12-01T09:00:01Z" }, "The build", at)).not.toThrow()
    const held = () => refuseExpired({ servedUntil: "2026-12-01T09:00:00Z" }, "The build of aaaaaaaa", at)
    expect(held).toThrow(HeldForCalendar)
    expect(held).toThrow(
      "The build of aaaaaaaa serves a case study until Tue 1 Dec, 10:00 (Zurich; 2026-12-01T09:00:00Z), which has passed",
    )
    expect(HELD_STATUS).toBe(4)
  })
})

describe("the stamp a release writes", () => {
  const read = (dir: string) => JSON.parse(fs.readFileSync(path.join(dir, RELEASE_STAMP_PATH), "utf8"))

  it("says the build, its clock and the release, live from now", () => {
    const dir = folder()
    const before = Date.now()
    writeStamp(
      dir,
      { commit: X, builtAt: "2026-12-01T08:00:00.000Z", ...CALENDAR },
      "r1",
      new Date("2026-12-01T09:00:00Z"),
    )
    const stamp = read(dir)
    expect(stamp).toMatchObject({
      commit: X,
      builtAt: "2026-12-01T08:00:00.000Z",
      release: "r1",
      clock: CALENDAR.clock,
      clockSet: false,
    })
    expect(Object.keys(stamp)).not.toContain("serves")
    expect(Date.parse(stamp.liveSince)).toBeGreaterThanOrEqual(before - 1000)
  })

  it("rewrites a folder's own stamp on a rollback to a release without build.json, and refuses a folder with neither", () => {
    const dir = folder()
    writeStamp(dir, { commit: X, builtAt: "2026-12-01T08:00:00.000Z" }, "r1")
    const first = read(dir)
    writeStamp(dir, null, "r1")
    expect(read(dir)).toMatchObject({ commit: X, builtAt: first.builtAt, release: "r1" })
    fs.writeFileSync(path.join(dir, RELEASE_STAMP_PATH), JSON.stringify({ commit: "main" }))
    expect(() => writeStamp(dir, null)).toThrow(
      `${path.join(dir, RELEASE_STAMP_PATH)} is not a release stamp ("commit" must be a full commit hash (40 hexadecimal characters), not "main"; "builtAt" is missing; "liveSince" is missing)`,
    )
  })

  it("is not written for a build past its time", () => {
    const dir = folder()
    const expired = { commit: X, builtAt: "2026-12-01T08:00:00.000Z", ...CALENDAR, servedUntil: "2026-12-01T08:30:00Z" }
    expect(() => writeStamp(dir, expired, "r1", new Date("2026-12-01T09:00:00Z"))).toThrow(HeldForCalendar)
    expect(fs.existsSync(path.join(dir, RELEASE_STAMP_PATH))).toBe(false)
  })
})
