/**
 * Writes the site's four faces into src/fonts/, subset from @fontsource's latin woff2 files
 * (src/styles/font-subset.ts says what is kept): `npm run fonts` after upgrading @fontsource.
 * test/styles/font-subset.test.ts fails when the committed files differ from what this writes.
 */
import fs from "node:fs"
import path from "node:path"
import { FONT_SOURCES, subsetFace } from "./lib/subset-face"

const ROOT = path.resolve(__dirname, "..")

async function main() {
  for (const source of FONT_SOURCES) {
    const input = fs.readFileSync(path.join(ROOT, "node_modules", source))
    const output = await subsetFace(source, input)
    const target = path.join(ROOT, "src/fonts", path.basename(source))
    fs.writeFileSync(target, output)
    console.log(`${path.relative(ROOT, target)}: ${input.length} -> ${output.length} bytes`)
  }
}

main().catch((error) => {
  console.error(error)
  process.exit(1)
})
