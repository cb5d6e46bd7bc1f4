/**
 * Files of one idea: no file of the content model or of what builds, edits and ships the site grows past
 * 300 lines. A file that does, holds two ideas: split it where they part (docs/architecture.md).
 */
import fs from "node:fs"
import path from "node:path"
import { expect, it } from "vitest"

const ROOT = path.resolve(__dirname, "../..")
const FOLDERS = ["model", "build-steps", "gatsby", "cms", "deploy", "contracts", "lib"]
const MAX_LINES = 300

function sourcesUnder(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name)
    if (entry.isDirectory()) return sourcesUnder(full)
    return /\.(ts|tsx|mjs|cjs)$/.test(entry.name) ? [full] : []
  })
}

it(`keeps every file of ${FOLDERS.join(", ")} at ${MAX_LINES} lines or fewer`, () => {
  const files = FOLDERS.flatMap((folder) => sourcesUnder(path.join(ROOT, folder)))
  expect(files.length).toBeGreaterThan(50)
  const long = files
    .map((file) => ({ file: path.relative(ROOT, file), lines: fs.readFileSync(file, "utf8").split("\n").length }))
    .filter(({ lines }) => lines > MAX_LINES)
    .map(({ file, lines }) => `${file}: ${lines} lines`)
  expect(long).toEqual([])
})
