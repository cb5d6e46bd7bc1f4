/**
 * Whether a team photo can be shown. Uploaded files are not trusted to be what their names say: a
 * file that sharp cannot decode (wrong format, corrupt or cut-short bytes) or one too small for the
 * card would either stop the build inside the image pipeline or show blurred. Such a photo is left
 * out: the build warns (validate.ts), the GraphQL field resolves to nothing (gatsby-node.ts) and the
 * card shows the person icon, as it does for a missing file.
 */
import fs from "node:fs"
import sharp from "sharp"

/** Twice the 360 x 450 px the team card shows a portrait at (src/components/home/team-card.tsx), for sharp screens. */
export const TEAM_PHOTO_MIN = { width: 720, height: 900 } as const

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
