/**
 * The history reads as a list of changes (docs/testing.md, "Commits"): every commit since the
 * convention was written down has a subject of at most 72 characters and, when it has a body, a blank
 * line between the two. A clone without that history (a shallow one) checks its newest commit.
 */
import { execFileSync } from "node:child_process"
import path from "node:path"
import { describe, expect, it } from "vitest"

const ROOT = path.resolve(__dirname, "../..")
/** The last commit before the convention was written down: everything after it keeps it. */
const SINCE = "873feb2b7704763e49ac7cb3d35f6fe923548e70"
const MAX_SUBJECT = 72

const git = (...args: string[]) => execFileSync("git", args, { cwd: ROOT, encoding: "utf8" })

function hasCommit(sha: string): boolean {
  try {
    git("cat-file", "-e", `${sha}^{commit}`)
    return true
  } catch {
    return false
  }
}

/** Each commit's hash and whole message, newest first. */
function commitsSince(sha: string): Array<{ sha: string; message: string }> {
  const range = hasCommit(sha) ? [`${sha}..HEAD`] : ["-1", "HEAD"]
  return git("log", "--format=%h%x00%B%x01", ...range)
    .split("\x01")
    .map((entry) => entry.replace(/^\n/, ""))
    .filter(Boolean)
    .map((entry) => {
      const [short, message] = entry.split("\x00")
      return { sha: short, message: message.trimEnd() }
    })
}

/** What is wrong with a commit message under the convention. */
function messageProblems(message: string): string[] {
  const [subject, second] = message.split("\n")
  const problems: string[] = []
  if (!subject.trim()) problems.push("no subject")
  if (subject.length > MAX_SUBJECT) problems.push(`subject of ${subject.length} characters (at most ${MAX_SUBJECT})`)
  if (second !== undefined && second.trim() !== "") problems.push("no blank line after the subject")
  return problems
}

describe("the history", () => {
  it("finds a subject over 72 characters, and a body with no blank line before it", () => {
    expect(messageProblems(`Release lock held by the kernel\n\nWhy it changed.`)).toEqual([])
    expect(messageProblems("x".repeat(73))).toEqual(["subject of 73 characters (at most 72)"])
    expect(messageProblems("Subject\nbody at once")).toEqual(["no blank line after the subject"])
  })

  it(`keeps subjects of at most ${MAX_SUBJECT} characters, the detail in the body, since the convention`, () => {
    const found = commitsSince(SINCE).flatMap(({ sha, message }) =>
      messageProblems(message).map((problem) => `${sha} "${message.split("\n")[0]}": ${problem}`),
    )
    expect(found).toEqual([])
  })
})
