/**
 * The repository's history as the build reads it, in as few processes as it can: git itself, and the
 * blobs of many versions from one `git cat-file --batch`. History is input the build did not write:
 * what reads it checks each value (build-steps/post-build/addresses.ts, build-steps/content/translation-history.ts).
 */
import { execFileSync } from "node:child_process"

/** git's answer in `folder`; throws with git's own words when it fails. */
export const git = (folder: string, args: string[], input?: string): Buffer =>
  execFileSync("git", ["-C", folder, ...args], {
    input,
    maxBuffer: 1024 * 1024 * 1024,
    stdio: ["pipe", "pipe", "pipe"],
  })

/** The blobs named `commit:path`, in order, from one `git cat-file --batch` (null where there is none). */
export function blobs(folder: string, specs: readonly string[]): (string | null)[] {
  if (specs.length === 0) return []
  const out = git(folder, ["cat-file", "--batch"], `${specs.join("\n")}\n`)
  const texts: (string | null)[] = []
  let at = 0
  for (let i = 0; i < specs.length; i++) {
    const lineEnd = out.indexOf(10, at)
    const header = out.subarray(at, lineEnd).toString("utf8").split(" ")
    if (header[1] !== "blob") {
      texts.push(null)
      at = lineEnd + 1
      continue
    }
    const size = Number(header[2])
    texts.push(out.subarray(lineEnd + 1, lineEnd + 1 + size).toString("utf8"))
    at = lineEnd + 1 + size + 1
  }
  return texts
}

/** Why the history of `folder` cannot be read (not a repository, a shallow clone), or null when it can. */
export function unreadableHistory(folder: string): string | null {
  let shallow: string
  try {
    shallow = git(folder, ["rev-parse", "--is-shallow-repository"]).toString("utf8").trim()
  } catch {
    return `${folder} is not in a git repository`
  }
  return shallow === "true" ? `the git clone holding ${folder} is shallow (git fetch --unshallow)` : null
}
