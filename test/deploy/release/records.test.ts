/**
 * The host's records (deploy/release/root/records.ts): each read one way, refused in one wording that
 * names the file, what it should be, what is wrong and what to do, each written whole after it is
 * checked; and no other module of the release command parsing one, copying a build's files or ending
 * the process.
 */
import fs from "node:fs"
import os from "node:os"
import path from "node:path"
import { afterEach, beforeEach, describe, expect, it } from "vitest"
import {
  BUILD_RECORD,
  HISTORY_RECORD,
  type HostRecord,
  MANIFEST_RECORD,
  POLICY_RECORD,
  PREVIEWS_RECORD,
  STAGED_RECORD,
  STAMP_RECORD,
  TOLD_CALENDAR_RECORD,
  VISITS_RECORD,
  readRecord,
  readRecordIfAny,
  writeRecord,
} from "../../../deploy/release/root/records"

const ROOT = path.resolve(__dirname, "../../..")
let dir: string
beforeEach(() => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), "host-records-"))
  fs.mkdirSync(path.join(dir, "previews"))
})
afterEach(() => fs.rmSync(dir, { recursive: true, force: true }))

/** Each record with a text that is JSON but not the record, and what is said of it. */
const DAMAGED: Array<[HostRecord<any>, string, string]> = [
  [
    STAGED_RECORD,
    '{"staged":[{"release":"../r1","at":"2026-12-01T09:00:00Z","commit":"main"}]}',
    "staged.0.release is not a release's name",
  ],
  [
    TOLD_CALENDAR_RECORD,
    '{"studies":{"wine":{"expireAt":"soon","toldAt":"2026-12-01T09:00:00Z","release":"r1"}}}',
    "studies.wine.expireAt expected a time",
  ],
  [
    PREVIEWS_RECORD,
    '{"previews":[],"closed":{"0x10":"2026-12-01T09:00:00Z"}}',
    "closed.0x10 is not a pull request's number",
  ],
  [
    VISITS_RECORD,
    '{"days":{"2026-12-01":{"pages":{"en /":-1},"robots":0,"demo":{},"scheduler":{}}}}',
    "days.2026-12-01.pages.en / should be 0 or more",
  ],
  [HISTORY_RECORD, "r1\n../r2\n", '"../r2" is no release\'s name'],
  [MANIFEST_RECORD, '{"index.html":{"sha256":"x","size":1}}', "index.html.sha256 is not a SHA-256 hash"],
  [BUILD_RECORD, '{"commit":"main"}', '"commit" must be a full commit hash, not "main"'],
  [
    STAMP_RECORD,
    '{"commit":"main"}',
    '"commit" must be a full commit hash (40 hexadecimal characters), not "main"; "builtAt" is missing',
  ],
  [POLICY_RECORD, '{"pages":"/"}', "pages should be a list"],
]

describe("a host's record", () => {
  it.each(DAMAGED)(
    "%# that is not what it should be is refused in one wording, naming its file",
    (record, text, why) => {
      const file = path.join(dir, record.file)
      fs.writeFileSync(file, text)
      expect(() => readRecord(dir, record)).toThrow(`${file} is not ${record.what} (${why}`)
      expect(() => readRecord(dir, record)).toThrow(new RegExp(`\\): ${escape(record.remedy)}; nothing was changed$`))
      if (record !== HISTORY_RECORD) {
        fs.writeFileSync(file, "{")
        expect(() => readRecord(dir, record)).toThrow(`${file} is not ${record.what} (not JSON`)
      }
    },
  )

  it("missing is none where a host may have none yet, refused where it must be there", () => {
    expect(readRecord(dir, STAGED_RECORD)).toEqual({ staged: [] })
    expect(readRecord(dir, HISTORY_RECORD)).toEqual([])
    expect(readRecord(dir, PREVIEWS_RECORD)).toEqual({ previews: [], closed: {}, seen: {} })
    expect(() => readRecord(dir, BUILD_RECORD)).toThrow(
      `${path.join(dir, "build.json")} is not a build's description (it is missing)`,
    )
    expect(readRecordIfAny(dir, BUILD_RECORD)).toBeNull()
  })

  it("is written whole, once checked: a value the record cannot hold leaves the file as it was", () => {
    const staged = { staged: [{ release: "r1", at: "2026-12-01T09:00:00.000Z", commit: "a".repeat(40) }] }
    writeRecord(dir, STAGED_RECORD, staged)
    expect(readRecord(dir, STAGED_RECORD)).toEqual(staged)
    expect(() => writeRecord(dir, STAGED_RECORD, { staged: [{ ...staged.staged[0], commit: "main" }] })).toThrow()
    expect(readRecord(dir, STAGED_RECORD)).toEqual(staged)
    expect(fs.readdirSync(dir).sort()).toEqual(["previews", "staged.json"])
    expect(() => writeRecord(dir, HISTORY_RECORD, ["r1", "../etc"])).toThrow()
    expect(fs.existsSync(path.join(dir, "history"))).toBe(false)
  })
})

const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")

/** The release command's sources, and the build server's readers of the host's records. */
function sources(folder: string): string[] {
  return fs
    .readdirSync(path.join(ROOT, folder), { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile() && entry.name.endsWith(".ts"))
    .map((entry) => path.relative(ROOT, path.join(entry.parentPath, entry.name)))
}
const text = (file: string) => fs.readFileSync(path.join(ROOT, file), "utf8")

describe("the release command's code", () => {
  it("parses a host's record in one module, the build server's reading of them included", () => {
    const parsing = sources("deploy/release").filter((file) => text(file).includes("JSON.parse"))
    expect(parsing).toEqual(["deploy/release/root/records.ts"])
    const calendar = text("deploy/publish/calendar-inputs.ts")
    expect(calendar).toContain("parseRecord(STAGED_RECORD,")
    expect(calendar).toContain("parseRecord(STAMP_RECORD,")
  })

  it("makes a folder of a build's files one way, for a release and a preview alike", () => {
    const placing = sources("deploy/release").filter((file) => /\bfs\.linkSync\(|\bplaceFolder\(/.test(text(file)))
    expect(placing.sort()).toEqual([
      "deploy/release/previews.ts",
      "deploy/release/release-folder.ts",
      "deploy/release/root/place.ts",
    ])
    expect(sources("deploy/release").filter((file) => text(file).includes("fs.linkSync("))).toEqual([
      "deploy/release/root/place.ts",
    ])
  })

  it("ends the process only where a command line is read", () => {
    const ending = [...sources("deploy")].filter((file) => {
      const code = text(file)
      const exits = [...code.matchAll(/process\.exit\(/g)].map((match) => match.index)
      const entry = code.indexOf("require.main === module")
      return exits.some((at) => entry === -1 || at < entry)
    })
    // The release command's one entry, and npm run serve's, whose whole file is its command line.
    expect(ending.sort()).toEqual(["deploy/hosting/serve.ts", "deploy/release/cli.ts"])
  })
})
