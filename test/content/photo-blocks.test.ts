/**
 * The photo verdict on values (build-steps/content/photo-metadata.ts, photos.ts): metadata blocks
 * written byte by byte as cameras and editors' tools lay them out, in both byte orders, whole, cut
 * short, looping or lying about their length, and the words a refused photo is given. The files a
 * phone or an editor writes, read through sharp, are test/content/photo-metadata.test.ts's.
 */
import fs from "node:fs"
import os from "node:os"
import path from "node:path"
import sharp from "sharp"
import { afterAll, describe, expect, it } from "vitest"
import { carriedMetadata } from "../../build-steps/content/photo-metadata"
import { photoProblem, photoRefusal } from "../../build-steps/content/photos"
import { TEAM_PHOTO_MAX, TEAM_PHOTO_MIN } from "../../model/team-photo"

const PLACE = "the place it was taken (GPS)"
const CAMERA = "the camera (make, model or serial number)"
const OWNER = "a person's name (author, owner or copyright)"
const TAKEN = "when it was taken"
const THUMBNAIL = "a thumbnail of the original"
const EXIF_IFD = 0x8769

interface Directory {
  tags: number[]
  /** The directory the EXIF pointer leads to, placed after this one. */
  exif?: Directory
  /** Where the next directory is (IFD0's next is the thumbnail's); 0: none. */
  next?: number
}

/** A TIFF as an EXIF block holds it: the header, then each directory, its entries 12 bytes each. */
function tiff({ tags, exif, next = 0 }: Directory, order: "II" | "MM" = "II", prefix = true): Buffer {
  const bytes: number[] = []
  const u16 = (value: number) => (order === "II" ? [value & 0xff, value >> 8] : [value >> 8, value & 0xff])
  const u32 = (value: number) => {
    const big = [value >>> 24, (value >>> 16) & 0xff, (value >>> 8) & 0xff, value & 0xff]
    return order === "II" ? big.reverse() : big
  }
  const size = (directory: Directory) => 2 + (directory.tags.length + (directory.exif ? 1 : 0)) * 12 + 4
  const write = (directory: Directory, at: number, nextOffset: number) => {
    const entries = [...directory.tags.map((tag) => [tag, 0]), ...(directory.exif ? [[EXIF_IFD, at + size(directory)]] : [])]
    bytes.push(...u16(entries.length))
    for (const [tag, value] of entries) bytes.push(...u16(tag), ...u16(2), ...u32(1), ...u32(value))
    bytes.push(...u32(nextOffset))
    if (directory.exif) write(directory.exif, at + size(directory), 0)
  }
  bytes.push(...[...order].map((character) => character.charCodeAt(0)), ...u16(42), ...u32(8))
  write({ tags, exif }, 8, next)
  const block = Buffer.from(bytes)
  return prefix ? Buffer.concat([Buffer.from("Exif\0\0", "latin1"), block]) : block
}

const exifSays = (block: Buffer) => carriedMetadata({ exif: block })
const unreadable = { blocks: ["EXIF that cannot be read"], carries: [] }

