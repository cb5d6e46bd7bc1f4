/**
 * Gives a TrueType font a character it lacks by pointing it at the glyph of one it has: here the
 * narrow no-break space (U+202F), which French sets inside « » and before ; ! ? and %, drawn with the
 * font's own thin space (U+2009), as most type families do. @fontsource's latin files have the thin
 * space but not U+202F. Only the character map (`cmap`) changes: the glyphs, their metrics and the
 * layout tables are the font's own. The font is then subset and compressed as usual (subset-face.ts).
 */
import opentype from "opentype.js"

const TAG_LENGTH = 4

function checksum(bytes: Uint8Array): number {
  const padded = new Uint8Array(Math.ceil(bytes.length / 4) * 4)
  padded.set(bytes)
  const view = new DataView(padded.buffer)
  let sum = 0
  for (let offset = 0; offset < padded.length; offset += 4) sum = (sum + view.getUint32(offset)) >>> 0
  return sum
}

/** A `cmap` table with one format 4 subtable (the Basic Multilingual Plane), for Unicode and Windows. */
function cmapTable(mapping: ReadonlyMap<number, number>): Uint8Array {
  const codes = [...mapping.keys()].filter((code) => code <= 0xfffe).sort((a, b) => a - b)
  // Runs of consecutive characters whose glyphs are consecutive too: one segment each, by idDelta.
  const segments: Array<{ start: number; end: number; delta: number }> = []
  for (const code of codes) {
    const delta = (mapping.get(code)! - code) & 0xffff
    const last = segments[segments.length - 1]
    if (last && last.end === code - 1 && last.delta === delta) last.end = code
    else segments.push({ start: code, end: code, delta })
  }
  segments.push({ start: 0xffff, end: 0xffff, delta: 1 })
  const count = segments.length
  const subtableLength = 16 + count * 8
  const bytes = new Uint8Array(4 + 2 * 8 + subtableLength)
  const view = new DataView(bytes.buffer)
  view.setUint16(0, 0) // version
  view.setUint16(2, 2) // encoding records
  const subtableOffset = 4 + 2 * 8
  ;[
    [0, 3],
    [3, 1],
  ].forEach(([platform, encoding], index) => {
    view.setUint16(4 + index * 8, platform)
    view.setUint16(6 + index * 8, encoding)
    view.setUint32(8 + index * 8, subtableOffset)
  })
  let at = subtableOffset
  const write16 = (value: number) => {
    view.setUint16(at, value & 0xffff)
    at += 2
  }
  const searchRange = 2 * 2 ** Math.floor(Math.log2(count))
  write16(4) // format
  write16(subtableLength)
  write16(0) // language
  write16(count * 2)
  write16(searchRange)
  write16(Math.log2(searchRange / 2))
  write16(count * 2 - searchRange)
  for (const { end } of segments) write16(end)
  write16(0) // reserved pad
  for (const { start } of segments) write16(start)
  for (const { delta } of segments) write16(delta)
  for (let index = 0; index < count; index += 1) write16(0) // idRangeOffset: none, idDelta alone
  return bytes
}

/** The font with `alias` mapped to the glyph of `existing`; unchanged if it already has `alias`. */
export function withCodePointAlias(font: Uint8Array, alias: number, existing: number): Uint8Array {
  const parsed = opentype.parse(font.buffer.slice(font.byteOffset, font.byteOffset + font.byteLength))
  const glyphs = (parsed.tables.cmap as unknown as { glyphIndexMap: Record<string, number> }).glyphIndexMap
  if (glyphs[alias] !== undefined) return font
  if (glyphs[existing] === undefined) {
    throw new Error(
      `The font has no U+${existing.toString(16).toUpperCase()} to draw U+${alias.toString(16).toUpperCase()} with`,
    )
  }
  const mapping = new Map(Object.entries(glyphs).map(([code, glyph]) => [Number(code), glyph]))
  mapping.set(alias, glyphs[existing])

  // The sfnt's tables, the cmap replaced; written back in tag order, each on a 4-byte boundary.
  const view = new DataView(font.buffer, font.byteOffset, font.byteLength)
  const tableCount = view.getUint16(4)
  const tables = Array.from({ length: tableCount }, (_, index) => {
    const record = 12 + index * 16
    const tag = String.fromCharCode(...font.subarray(record, record + TAG_LENGTH))
    const offset = view.getUint32(record + 8)
    const length = view.getUint32(record + 12)
    return { tag, data: tag === "cmap" ? cmapTable(mapping) : font.slice(offset, offset + length) }
  }).sort((a, b) => (a.tag < b.tag ? -1 : 1))
  const headerLength = 12 + tableCount * 16
  const total = tables.reduce((sum, table) => sum + Math.ceil(table.data.length / 4) * 4, headerLength)
  const out = new Uint8Array(total)
  const outView = new DataView(out.buffer)
  out.set(font.subarray(0, 12))
  let offset = headerLength
  let headOffset = -1
  tables.forEach(({ tag, data }, index) => {
    const record = 12 + index * 16
    for (let char = 0; char < TAG_LENGTH; char += 1) out[record + char] = tag.charCodeAt(char)
    if (tag === "head") {
      headOffset = offset
      new DataView(data.buffer, data.byteOffset, data.byteLength).setUint32(8, 0) // checkSumAdjustment, set below
    }
    outView.setUint32(record + 4, checksum(data))
    outView.setUint32(record + 8, offset)
    outView.setUint32(record + 12, data.length)
    out.set(data, offset)
    offset += Math.ceil(data.length / 4) * 4
  })
  if (headOffset >= 0) outView.setUint32(headOffset + 8, (0xb1b0afba - checksum(out)) >>> 0)
  return out
}
