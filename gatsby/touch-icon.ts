import type { BuildArgs } from "gatsby"
import path from "node:path"
import sharp from "sharp"
import { theme } from "../src/styles/theme"

/** iOS looks for /apple-touch-icon.png by itself, so no page needs a link to it (180 px, opaque). */
export async function writeTouchIcon({ store }: BuildArgs): Promise<void> {
  const { program } = store.getState() as { program: { directory: string } }
  await sharp(path.join(program.directory, "src/images/icon.png"))
    .resize(180, 180)
    .flatten({ background: theme.color.ink })
    .png()
    .toFile(path.join(program.directory, "public/apple-touch-icon.png"))
}
