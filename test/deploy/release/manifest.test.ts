/**
 * What a release or a preview receives and keeps (deploy/release/root/manifest.ts, place.ts): a file
 * a kept release holds with the same bytes is linked, never copied; an upload need carry only what
 * the live release lacks; and what an upload says of itself is input: its paths taken in one
 * spelling inside public/, its files measured, its bytes hashed, nothing written into a release's file.
 */
import crypto from "node:crypto"
import fs from "node:fs"
import os from "node:os"
import path from "node:path"
import { afterEach, beforeEach, describe, expect, it } from "vitest"
import {
  type Manifest,
  manifestOf,
  planTransfer,
  readManifest,
  readManifestIfAny,
  uploadList,
  writeManifest,
} from "../../../deploy/release/root/manifest"
import { placeFolder } from "../../../deploy/release/root/place"
import { MANIFEST_RECORD, parseRecord } from "../../../deploy/release/root/records"
import { previewFiles } from "../../../deploy/release/previews"
import { contentHash } from "../../../lib/files"

let root: string
const write = (file: string, content: string) => {
  fs.mkdirSync(path.dirname(path.join(root, file)), { recursive: true })
  fs.writeFileSync(path.join(root, file), content)
}
const at = (file: string) => path.join(root, file)

/** The build in next/ placed as a release's folder, release/, as root/place.ts places one. */
const place = (manifest: Manifest, transfer: ReturnType<typeof planTransfer>) =>
  placeFolder({
    root,
    partial: at("release.partial"),
    final: at("release"),
    filesIn: "public",
    sourcePublic: at("next/public"),
    manifest,
    transfer,
  })