describe("an EXIF block", () => {
  it("names what each tag tells, in either byte order, with or without sharp's prefix", () => {
    const told: Array<[number, string]> = [
      [0x8825, PLACE],
      [0x010f, CAMERA],
      [0x0110, CAMERA],
      [0xa431, CAMERA],
      [0xa433, CAMERA],
      [0xa434, CAMERA],
      [0xa435, CAMERA],
      [0x013b, OWNER],
      [0x8298, OWNER],
      [0xa430, OWNER],
      [0x9c9d, OWNER],
      [0x9003, TAKEN],
      [0x9004, TAKEN],
    ]
    for (const [tag, words] of told) {
      for (const order of ["II", "MM"] as const) {
        expect(exifSays(tiff({ tags: [tag] }, order)), `tag ${tag.toString(16)} in ${order}`).toEqual({
          blocks: ["EXIF"],
          carries: [words],
        })
      }
    }
    expect(exifSays(tiff({ tags: [0x0112, 0x8825] }, "MM", false))).toEqual({ blocks: ["EXIF"], carries: [PLACE] })
    // Orientation alone tells nothing of the person or the place.
    expect(exifSays(tiff({ tags: [0x0112] }))).toEqual({ blocks: ["EXIF"], carries: [] })
  })

  it("reads the EXIF directory IFD0 points to, and a thumbnail after IFD0", () => {
    expect(exifSays(tiff({ tags: [0x0112], exif: { tags: [0x9003, 0xa430] } }, "MM")).carries).toEqual([TAKEN, OWNER])
    // The next directory's offset is read as one, never as a tag (0x8825 would be the GPS tag).
    expect(exifSays(tiff({ tags: [0x0112], next: 0x8825 })).carries).toEqual([THUMBNAIL])
  })

  it("is said to be unreadable when it is short, of no byte order, no TIFF, cut short, or loops", () => {
    expect(exifSays(Buffer.from("Exif\0\0II*\0", "latin1"))).toEqual(unreadable)
    const block = tiff({ tags: [0x8825, 0x010f] })
    // Big-endian throughout, but of no byte order TIFF knows.
    const bigEndian = tiff({ tags: [0x8825] }, "MM")
    expect(exifSays(Buffer.concat([Buffer.from("Exif\0\0XX"), bigEndian.subarray(8)]))).toEqual(unreadable)
    const notTiff = Buffer.from(block)
    notTiff.writeUInt16LE(43, 8)
    expect(exifSays(notTiff)).toEqual(unreadable)
    for (const cut of [1, 2, 4, 5, 8]) expect(exifSays(block.subarray(0, block.length - cut)), `cut by ${cut}`).toEqual(unreadable)
    // A directory claiming more entries than the block holds.
    const claims = Buffer.from(block)
    claims.writeUInt16LE(3, 6 + 8)
    expect(exifSays(claims)).toEqual(unreadable)
    // An EXIF pointer past the end, and one leading back to IFD0.
    const nested = tiff({ tags: [], exif: { tags: [0x9003] } })
    const past = Buffer.from(nested)
    past.writeUInt32LE(past.length - 6 + 1, 6 + 8 + 2 + 8)
    expect(exifSays(past)).toEqual(unreadable)
    // A chain of EXIF pointers deeper than a camera writes, ending in a place: unreadable, never "nothing".
    let deep: Directory = { tags: [0x8825] }
    for (let level = 0; level < 3; level += 1) deep = { tags: [], exif: deep }
    expect(exifSays(tiff({ tags: [], exif: { tags: [0x9003] } }))).toEqual({ blocks: ["EXIF"], carries: [TAKEN] })
    expect(exifSays(tiff({ tags: [], exif: { tags: [], exif: { tags: [0x8825] } } })).carries).toEqual([PLACE])
    expect(exifSays(tiff(deep))).toEqual(unreadable)
    // Twelve thousand deep, past what a recursive reading's stack holds: still unreadable, never "nothing".
    const chain = Buffer.alloc(6 + 8 + 12_001 * 18)
    chain.write("Exif\0\0II", 0, "latin1")
    chain.writeUInt16LE(42, 8)
    chain.writeUInt32LE(8, 10)
    for (let level = 0; level <= 12_000; level += 1) {
      const at = 8 + level * 18
      chain.writeUInt16LE(1, 6 + at)
      chain.writeUInt16LE(level === 12_000 ? 0x8825 : EXIF_IFD, 6 + at + 2)
      chain.writeUInt32LE(level === 12_000 ? 0 : at + 18, 6 + at + 10)
    }
    expect(exifSays(chain)).toEqual(unreadable)
    const loop = Buffer.from(nested)
    loop.writeUInt32LE(8, 6 + 8 + 2 + 8)
    expect(exifSays(loop)).toEqual(unreadable)
  })
})

