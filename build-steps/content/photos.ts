/**
 * Whether a team photo can be shown, and whether it may be kept at all. Uploaded files are not
 * trusted to be what their names say: a file that sharp cannot decode (wrong format, corrupt or
 * cut-short bytes) or one too small for the card would either stop the build inside the image
 * pipeline or show blurred. Such a photo is left out: the build warns (validate.ts), the GraphQL
 * field resolves to nothing (gatsby-node.ts) and the card shows the person icon, as it does for a
 * missing file. A photo that carries more than its picture (the place it was taken, the camera, a
 * name: photo-metadata.ts) or more bytes than the card needs is refused: it would stay in the
 * repository and every clone of it. `npm run photos:clean FILE` (scripts/photos-clean.ts) keeps the
 * picture alone.
 */
import fs from "node:fs"
import sharp from "sharp"
import { TEAM_PHOTO_MAX, TEAM_PHOTO_MIN } from "../../model/team-photo"
import { type CarriedMetadata, carriedMetadata } from "./photo-metadata"

const megabytes = (bytes: number) => `${(bytes / (1024 * 1024)).toFixed(1)} MB`

/**
 * Why a photo of `bytes` bytes carrying `carried` may not be kept, or undefined when it may; `file` is
 * how the command to clean it names it.
 */
export function photoRefusal(bytes: number, carried: CarriedMetadata, file: string): string | undefined {
  const clean = `npm run photos:clean ${file}`
  if (carried.blocks.length > 0) {
    const what = carried.carries.length > 0 ? `: ${carried.carries.join(", ")}` : ""
    return `carries ${carried.blocks.join(" and ")} besides its picture${what}; ${clean} keeps the picture alone`
  }
  if (bytes > TEAM_PHOTO_MAX.bytes) {
    return `is ${megabytes(bytes)}; a team photo may take ${megabytes(TEAM_PHOTO_MAX.bytes)} at most; ${clean} makes it ${TEAM_PHOTO_MAX.width} x ${TEAM_PHOTO_MAX.height} pixels at most`
  }
  return undefined
}

/** What the photo at `file` carries besides its picture; nothing where sharp cannot read it (photoProblem says so). */
export async function photoMetadata(file: string): Promise<CarriedMetadata> {
  try {
    return carriedMetadata(await sharp(file).metadata())
  } catch {
    return { blocks: [], carries: [] }
  }
}

const verdicts = new Map<string, Promise<string | undefined>>()

async function inspect(file: string): Promise<string | undefined> {
  try {
    const image = sharp(file, { failOn: "warning" })
    const { width = 0, height = 0 } = await image.metadata()
    // Decoding every pixel is what finds a file whose header is sound but whose data is not.
    await image.stats()
    if (width < TEAM_PHOTO_MIN.width || height < TEAM_PHOTO_MIN.height) {
      return `is ${width} x ${height} pixels; a portrait needs at least ${TEAM_PHOTO_MIN.width} x ${TEAM_PHOTO_MIN.height}`
    }
    return undefined
  } catch (error) {
    const reason = error instanceof Error ? error.message.split("\n")[0] : String(error)
    return `is not an image that can be read (${reason})`
  }
}

/** What makes the photo at `file` unusable, or undefined when it can be shown. Read once per file version. */
export function photoProblem(file: string): Promise<string | undefined> {
  const { mtimeMs, size } = fs.statSync(file)
  const key = `${file}\0${mtimeMs}\0${size}`
  let verdict = verdicts.get(key)
  if (!verdict) {
    verdict = inspect(file)
    verdicts.set(key, verdict)
  }
  return verdict
}
