/**
 * The contracts between processes (contracts/): the release stamp is written and read through one
 * schema, so a stamp the writer makes is one the CMS reads, and one it would not read is never
 * written; build.json is checked where it is read, naming the file and the field.
 */
import fs from "node:fs"
import os from "node:os"
import path from "node:path"
import { afterEach, describe, expect, it } from "vitest"
import { BUILD_INFO, parseBuildInfo } from "../../contracts/build-info"
import {
  RELEASE_STAMP_PATH,
  readReleasePages,
  readReleaseStamp,
  releasePagesProblems,
  releaseStamp,
} from "../../contracts/release-stamp"
import { HeldForCalendar, readBuildInfo, writeStamp } from "../../deploy/release/stamp"
import { CLOCK_VARIABLE } from "../../contracts/clock"
import { parseHostingPolicy } from "../../contracts/hosting-policy"
import { smallPolicy } from "../support/hosting-policy"

const COMMIT = "0123456789abcdef0123456789abcdef01234567"
const BUILT = {
  commit: COMMIT,
  builtAt: "2026-11-27T08:00:00.000Z",
  serverName: "aurelle-intelligence.ch",
  clock: "2026-11-27T08:00:00.000Z",
  clockSet: false,
  servedUntil: "2026-12-31T18:00:00+01:00",
}

const folders: string[] = []
const folder = () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "aurelle-contract-"))
  folders.push(dir)
  return dir
}
afterEach(() => {
  folders.splice(0).forEach((dir) => fs.rmSync(dir, { recursive: true, force: true }))
  delete process.env[CLOCK_VARIABLE]
})

describe("the release stamp", () => {
  it("is read as it is written", () => {
    const stamp = releaseStamp({
      commit: COMMIT,
      builtAt: BUILT.builtAt,
      liveSince: new Date().toISOString(),
      release: "r1",
    })
    expect(readReleaseStamp(JSON.parse(JSON.stringify(stamp)))).toEqual(stamp)
  })

  it("is never written without a commit the reader accepts: the writer names the field", () => {
    const unknown = { commit: null as unknown as string, builtAt: BUILT.builtAt, liveSince: BUILT.builtAt }
    expect(() => releaseStamp(unknown)).toThrow(/"commit" must be a full commit hash .*, not null/)
    expect(readReleaseStamp(unknown)).toBeNull()
    expect(() => releaseStamp({ ...unknown, commit: COMMIT, builtAt: "yesterday" })).toThrow(/"builtAt" must be a time/)
    // Date.parse reads "1" as the year 2001, and a time without its offset as the reader's local time.
    for (const builtAt of ["1", "2026-12-01T09:00:00", "2026-02-31T09:00:00Z"])
      expect(() => releaseStamp({ ...unknown, commit: COMMIT, builtAt }), builtAt).toThrow(/"builtAt" must be a time/)
  })

  it("is written into a build whole, and a rollback keeps the build it names, live from now", () => {
    const publicDir = folder()
    writeStamp(publicDir, BUILT, "r1")
    const first = readReleaseStamp(JSON.parse(fs.readFileSync(path.join(publicDir, RELEASE_STAMP_PATH), "utf8")))
    expect(first).toMatchObject({ commit: COMMIT, builtAt: BUILT.builtAt, release: "r1" })
    writeStamp(publicDir, null, "r1")
    const again = readReleaseStamp(JSON.parse(fs.readFileSync(path.join(publicDir, RELEASE_STAMP_PATH), "utf8")))
    expect(again).toMatchObject({ commit: COMMIT, builtAt: BUILT.builtAt, release: "r1" })
    expect(fs.readdirSync(publicDir)).toEqual([RELEASE_STAMP_PATH.slice(1)])
  })

  it("carries its commit's time, so that an older commit is refused on Pages too; a stamp without it is still read", () => {
    const publicDir = folder()
    writeStamp(publicDir, { ...BUILT, committedAt: "2026-11-27T07:55:00.000Z" }, "r1")
    const stamp = readReleaseStamp(JSON.parse(fs.readFileSync(path.join(publicDir, RELEASE_STAMP_PATH), "utf8")))
    expect(stamp).toMatchObject({ commit: COMMIT, committedAt: "2026-11-27T07:55:00.000Z" })
    const { committedAt: _committedAt, ...older } = stamp!
    expect(readReleaseStamp(older)).not.toBeNull()
    expect(readReleaseStamp({ ...older, committedAt: "yesterday" })).toBeNull()
  })

  it("carries the build's clock, never the next takedown's time (an older stamp's is still read)", () => {
    const publicDir = folder()
    process.env[CLOCK_VARIABLE] = "2026-12-01T09:00:00+01:00"
    writeStamp(publicDir, BUILT, "r1")
    const text = fs.readFileSync(path.join(publicDir, RELEASE_STAMP_PATH), "utf8")
    const stamp = readReleaseStamp(JSON.parse(text))
    expect(stamp).toMatchObject({ clock: BUILT.clock, clockSet: false })
    expect(text).not.toContain("servedUntil")
    expect(text).not.toContain(BUILT.servedUntil!)
    expect(readReleaseStamp({ ...stamp, servedUntil: BUILT.servedUntil })).not.toBeNull()
    expect(readReleaseStamp({ ...stamp, servedUntil: "soon" })).toBeNull()
  })

  it("is refused for a build past its servedUntil, a rollback's included, naming the time: nothing is written", () => {
    const publicDir = folder()
    writeStamp(publicDir, BUILT, "r1")
    const before = fs.readFileSync(path.join(publicDir, RELEASE_STAMP_PATH), "utf8")
    process.env[CLOCK_VARIABLE] = BUILT.servedUntil
    const refusal =
      /serves a case study until Thu 31 Dec, 18:00 \(Zurich; 2026-12-31T18:00:00\+01:00\), which has passed: making it live would bring back a study taken down. Nothing was changed/
    expect(() => writeStamp(folder(), BUILT, "r2")).toThrow(refusal)
    // Held for the calendar: the release command exits with HELD_STATUS, the calendar builds it again.
    expect(() => writeStamp(folder(), BUILT, "r2")).toThrow(HeldForCalendar)
    // A rollback to it: the release kept its build.json.
    expect(() => writeStamp(publicDir, BUILT, "r1")).toThrow(refusal)
    // A rollback to a release with no build.json, whose older stamp still said until when.
    fs.writeFileSync(
      path.join(publicDir, RELEASE_STAMP_PATH),
      JSON.stringify({ ...JSON.parse(before), servedUntil: BUILT.servedUntil }),
    )
    expect(() => writeStamp(publicDir, null, "r1")).toThrow(refusal)
    expect(JSON.parse(fs.readFileSync(path.join(publicDir, RELEASE_STAMP_PATH), "utf8"))).toMatchObject(
      JSON.parse(before),
    )
  })
})

