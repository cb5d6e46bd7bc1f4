/** Writes src/images/icon.png, the source of every favicon and app icon: `npx tsx scripts/make-brand-icon.ts`. */
import fs from "node:fs"
import { brandIcon } from "../gatsby/brand-art"

async function main() {
  fs.mkdirSync("src/images", { recursive: true })
  fs.writeFileSync("src/images/icon.png", await brandIcon(512))
  console.log("wrote src/images/icon.png")
}

void main()