describe("XMP and IPTC blocks", () => {
  it("name what each property or dataset tells; empty blocks are none", () => {
    const xmp = (property: string) => carriedMetadata({ xmp: Buffer.from(`<x:xmpmeta><${property}>x</${property}></x:xmpmeta>`) })
    for (const [property, words] of [
      ["exif:GPSLatitude", PLACE],
      ["photoshop:City", PLACE],
      ["tiff:Model", CAMERA],
      ["aux:SerialNumber", CAMERA],
      ["dc:creator", OWNER],
      ["xmpRights:Owner", OWNER],
      ["exif:DateTimeOriginal", TAKEN],
      ["xmp:CreateDate", TAKEN],
    ]) {
      expect(xmp(property!), property).toEqual({ blocks: ["XMP"], carries: [words] })
    }
    expect(xmp("xmp:Rating")).toEqual({ blocks: ["XMP"], carries: [] })
    const dataset = (record: number, number: number) => [0x1c, record, number, 0, 1, 0x41]
    for (const [number, words] of [
      [80, OWNER],
      [116, OWNER],
      [90, PLACE],
      [92, PLACE],
      [95, PLACE],
      [101, PLACE],
      [55, TAKEN],
    ] as const) {
      expect(carriedMetadata({ iptc: Buffer.from([0x38, ...dataset(2, number)]) }), `dataset ${number}`).toEqual({
        blocks: ["IPTC"],
        carries: [words],
      })
    }
    // Record 1 (the envelope) tells nothing of the photo; a dataset cut before its length is not read.
    expect(carriedMetadata({ iptc: Buffer.from([...dataset(1, 80), 0x1c, 2, 90, 0]) })).toEqual({
      blocks: ["IPTC"],
      carries: [],
    })
    expect(carriedMetadata({ iptc: Buffer.from([0x1c, 2, 90, 0, 0]) }).carries).toEqual([PLACE])
    const empty = Buffer.alloc(0)
    expect(carriedMetadata({ exif: empty, xmp: empty, iptc: empty })).toEqual({ blocks: [], carries: [] })
    expect(carriedMetadata({})).toEqual({ blocks: [], carries: [] })
  })
})

describe("a team photo's verdict", () => {
  it("is refused in words for what it carries, or for its bytes past the bound, and kept at the bound", () => {
    expect(photoRefusal(1_000, { blocks: ["EXIF", "XMP"], carries: [PLACE, OWNER] }, "content/images/team/a.jpg")).toBe(
      `carries EXIF and XMP besides its picture: ${PLACE}, ${OWNER}; npm run photos:clean content/images/team/a.jpg keeps the picture alone`,
    )
    expect(photoRefusal(1_000, { blocks: ["XMP"], carries: [] }, "a.jpg")).toBe(
      "carries XMP besides its picture; npm run photos:clean a.jpg keeps the picture alone",
    )
    expect(photoRefusal(TEAM_PHOTO_MAX.bytes, { blocks: [], carries: [] }, "a.jpg")).toBeUndefined()
    expect(photoRefusal(TEAM_PHOTO_MAX.bytes + 1, { blocks: [], carries: [] }, "a.jpg")).toBe(
      "is 2.0 MB; a team photo may take 2.0 MB at most; npm run photos:clean a.jpg makes it 1440 x 1800 pixels at most",
    )
  })

  const folder = fs.mkdtempSync(path.join(os.tmpdir(), "aurelle-photo-bounds-"))
  afterAll(() => fs.rmSync(folder, { recursive: true, force: true }))
  const photo = async (name: string, width: number, height: number) => {
    const file = path.join(folder, name)
    await sharp({ create: { width, height, channels: 3, background: "#b8a27a" } }).jpeg().toFile(file)
    return file
  }

  it("keeps a portrait of the card's least size, and names one a pixel short either way; read once per version", async () => {
    const { width, height } = TEAM_PHOTO_MIN
    const least = await photo("least.jpg", width, height)
    expect(await photoProblem(least)).toBeUndefined()
    expect(photoProblem(least)).toBe(photoProblem(least))
    expect(await photoProblem(await photo("narrow.jpg", width - 1, height))).toBe(
      `is ${width - 1} x ${height} pixels; a portrait needs at least ${width} x ${height}`,
    )
    expect(await photoProblem(await photo("short.jpg", width, height - 1))).toBe(
      `is ${width} x ${height - 1} pixels; a portrait needs at least ${width} x ${height}`,
    )
    const text = path.join(folder, "notes.jpg")
    fs.writeFileSync(text, "not a photo")
    expect(await photoProblem(text)).toMatch(/^is not an image that can be read \(.{12,}\)$/)
  })
})