describe("a release's pages", () => {
  it("are read when each page is an HTML file with a fingerprint, and refused naming the page otherwise", () => {
    const pages = { pages: { "index.html": "0123456789abcdef", "case-studies/wine/index.html": "fedcba9876543210" } }
    expect(readReleasePages(pages)).toEqual(pages)
    expect(readReleasePages({ pages: [] })).toBeNull()
    expect(releasePagesProblems({ pages: { "../index.html": "0123456789abcdef", "404.html": "not-hex" } })).toEqual([
      `"../index.html" is not a page's HTML file`,
      `404.html: "not-hex" is not a fingerprint (16 hexadecimal characters)`,
    ])
  })
})

describe("build.json", () => {
  it("is read when whole", () => {
    expect(parseBuildInfo(JSON.stringify(BUILT), BUILD_INFO)).toEqual(BUILT)
  })

  it("missing a field is refused with the file's name and the field's", () => {
    const dir = folder()
    const { serverName: _left, ...withoutHost } = BUILT
    fs.writeFileSync(path.join(dir, BUILD_INFO), JSON.stringify(withoutHost))
    expect(() => readBuildInfo(dir)).toThrow(
      `${path.join(dir, BUILD_INFO)} is not a build's description ("serverName" is missing)`,
    )
  })

  it("with a field of the wrong kind, or not JSON, is refused saying so", () => {
    expect(() => parseBuildInfo(JSON.stringify({ ...BUILT, commit: null }), "a/build.json")).toThrow(
      'a/build.json does not describe a build: "commit" must be a full commit hash, not null',
    )
    expect(() => parseBuildInfo("{", "a/build.json")).toThrow(/^a\/build.json is not JSON: /)
  })
})

describe("the hosting policy", () => {
  it("is refused where a release reads it when an address of before is no page's address, naming it", () => {
    const file = "/srv/site/releases/r1/.hosting/policy.json"
    const policy = smallPolicy({
      pages: ["/", "/case-studies/wine/"],
      demoSources: ["/", "/case-studies/wine/"],
      addresses: {
        moved: [{ from: "/case-studies/vins/", to: "/case-studies/wine/" }],
        gone: ["/case-studies/cellars/"],
      },
    })
    expect(parseHostingPolicy(JSON.stringify(policy), file).addresses).toEqual(policy.addresses)
    for (const address of ["/case-studies/Hotels Copy/", "/case-studies/x { return 302 https://e.example/; }/"]) {
      const hostile = { ...policy, addresses: { ...policy.addresses, gone: [address] } }
      expect(() => parseHostingPolicy(JSON.stringify(hostile), file)).toThrow(
        `${file} is not a hosting policy: addresses.gone.0: is not a page's address`,
      )
    }
  })
})
