/**
 * A preview's upload as the host receives it (deploy/release/root/uploads.ts, remove-tree.ts): a tar
 * archive read within its bounds (bytes, members), its end found whatever padding follows, refused
 * unless it is a build's folders and files; and whatever an upload made, removed.
 */
import { spawnSync } from "node:child_process"
import fs from "node:fs"
import os from "node:os"
import path from "node:path"
import { Readable } from "node:stream"
import { afterEach, beforeEach, describe, expect, it } from "vitest"
import { removeTree } from "../../../deploy/release/root/remove-tree"
import { UploadTooLarge, receiveUpload, uploadTree } from "../../../deploy/release/root/uploads"

let dir: string
beforeEach(() => (dir = fs.mkdtempSync(path.join(os.tmpdir(), "uploads-"))))
afterEach(() => removeTree(dir))

/** A tar archive of `files` (made in a folder of their own), as GNU tar writes one. */
function archive(files: Record<string, string>): Buffer {
  const folder = fs.mkdtempSync(path.join(dir, "source-"))
  for (const [file, text] of Object.entries(files)) {
    fs.mkdirSync(path.dirname(path.join(folder, file)), { recursive: true })
    fs.writeFileSync(path.join(folder, file), text)
  }
  return spawnSync("tar", ["-C", folder, "-cf", "-", "."], { maxBuffer: 1 << 26 }).stdout
}
const into = (name: string) => path.join(dir, name)

describe("an upload", () => {
  it("is unpacked whole, whatever padding follows the archive's end (tar stops reading there)", async () => {
    const tar = archive({ "build.json": "{}", "public/index.html": "<p>Draft</p>" })
    await receiveUpload(Readable.from([tar, Buffer.alloc(1024 * 1024)]), into("padded"), 10 * 1024 * 1024)
    expect(fs.readFileSync(path.join(into("padded"), "public/index.html"), "utf8")).toBe("<p>Draft</p>")
  })

  it("is refused past its bytes or its members, and what it made is removed with it", async () => {
    const tar = archive(Object.fromEntries(Array.from({ length: 60 }, (_, index) => [`public/${index}.js`, "x"])))
    await expect(receiveUpload(Readable.from([tar]), into("bytes"), 1024)).rejects.toThrow(UploadTooLarge)
    await expect(receiveUpload(Readable.from([tar]), into("members"), 10 * 1024 * 1024, 50)).rejects.toThrow(
      "the upload holds more than 50 files and folders",
    )
    await expect(receiveUpload(Readable.from([Buffer.from("not a tar archive")]), into("text"), 1024)).rejects.toThrow(
      /^the upload is not a tar archive of a build's files \(tar: /,
    )
  })

  it("is refused unless it holds a build's folders and regular files, no deeper than a build's", () => {
    fs.mkdirSync(path.join(into("deep"), "public", ...Array(30).fill("d")), { recursive: true })
    expect(() => uploadTree(into("deep"))).toThrow(/is deeper than 24 folders/)
    fs.mkdirSync(path.join(into("fifo"), "public"), { recursive: true })
    spawnSync("mkfifo", [path.join(into("fifo"), "public", "pipe")])
    expect(() => uploadTree(into("fifo"))).toThrow("the upload's public/pipe is no regular file")
    fs.mkdirSync(path.join(into("fine"), "public", "case-studies"), { recursive: true })
    fs.writeFileSync(path.join(into("fine"), "public", "case-studies", "index.html"), "<p>Cases</p>")
    expect(() => uploadTree(into("fine"))).not.toThrow()
  })

  it("is removed whatever it made: a tree thousands of folders deep, a folder no one may enter", () => {
    // Node's own recursive removal overflows its stack from about 1,700 folders deep.
    fs.mkdirSync(path.join(into("abyss"), ...Array(1_800).fill("d")), { recursive: true })
    fs.mkdirSync(path.join(into("locked"), "inner"), { recursive: true })
    fs.writeFileSync(path.join(into("locked"), "inner", "file"), "x")
    fs.chmodSync(path.join(into("locked"), "inner"), 0o000)
    removeTree(into("abyss"))
    removeTree(into("locked"))
    expect(fs.existsSync(into("abyss"))).toBe(false)
    expect(fs.existsSync(into("locked"))).toBe(false)
    removeTree(into("never-there"))
    // 1,800 folders made and removed: a third of a second alone, 7 s on a host at half speed with
    // other tests writing to the same disk.
  }, 30_000)
})
