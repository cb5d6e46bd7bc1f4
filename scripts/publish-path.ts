/**
 * npm run publish:path -- --base SHA --head SHA: says which path a push to main takes (publish or
 * full, scripts/lib/publish-path.ts) from the files changed between the two commits, and on GitHub
 * Actions writes it as the step's output `path`. A base that is missing (a new branch, a history
 * rewritten) lists nothing, and every gate runs.
 */
import { spawnSync } from "node:child_process"
import fs from "node:fs"
import { parseArgs } from "node:util"
import { deployPath } from "./lib/publish-path"

const { values } = parseArgs({ options: { base: { type: "string" }, head: { type: "string", default: "HEAD" } } })

function changedFiles(base: string | undefined, head: string): string[] {
  if (!base || /^0+$/.test(base)) return []
  const diff = spawnSync("git", ["diff", "--name-only", "--no-renames", base, head], { encoding: "utf8" })
  if (diff.status !== 0) {
    console.log(`git could not compare ${base} and ${head}: ${diff.stderr.trim()}`)
    return []
  }
  return diff.stdout.split("\n").filter(Boolean)
}

const decision = deployPath(changedFiles(values.base, values.head!))
console.log(`${decision.path} path: ${decision.reason}`)
if (process.env.GITHUB_OUTPUT) fs.appendFileSync(process.env.GITHUB_OUTPUT, `path=${decision.path}\n`)
