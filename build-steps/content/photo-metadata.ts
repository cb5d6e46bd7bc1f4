/**
 * What a photo carries besides its picture, read from the metadata blocks sharp hands over (EXIF, XMP,
 * IPTC) into the site's own words: the place it was taken, the camera, the owner's name, when it was
 * taken, a thumbnail of the original. The blocks are input the site did not write: each is parsed
 * here, bounds checked, and one that cannot be read is said to be so rather than trusted. A colour
 * profile (ICC) is part of the picture and is not metadata here.
 */

/** The metadata blocks of a photo, as `sharp().metadata()` gives them. */
export interface MetadataBlocks {
  exif?: Buffer
  xmp?: Buffer
  iptc?: Buffer
}

/** What a photo carries beyond its picture: the blocks it has, and what they say, in plain words. */
export interface CarriedMetadata {
  blocks: string[]
  carries: string[]
}

const PLACE = "the place it was taken (GPS)"
const CAMERA = "the camera (make, model or serial number)"
const OWNER = "a person's name (author, owner or copyright)"
const TAKEN = "when it was taken"
const THUMBNAIL = "a thumbnail of the original"

/** EXIF tags, by number, and what each tells. */
const EXIF_TAGS = new Map<number, string>([
  [0x8825, PLACE], // GPSInfo
  [0x010f, CAMERA], // Make
  [0x0110, CAMERA], // Model
  [0xa431, CAMERA], // BodySerialNumber
  [0xa433, CAMERA], // LensMake
  [0xa434, CAMERA], // LensModel
  [0xa435, CAMERA], // LensSerialNumber
  [0x013b, OWNER], // Artist
  [0x8298, OWNER], // Copyright
  [0xa430, OWNER], // CameraOwnerName
  [0x9c9d, OWNER], // XPAuthor
  [0x9003, TAKEN], // DateTimeOriginal
  [0x9004, TAKEN], // DateTimeDigitized
])
const EXIF_IFD = 0x8769
/** How many directories deep an EXIF pointer may lead (IFD0, then EXIF; room for one more). */
const MAX_DEPTH = 2

/** What an EXIF block (TIFF, after sharp's "Exif\0\0" prefix) tells; undefined where it cannot be read. */
function exifCarries(block: Buffer): string[] | undefined {
  const tiff = block.subarray(0, 6).toString("latin1") === "Exif\0\0" ? block.subarray(6) : block
  if (tiff.length < 8) return undefined
  const order = tiff.subarray(0, 2).toString("latin1")
  if (order !== "II" && order !== "MM") return undefined
  const little = order === "II"
  const u16 = (at: number) => (little ? tiff.readUInt16LE(at) : tiff.readUInt16BE(at))
  const u32 = (at: number) => (little ? tiff.readUInt32LE(at) : tiff.readUInt32BE(at))
  if (u16(2) !== 42) return undefined
  const found = new Set<string>()
  const seen = new Set<number>()
  /**
   * The tags of the directory at `offset`, and the offset of the next (IFD0's next is the thumbnail's).
   * IFD0 leads to the EXIF directory and no further: a chain deeper than that is no camera's.
   */
  const directory = (offset: number, depth = 0): number | undefined => {
    if (depth > MAX_DEPTH || seen.has(offset) || offset + 2 > tiff.length) return undefined
    seen.add(offset)
    const count = u16(offset)
    if (offset + 2 + count * 12 + 4 > tiff.length) return undefined
    for (let entry = 0; entry < count; entry++) {
      const at = offset + 2 + entry * 12
      const tag = u16(at)
      const told = EXIF_TAGS.get(tag)
      if (told) found.add(told)
      if (tag === EXIF_IFD && directory(u32(at + 8), depth + 1) === undefined) return undefined
    }
    return u32(offset + 2 + count * 12)
  }
  const next = directory(u32(4))
  if (next === undefined) return undefined
  if (next !== 0) found.add(THUMBNAIL)
  return [...found]
}

/** XMP properties, by what each tells (an XMP packet is XML text). */
const XMP_PROPERTIES: Array<[RegExp, string]> = [
  [/exif:GPS(?:Latitude|Longitude|Altitude)|Iptc4xmpCore:Location|photoshop:City|photoshop:Country/, PLACE],
  [/tiff:(?:Make|Model)|aux:(?:SerialNumber|Lens)|exifEX:(?:BodySerialNumber|LensModel)/, CAMERA],
  [/dc:creator|dc:rights|xmpRights:Owner|photoshop:(?:AuthorsPosition|Credit)|Iptc4xmpCore:CreatorContactInfo/, OWNER],
  [/exif:DateTimeOriginal|photoshop:DateCreated|xmp:CreateDate/, TAKEN],
]

/** IPTC datasets of record 2, by number, and what each tells. */
const IPTC_DATASETS = new Map<number, string>([
  [80, OWNER], // By-line
  [116, OWNER], // Copyright Notice
  [90, PLACE], // City
  [92, PLACE], // Sub-location
  [95, PLACE], // Province/State
  [101, PLACE], // Country
  [55, TAKEN], // Date Created
])

/** What an IPTC block tells: its datasets (0x1C, record, number, length), wherever they sit in it. */
function iptcCarries(block: Buffer): string[] {
  const found = new Set<string>()
  for (let at = block.indexOf(0x1c); at >= 0 && at + 5 <= block.length; at = block.indexOf(0x1c, at + 1)) {
    const told = block[at + 1] === 2 ? IPTC_DATASETS.get(block[at + 2]) : undefined
    if (told) found.add(told)
  }
  return [...found]
}

/** What the blocks of a photo carry; empty lists when it has none. */
export function carriedMetadata({ exif, xmp, iptc }: MetadataBlocks): CarriedMetadata {
  const blocks: string[] = []
  const carries = new Set<string>()
  if (exif && exif.length > 0) {
    let told: string[] | undefined
    try {
      told = exifCarries(exif)
    } catch {
      // Whatever else goes wrong in reading bytes the site did not write: a block that cannot be read.
      told = undefined
    }
    blocks.push(told ? "EXIF" : "EXIF that cannot be read")
    for (const one of told ?? []) carries.add(one)
  }
  if (xmp && xmp.length > 0) {
    blocks.push("XMP")
    const text = xmp.toString("utf8")
    for (const [pattern, told] of XMP_PROPERTIES) if (pattern.test(text)) carries.add(told)
  }
  if (iptc && iptc.length > 0) {
    blocks.push("IPTC")
    for (const told of iptcCarries(iptc)) carries.add(told)
  }
  return { blocks, carries: [...carries] }
}
