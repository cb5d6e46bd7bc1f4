/**
 * Which way a change to `main` goes live (docs/deploying.md): an editor's publish, which changes
 * only content, takes the publish path (the content check, a build with Gatsby's cache, the gates
 * content can break on the pages it changed, the release); any other change takes the full suite
 * first. Content is what the CMS writes: the files under content/ and their media, never the
 * JSON Schemas written from the code (content/schemas/). Run as `npm run publish:path` (below).
 */
import { spawnSync } from "node:child_process"
import fs from "node:fs"
import { parseArgs } from "node:util"

export type DeployPath = "publish" | "full"

const CONTENT = /^content\//
/** Written from the schemas in model/ (npm run content:schemas): code, though it lives in content/. */
const FROM_CODE = /^content\/schemas\//

export interface PathDecision {
  path: DeployPath
  /** In a sentence, for the build server's log. */
  reason: string
}

/** The path a change takes, from the files it changed (paths from the repository's root). */
export function deployPath(changed: readonly string[]): PathDecision {
  if (changed.length === 0) {
    return { path: "full", reason: "no changed files could be listed: every gate runs" }
  }
  const code = changed.filter((file) => !CONTENT.test(file) || FROM_CODE.test(file))
  if (code.length > 0) {
    const named = code.slice(0, 5).join(", ") + (code.length > 5 ? `, and ${code.length - 5} more` : "")
    return {
      path: "full",
      reason: `${code.length} changed file${code.length === 1 ? " is" : "s are"} not content (${named}): every gate runs`,
    }
  }
  return {
    path: "publish",
    reason: `content only (${changed.length} file${changed.length === 1 ? "" : "s"}): the content's gates on the pages it changes`,
  }
}

/**
 * npm run publish:path -- --base SHA --head SHA: says which path a push to main takes from the files
 * changed between the two commits, and on GitHub Actions writes it as the step's output `path`. A
 * base that is missing (a new branch, a history rewritten) lists nothing, and every gate runs.
 */
if (require.main === module) {
  const { values } = parseArgs({ options: { base: { type: "string" }, head: { type: "string", default: "HEAD" } } })

  const changedFiles = (base: string | undefined, head: string): string[] => {
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
}
