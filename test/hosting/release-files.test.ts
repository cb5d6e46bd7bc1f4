/**
 * What a release receives and keeps (deploy/release/files.ts): a file a kept release holds with the
 * same bytes is linked, never copied; an upload need carry only what the live release lacks.
 */
import crypto from "node:crypto"
import fs from "node:fs"
import os from "node:os"
import path from "node:path"
import { afterEach, beforeEach, describe, expect, it } from "vitest"
import {
  applyTransfer,
  manifestOf,
  planTransfer,
  readManifest,
  uploadList,
  writeManifest,
} from "../../deploy/release/files"

let root: string
const write = (file: string, content: string) => {
  fs.mkdirSync(path.dirname(path.join(root, file)), { recursive: true })
  fs.writeFileSync(path.join(root, file), content)
}
const at = (file: string) => path.join(root, file)

beforeEach(() => {
  root = fs.mkdtempSync(path.join(os.tmpdir(), "release-files-"))
  write("live/public/index.html", "<p>Home</p>")
  write("live/public/case-studies/wine/index.html", "<p>Wine</p>")
  write("next/public/index.html", "<p>Home</p>")
  write("next/public/case-studies/wine/index.html", "<p>Wine, revised</p>")
})

afterEach(() => fs.rmSync(root, { recursive: true, force: true }))

describe("a release's files", () => {
  it("are listed with their bytes' hash and size, and the list is read back", () => {
    const manifest = manifestOf(at("next/public"))
    expect(Object.keys(manifest)).toEqual(["case-studies/wine/index.html", "index.html"])
    expect(manifest["index.html"]).toEqual({
      sha256: crypto.createHash("sha256").update("<p>Home</p>").digest("hex"),
      size: 11,
    })
    writeManifest(at("next"), manifest)
    expect(readManifest(at("next"))).toEqual(manifest)
    fs.writeFileSync(at("next/files.json"), JSON.stringify({ "../outside": { sha256: "x", size: 1 } }))
    expect(readManifest(at("next"))).toBeNull()
  })

  it("are linked from a kept release holding the same bytes, copied otherwise, each new in the release", () => {
    const live = { publicDir: at("live/public"), manifest: manifestOf(at("live/public")) }
    const manifest = manifestOf(at("next/public"))
    const transfer = planTransfer(manifest, at("next/public"), [live])
    expect(transfer.links).toEqual([["index.html", at("live/public/index.html")]])
    expect(transfer.copies).toEqual(["case-studies/wine/index.html"])
    expect(transfer).toMatchObject({ addedBytes: 20, linkedBytes: 11 })
    applyTransfer(transfer, at("next/public"), at("release/public"))
    expect(fs.statSync(at("release/public/index.html")).ino).toBe(fs.statSync(at("live/public/index.html")).ino)
    expect(fs.readFileSync(at("release/public/case-studies/wine/index.html"), "utf8")).toBe("<p>Wine, revised</p>")
    expect(fs.readFileSync(at("live/public/case-studies/wine/index.html"), "utf8")).toBe("<p>Wine</p>")
  })

  it("missing from the upload and from every kept release, stop the release before anything is written", () => {
    const manifest = manifestOf(at("next/public"))
    fs.rmSync(at("next/public/case-studies"), { recursive: true })
    const live = { publicDir: at("live/public"), manifest: manifestOf(at("live/public")) }
    expect(() => planTransfer(manifest, at("next/public"), [live])).toThrow(
      "the build to release lacks 1 file(s) that no release kept on the host has either (case-studies/wine/index.html): upload the whole artifact; nothing was released",
    )
    expect(fs.existsSync(at("release"))).toBe(false)
  })

  it("to upload are the release's own and those the live release lacks or holds otherwise; all without a live list", () => {
    const manifest = manifestOf(at("next/public"))
    const own = ["build.json", "files.json", "release.cjs"]
    expect(uploadList(manifest, manifestOf(at("live/public")), own)).toEqual([
      ...own,
      "public/case-studies/wine/index.html",
    ])
    expect(uploadList(manifest, null, own)).toEqual([
      ...own,
      "public/case-studies/wine/index.html",
      "public/index.html",
    ])
  })

  it("are read back only from a list whose every entry is a path inside, a whole hash and a whole size", () => {
    const hash = "a".repeat(64)
    const read = (manifest: unknown) => {
      fs.writeFileSync(at("next/files.json"), JSON.stringify(manifest))
      return readManifest(at("next"))
    }
    expect(read({ "index.html": { sha256: hash, size: 3 }, "a/b.js": { sha256: hash, size: 0 } })).not.toBeNull()
    for (const entry of [
      { sha256: `${hash}0`, size: 3 },
      { sha256: `x${hash}`, size: 3 },
      { sha256: hash.toUpperCase(), size: 3 },
      { sha256: hash, size: 1.5 },
      { sha256: hash },
      null,
    ])
      expect(read({ "index.html": { sha256: hash, size: 3 }, "other.html": entry }), JSON.stringify(entry)).toBeNull()
    expect(read({ "a/../../b": { sha256: hash, size: 3 } })).toBeNull()
    fs.writeFileSync(at("next/files.json"), "{")
    expect(readManifest(at("next"))).toBeNull()
    expect(readManifest(at("nowhere"))).toBeNull()
  })

  it("missing by the many are named by their first three", () => {
    const manifest = manifestOf(at("next/public"))
    const hash = "b".repeat(64)
    for (const file of ["a.js", "b.js", "c.js"]) manifest[file] = { sha256: hash, size: 1 }
    expect(() => planTransfer(manifest, at("next/public"), [])).toThrow(
      "lacks 3 file(s) that no release kept on the host has either (a.js, b.js, c.js): upload",
    )
    manifest["d.js"] = { sha256: hash, size: 1 }
    expect(() => planTransfer(manifest, at("next/public"), [])).toThrow("(a.js, b.js, c.js, ...): upload")
  })

  it("are linked from a kept release only when it still holds the file, and from the first that does", () => {
    const manifest = manifestOf(at("next/public"))
    const live = { publicDir: at("live/public"), manifest: manifestOf(at("live/public")) }
    write("old/public/index.html", "<p>Home</p>")
    const old = { publicDir: at("old/public"), manifest: manifestOf(at("old/public")) }
    expect(planTransfer(manifest, at("next/public"), [live, old]).links).toEqual([
      ["index.html", at("live/public/index.html")],
    ])
    fs.rmSync(at("live/public/index.html"))
    expect(planTransfer(manifest, at("next/public"), [live, old]).links).toEqual([
      ["index.html", at("old/public/index.html")],
    ])
    // Listed by no kept release at all: copied.
    const none = { publicDir: at("old/public"), manifest: {} }
    expect(planTransfer(manifest, at("next/public"), [none]).copies).toEqual([
      "case-studies/wine/index.html",
      "index.html",
    ])
  })
})
