import type { BuildArgs } from "gatsby"
import path from "node:path"
import sharp from "sharp"
import { theme } from "../../src/styles/theme"
import { projectDirectory, publicDirectory } from "../internals"

/** iOS looks for /apple-touch-icon.png by itself, so no page needs a link to it (180 px, opaque). */
export async function writeTouchIcon({ store }: BuildArgs): Promise<void> {
  await sharp(path.join(projectDirectory(store), "src/images/icon.png"))
    .resize(180, 180)
    .flatten({ background: theme.color.ink })
    .png()
    .toFile(path.join(publicDirectory(store), "apple-touch-icon.png"))
}
