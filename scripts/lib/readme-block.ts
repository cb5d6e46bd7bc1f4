import { execSync } from "node:child_process"
import fs from "node:fs"
import path from "node:path"

const README = path.resolve(__dirname, "../../README.md")

/** Replaces what README.md holds between `<!-- name:start -->` and `<!-- name:end -->`, then formats it. */
export function writeReadmeBlock(name: string, content: string): void {
  const text = fs.readFileSync(README, "utf8")
  const start = `<!-- ${name}:start -->`
  const end = `<!-- ${name}:end -->`
  if (!text.includes(start) || !text.includes(end)) throw new Error(`README.md has no ${start} ... ${end} block`)
  const before = text.slice(0, text.indexOf(start) + start.length)
  const after = text.slice(text.indexOf(end))
  fs.writeFileSync(README, `${before}\n${content}\n${after}`)
  execSync(`npx prettier --write ${README}`, { stdio: "ignore" })
}
