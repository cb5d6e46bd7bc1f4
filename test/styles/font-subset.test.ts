import fs from "node:fs"
import path from "node:path"
import { describe, expect, it } from "vitest"
import { FONT_SOURCES, subsetFace } from "../../scripts/lib/subset-face"
import { TEXT_RANGES, inRanges, unicodeRange } from "../../src/styles/font-subset"
import opentype from "opentype.js"
import subsetFont from "subset-font"

const ROOT = path.resolve(__dirname, "../..")

/** Every string in a JSON document, however deep. */
function strings(value: unknown): string[] {
  if (typeof value === "string") return [value]
  if (Array.isArray(value)) return value.flatMap(strings)
  if (value && typeof value === "object") return Object.values(value).flatMap(strings)
  return []
}

function jsonFiles(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const file = path.join(dir, entry.name)
    if (entry.isDirectory()) return jsonFiles(file)
    return entry.name.endsWith(".json") ? [file] : []
  })
}

describe("the self-hosted faces", () => {
  it.each(FONT_SOURCES)("src/fonts/ holds %s exactly as `npm run fonts` subsets it", async (source) => {
    const committed = fs.readFileSync(path.join(ROOT, "src/fonts", path.basename(source)))
    const fresh = await subsetFace(source, fs.readFileSync(path.join(ROOT, "node_modules", source)))
    expect(committed.equals(fresh), "run `npm run fonts` and commit src/fonts/").toBe(true)
    // Under ten TCP segments (14,600 bytes with the response headers): one round trip on a new connection.
    expect(committed.length).toBeLessThan(14_000)
  })

  it("cover every character the content uses, so no word falls back to another face", () => {
    const outside = new Map<string, string>()
    for (const file of jsonFiles(path.join(ROOT, "content"))) {
      for (const text of strings(JSON.parse(fs.readFileSync(file, "utf8")))) {
        // Spaces count too: the no-break spaces of French typography are characters of the faces.
        for (const character of text.replace(/[ \n\t]/g, "")) {
          if (!inRanges(TEXT_RANGES, character)) outside.set(character, path.relative(ROOT, file))
        }
      }
    }
    expect(Object.fromEntries(outside)).toEqual({})
  })

  it.each(FONT_SOURCES)("%s draws every character French needs, its narrow no-break space included", async (source) => {
    const face = fs.readFileSync(path.join(ROOT, "src/fonts", path.basename(source)))
    // Ÿ (U+0178) is in @fontsource's latin-ext files only; the build warns if content ever uses it.
    const french = "œŒ«»’àâçéèêëîïôûùüÿÀÂÇÉÈÊËÎÏÔÛÙÜ\u00a0\u202f"
    const truetype = await subsetFont(face, french, { targetFormat: "truetype" })
    const font = opentype.parse(truetype.buffer.slice(truetype.byteOffset, truetype.byteOffset + truetype.byteLength))
    const missing = [...french].filter((character) => font.charToGlyphIndex(character) === 0)
    expect(missing.map((character) => `U+${character.codePointAt(0)!.toString(16).toUpperCase()}`)).toEqual([])
    // Narrower than a word space, as French typography sets it before ; ! ? and inside « ».
    const advance = (character: string) => font.charToGlyph(character).advanceWidth ?? 0
    expect(advance("\u202f")).toBeGreaterThan(0)
    expect(advance("\u202f")).toBeLessThan(advance(" "))
  })

  it("declare their characters as a CSS unicode-range", () => {
    expect(
      unicodeRange([
        [0x0020, 0x007e],
        [0x00a9, 0x00a9],
        [0x00c0, 0x00ff],
      ]),
    ).toBe("U+0020-007E, U+00A9, U+00C0-00FF")
  })
})
