import { execSync } from "node:child_process"
import fs from "node:fs"
import path from "node:path"

const DOCS = path.resolve(__dirname, "../../docs")

/**
 * Replaces what docs/<document> holds between `<!-- name:start -->` and `<!-- name:end -->` (a bench's
 * table), then formats it.
 */
export function writeDocBlock(
  document: "performance.md" | "deploying.md" | "testing.md",
  name: string,
  content: string,
): void {
  const file = path.join(DOCS, document)
  const text = fs.readFileSync(file, "utf8")
  const start = `<!-- ${name}:start -->`
  const end = `<!-- ${name}:end -->`
  if (!text.includes(start) || !text.includes(end)) throw new Error(`docs/${document} has no ${start} ... ${end} block`)
  const before = text.slice(0, text.indexOf(start) + start.length)
  const after = text.slice(text.indexOf(end))
  fs.writeFileSync(file, `${before}\n${content}\n${after}`)
  execSync(`npx prettier --write ${file}`, { stdio: "ignore" })
}