/** Every file of a folder with the hash of its bytes: what a release serves, compared before and after. */
const hashes = (dir: string) =>
  Object.fromEntries(Object.entries(manifestOf(dir)).map(([file, { sha256 }]) => [file, sha256]))

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
    fs.writeFileSync(at("next/files.json"), JSON.stringify({ "../outside": { sha256: "a".repeat(64), size: 1 } }))
    expect(() => readManifest(at("next"))).toThrow(
      `${at("next/files.json")} is not a list of a build's files (npm run artifact's files.json) ("../outside" climbs out of its folder (..)): pack the build again with npm run artifact; nothing was changed`,
    )
  })

  it("are linked from a kept release holding the same bytes, copied otherwise, each new in the release", () => {
    const live = { publicDir: at("live/public"), manifest: manifestOf(at("live/public")) }
    const manifest = manifestOf(at("next/public"))
    const transfer = planTransfer(manifest, at("next/public"), [live])
    expect(transfer.links).toEqual([["index.html", at("live/public/index.html")]])
    expect(transfer.copies).toEqual(["case-studies/wine/index.html"])
    expect(transfer).toMatchObject({ addedBytes: 20, linkedBytes: 11 })
    place(manifest, transfer)
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
      try {
        return readManifest(at("next"))
      } catch {
        return null
      }
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
    expect(() => readManifest(at("next"))).toThrow(/is not a list of a build's files .*\(not JSON/)
    expect(() => readManifest(at("nowhere"))).toThrow("(it is missing)")
    expect(readManifestIfAny(at("nowhere"))).toBeNull()
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

describe("an upload's manifest and files, as input", () => {
  const hash = contentHash("<p>Home</p>")
  const entry = { sha256: hash, size: 11 }
  const parse = (manifest: unknown) => parseRecord(MANIFEST_RECORD, JSON.stringify(manifest), "the upload's files.json")

  it("takes each path in one spelling inside public/, and refuses one that leaves it, or names a file twice", () => {
    expect(Object.keys(parse({ "./index.html": entry, "case-studies//wine/./index.html": entry }))).toEqual([
      "index.html",
      "case-studies/wine/index.html",
    ])
    for (const [manifest, why] of [
      [{ "index.html": entry, "./index.html": entry }, '"./index.html" names "index.html" a second time'],
      [{ "a/../index.html": entry }, '"a/../index.html" climbs out of its folder (..)'],
      [{ "/etc/passwd": entry }, `"/etc/passwd" starts at the file system's root, not inside public/`],
      [{ "a\\..\\index.html": entry }, "holds a backslash"],
      [{ "index.html\u0000.js": entry }, "holds a control character"],
      [{ "static/": entry }, "names a folder, not a file"],
      [{ "./": entry }, "names a folder, not a file"],
      [{ ".": entry }, "names no file"],
      [{ [`${"a".repeat(600)}.js`]: entry }, "is longer than 512 characters"],
      [{ [`${"d/".repeat(25)}x.js`]: entry }, "is deeper than 24 folders"],
    ] as const)
      expect(() => parse(manifest), why).toThrow(why)
  })

  it("leaves the admin out of a preview however its path is spelt", () => {
    const manifest = parse({ "./admin/index.html": entry, "admin//cms.js": entry, "index.html": entry })
    expect(Object.keys(previewFiles(manifest))).toEqual(["index.html"])
  })

  it("is measured, not believed: a size that lies, a symbolic link, a hard link, a file it does not list, bytes that differ", () => {
    const live = { publicDir: at("live/public"), manifest: manifestOf(at("live/public")) }
    const manifest = manifestOf(at("next/public"))
    const plan = () => planTransfer(manifest, at("next/public"), [live])
    // 50 kB declared as nothing: the room a preview or a release is held to counts what is there.
    write("next/public/big.js", "x".repeat(50_000))
    manifest["big.js"] = { sha256: contentHash("x".repeat(50_000)), size: 0 }
    expect(plan).toThrow("public/big.js is 50000 bytes, and files.json says 0: the upload is damaged")
    manifest["big.js"].size = 50_000
    expect(plan().addedBytes).toBe(50_000 + 20)
    fs.symlinkSync(at("live/public/index.html"), at("next/public/link.html"))
    manifest["link.html"] = manifest["index.html"]
    expect(plan).toThrow("public/link.html is a symbolic link: an upload holds files alone")
    fs.rmSync(at("next/public/link.html"))
    fs.symlinkSync(at("live/public"), at("next/public/folder"))
    expect(plan).toThrow("public/folder is a symbolic link")
    fs.rmSync(at("next/public/folder"))
    delete manifest["link.html"]
    fs.linkSync(at("next/public/index.html"), at("next/public/twin.html"))
    expect(plan).toThrow(/public\/(index|twin)\.html is a hard link/)
    fs.rmSync(at("next/public/twin.html"))
    write("next/public/extra.js", "1")
    expect(plan).toThrow("the upload holds 1 file(s) its files.json does not list (public/extra.js)")
    fs.rmSync(at("next/public/extra.js"))
    // The same size, other bytes: found as the copy is made, and nothing is left.
    write("next/public/big.js", "y".repeat(50_000))
    const before = hashes(at("live/public"))
    expect(() => place(manifest, plan())).toThrow("big.js does not hold the bytes files.json lists for it")
    expect(fs.existsSync(at("release"))).toBe(false)
    expect(fs.existsSync(at("release.partial"))).toBe(false)
    expect(hashes(at("live/public"))).toEqual(before)
  })

  it("never writes into a file a release holds: a copy is a new file, the linked one keeps its bytes", () => {
    const live = { publicDir: at("live/public"), manifest: manifestOf(at("live/public")) }
    const before = hashes(at("live/public"))
    const manifest = manifestOf(at("next/public"))
    place(manifest, planTransfer(manifest, at("next/public"), [live]))
    const linked = fs.statSync(at("release/public/index.html"))
    const copied = fs.statSync(at("release/public/case-studies/wine/index.html"))
    expect(linked.ino).toBe(fs.statSync(at("live/public/index.html")).ino)
    expect(copied.ino).not.toBe(fs.statSync(at("live/public/case-studies/wine/index.html")).ino)
    expect(copied.mode & 0o777).toBe(0o644)
    expect(hashes(at("live/public"))).toEqual(before)
  })
})
