/**
 * `npm run photos:clean FILE...`: a team photo kept as its picture alone, where the content check
 * refused it (build-steps/content/photos.ts): turned upright as the camera meant it, its colours in
 * sRGB, no larger than TEAM_PHOTO_MAX, every metadata block left behind (EXIF, XMP, IPTC: the place,
 * the camera, a name), in its own format and under its own name, replaced whole (a copy renamed over
 * it). Commit the result; the version that carried them stays in the history until it is rewritten.
 */
import fs from "node:fs"
import path from "node:path"
import sharp from "sharp"
import { carriedMetadata } from "../build-steps/content/photo-metadata"
import { TEAM_PHOTO_MAX, TEAM_PHOTO_QUALITY } from "../model/team-photo"

export interface Cleaned {
  file: string
  before: { bytes: number; blocks: string[] }
  after: { bytes: number; width: number; height: number }
}

/** Cleans the photo at `file` in place; throws, naming it, when it is not an image sharp can read. */
export async function cleanPhoto(file: string): Promise<Cleaned> {
  let input: Buffer
  let metadata: sharp.Metadata
  try {
    input = fs.readFileSync(file)
    metadata = await sharp(input).metadata()
  } catch (error) {
    const reason = error instanceof Error ? error.message.split("\n")[0] : String(error)
    throw new Error(`${file} is not an image that can be read (${reason}): export it as a JPEG and try again`)
  }
  const picture = sharp(input)
    .rotate()
    .resize({ width: TEAM_PHOTO_MAX.width, height: TEAM_PHOTO_MAX.height, fit: "inside", withoutEnlargement: true })
    .toColourspace("srgb")
  const encoded =
    metadata.format === "png"
      ? picture.png({ compressionLevel: 9 })
      : metadata.format === "webp"
        ? picture.webp({ quality: TEAM_PHOTO_QUALITY })
        : picture.jpeg({ quality: TEAM_PHOTO_QUALITY, mozjpeg: true })
  const { data, info } = await encoded.toBuffer({ resolveWithObject: true })
  const temporary = path.join(path.dirname(file), `.${path.basename(file)}.${process.pid}.tmp`)
  fs.writeFileSync(temporary, data)
  fs.renameSync(temporary, file)
  return {
    file,
    before: { bytes: input.length, blocks: carriedMetadata(metadata).blocks },
    after: { bytes: data.length, width: info.width, height: info.height },
  }
}

const kilobytes = (bytes: number) => `${Math.round(bytes / 1024)} kB`

async function main(files: string[]): Promise<number> {
  if (files.length === 0) {
    console.error("Name the photos to clean: npm run photos:clean content/images/team/name.jpg")
    return 2
  }
  let status = 0
  for (const file of files) {
    try {
      const { before, after } = await cleanPhoto(file)
      const carried = before.blocks.length > 0 ? ` with ${before.blocks.join(" and ")}` : ""
      console.log(
        `${file}: ${kilobytes(before.bytes)}${carried} -> ${kilobytes(after.bytes)}, ${after.width} x ${after.height} pixels, the picture alone`,
      )
    } catch (error) {
      console.error(error instanceof Error ? error.message : String(error))
      status = 1
    }
  }
  return status
}

if (require.main === module) {
  main(process.argv.slice(2)).then((status) => process.exit(status))
}
