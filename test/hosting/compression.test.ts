/**
 * The precompressed copies nginx sends (build-steps/post-build/compression.ts): written beside each text file
 * worth compressing, decoding to it exactly, and never left behind a file that changed or went away.
 */
import fs from "node:fs"
import os from "node:os"
import path from "node:path"
import zlib from "node:zlib"
import { afterEach, beforeEach, describe, expect, it } from "vitest"
import { precompress } from "../../build-steps/post-build/compression"
import { COMPRESSIBLE_EXTENSIONS, MIN_COMPRESSED_LENGTH } from "../../contracts/hosting"
import { FileMemo } from "../../build-steps/post-build/file-memo"

let site: string
const at = (file: string) => path.join(site, file)
const write = (file: string, content: string | Buffer) => {
  fs.mkdirSync(path.dirname(at(file)), { recursive: true })
  fs.writeFileSync(at(file), content)
}
const text = (label: string) => `<p>${label}: the house's markets, read every morning.</p>\n`.repeat(40)

beforeEach(() => {
  site = fs.mkdtempSync(path.join(os.tmpdir(), "precompress-"))
})

afterEach(() => {
  fs.rmSync(site, { recursive: true, force: true })
})

describe("precompress", () => {
  it("writes a brotli and a gzip copy beside every text file, each decoding to the file", async () => {
    write("index.html", text("home"))
    write("page-data/index/page-data.json", JSON.stringify({ text: text("data") }))
    write("app-1a2b.js", `console.log(${JSON.stringify(text("script"))})`)
    const result = await precompress(site)
    expect(result.files).toBe(3)
    for (const file of ["index.html", "page-data/index/page-data.json", "app-1a2b.js"]) {
      const original = fs.readFileSync(at(file))
      expect(zlib.brotliDecompressSync(fs.readFileSync(at(`${file}.br`))).equals(original), file).toBe(true)
      expect(zlib.gunzipSync(fs.readFileSync(at(`${file}.gz`))).equals(original), file).toBe(true)
      // Last-Modified (whole seconds) is the same whichever is sent.
      const seconds = (name: string) => Math.floor(fs.statSync(at(name)).mtimeMs / 1000)
      expect(seconds(`${file}.br`), file).toBe(seconds(file))
    }
    expect(result.brotli).toBeLessThan(result.bytes / 5)
  })

  it("compresses the site's code at brotli's highest quality, pages and their data at 10, gzip at its highest level", async () => {
    const content = text("levels")
    write("index.html", content)
    write("page-data/index/page-data.json", content)
    write("app-1a2b.js", content)
    await precompress(site)
    const brotli = (quality: number) =>
      zlib.brotliCompressSync(content, {
        params: {
          [zlib.constants.BROTLI_PARAM_QUALITY]: quality,
          [zlib.constants.BROTLI_PARAM_MODE]: zlib.constants.BROTLI_MODE_TEXT,
          [zlib.constants.BROTLI_PARAM_SIZE_HINT]: Buffer.byteLength(content),
        },
      })
    expect(fs.readFileSync(at("app-1a2b.js.br")).equals(brotli(11))).toBe(true)
    expect(fs.readFileSync(at("index.html.br")).equals(brotli(10))).toBe(true)
    expect(fs.readFileSync(at("page-data/index/page-data.json.br")).equals(brotli(10))).toBe(true)
    expect(fs.readFileSync(at("index.html.gz")).equals(zlib.gzipSync(content, { level: 9 }))).toBe(true)
  })

  it("leaves alone what is not text, what is too small to gain, and copies it did not write", async () => {
    write("static/portrait.webp", Buffer.alloc(4000, 7))
    write("static/face.woff2", Buffer.alloc(4000, 7))
    write("robots.txt", "User-agent: *\n".slice(0, MIN_COMPRESSED_LENGTH - 1))
    write("downloads/archive.tar.gz", zlib.gzipSync(text("archive")))
    await precompress(site)
    const files = fs.readdirSync(site, { recursive: true, encoding: "utf8" }).sort()
    expect(files).toEqual(
      [
        "downloads",
        "downloads/archive.tar.gz",
        "robots.txt",
        "static",
        "static/face.woff2",
        "static/portrait.webp",
      ].map((file) => file.split("/").join(path.sep)),
    )
  })

  it("removes copies whose file changed out of need or went away, and renews the rest", async () => {
    write("index.html", text("first"))
    write("old-3c4d.js", `console.log(${JSON.stringify(text("old"))})`)
    await precompress(site)
    fs.rmSync(at("old-3c4d.js"))
    write("index.html", text("second"))
    await precompress(site)
    expect(fs.existsSync(at("old-3c4d.js.br"))).toBe(false)
    expect(fs.existsSync(at("old-3c4d.js.gz"))).toBe(false)
    expect(zlib.brotliDecompressSync(fs.readFileSync(at("index.html.br"))).toString()).toBe(text("second"))
    write("index.html", "<p>Short.</p>")
    await precompress(site)
    expect(fs.existsSync(at("index.html.br"))).toBe(false)
  })

  it("with a memo, compresses only the files that changed since, and leaves what a run without it leaves", async () => {
    const memoAt = path.join(site, "..", `${path.basename(site)}-memo.json`)
    const memo = () => new FileMemo(memoAt, "v1")
    write("index.html", text("home"))
    write("about/index.html", text("about"))
    write("old-3c4d.js", `console.log(${JSON.stringify(text("old"))})`)
    expect((await precompress(site, memo())).compressed).toBe(3)
    write("about/index.html", text("about, revised"))
    fs.rmSync(at("old-3c4d.js"))
    fs.rmSync(at("index.html.gz"))
    const second = await precompress(site, memo())
    // The page that changed, and the one whose copy went missing; the script gone takes its copies.
    expect(second.compressed).toBe(2)
    const copies = () =>
      Object.fromEntries(
        fs
          .readdirSync(site, { recursive: true, withFileTypes: true })
          .filter((entry) => entry.isFile())
          .map((entry) => [
            path.relative(site, path.join(entry.parentPath, entry.name)),
            fs.readFileSync(path.join(entry.parentPath, entry.name)).toString("hex"),
          ]),
      )
    const incremental = copies()
    for (const file of Object.keys(incremental)) if (/\.(br|gz)$/.test(file)) fs.rmSync(at(file))
    await precompress(site)
    expect(copies()).toEqual(incremental)
    // Another version of the step (its code, Node's compressors) forgets every file.
    expect((await precompress(site, new FileMemo(memoAt, "v2"))).compressed).toBe(2)
    fs.rmSync(memoAt)
  })

  it("covers the types nginx compresses, by the extensions nginx maps to them", () => {
    const mimeTypes = fs.existsSync("/etc/nginx/mime.types") ? fs.readFileSync("/etc/nginx/mime.types", "utf8") : ""
    // The two nginx lacks are declared by the generated configuration (deploy/release/nginx-config.ts).
    const declared: Record<string, string> = { webmanifest: "application/manifest+json", yml: "text/yaml" }
    for (const [extension, type] of Object.entries(COMPRESSIBLE_EXTENSIONS)) {
      if (declared[extension]) {
        expect(type, extension).toBe(declared[extension])
      } else if (mimeTypes) {
        expect(mimeTypes, extension).toMatch(
          new RegExp(`\\n\\s*${type.replace(/[+/.]/g, "\\$&")}\\s[^;]*\\b${extension}\\b`),
        )
      }
    }
  })
})
