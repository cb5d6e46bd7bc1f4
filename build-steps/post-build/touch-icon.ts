import path from "node:path"
import sharp from "sharp"
import { theme } from "../../src/styles/theme"
import type { BuiltSite } from "./built-site"

/** iOS looks for /apple-touch-icon.png by itself, so no page needs a link to it (180 px, opaque). */
export async function writeTouchIcon({ projectDir, publicDir }: BuiltSite): Promise<void> {
  await sharp(path.join(projectDir, "src/images/icon.png"))
    .resize(180, 180)
    .flatten({ background: theme.color.ink })
    .png()
    .toFile(path.join(publicDir, "apple-touch-icon.png"))
}
