/**
 * Writes the brand icon's two committed forms: src/images/icon.png, the source of every favicon and
 * app icon gatsby-plugin-manifest makes, and static/favicon.ico, served as it is at /favicon.ico for
 * the browsers and crawlers that ask for it outside any HTML page. `npx tsx scripts/make-brand-icon.ts`
 */
import fs from "node:fs"
import { brandIcon } from "../build-steps/brand-art"

/** The sizes inside favicon.ico: a tab's icon and its high-density form. */
const ICO_SIZES = [16, 32, 48]

/** An ICO file holding PNG images (supported by every browser since Windows Vista's format change). */
function icoOf(images: ReadonlyArray<{ size: number; png: Buffer }>): Buffer {
  const header = Buffer.alloc(6)
  header.writeUInt16LE(1, 2) // type: icon
  header.writeUInt16LE(images.length, 4)
  let offset = header.length + 16 * images.length
  const entries = images.map(({ size, png }) => {
    const entry = Buffer.alloc(16)
    entry.writeUInt8(size, 0)
    entry.writeUInt8(size, 1)
    entry.writeUInt16LE(1, 4) // colour planes
    entry.writeUInt16LE(32, 6) // bits per pixel
    entry.writeUInt32LE(png.length, 8)
    entry.writeUInt32LE(offset, 12)
    offset += png.length
    return entry
  })
  return Buffer.concat([header, ...entries, ...images.map(({ png }) => png)])
}

async function main() {
  fs.mkdirSync("src/images", { recursive: true })
  fs.writeFileSync("src/images/icon.png", await brandIcon(512))
  console.log("wrote src/images/icon.png")
  const images = await Promise.all(ICO_SIZES.map(async (size) => ({ size, png: await brandIcon(size) })))
  fs.mkdirSync("static", { recursive: true })
  fs.writeFileSync("static/favicon.ico", icoOf(images))
  console.log("wrote static/favicon.ico")
}

void main()
