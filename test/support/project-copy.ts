/**
 * A throwaway copy of the project with content changed, built by the real `gatsby build`: how the
 * build tests, the releases under load and the publish path (test/with-build/altered-copy.test.ts)
 * and the grown site (e2e/scale.spec.ts) see what the build does with content an editor could save.
 */
import { spawnSync } from "node:child_process"
import fs from "node:fs"
import os from "node:os"
import path from "node:path"
import type { QualityBudgets } from "../../deploy/lib/quality-budgets"
import { DEFAULT_LOCALE, type Locale } from "../../model/locales"
import { runCommand } from "./run-command"

const ROOT = path.resolve(__dirname, "../..")
export const PROJECT_FILES = [
  // What a commit of the copy leaves out (its builds, its caches), as the repository's does.
  ".gitignore",
  "package.json",
  "package-lock.json",
  "gatsby-config.ts",
  "gatsby-node.ts",
  "gatsby-browser.tsx",
  "gatsby-ssr.tsx",
  "tsconfig.json",
  "model",
  "src",
  "build-steps",
  "gatsby",
  "cms",
  "deploy",
  "content",
  "static",
  "scripts",
  "contracts",
  "lib",
  // What the publish path's gates read (npm run publish:build, in npm run bench:publish's copies): the
  // gates, the browser pass and its configuration are all under deploy/, nothing of the tests' side.
  ".htmlvalidate.json",
  "quality-budgets.json",
]
/**
 * A deadline for a hung build of a copy, not a timing verdict: a cold build takes 40-60 s here alone,
 * and over 300 s on a host with a busy neighbour while two other builds run beside it (seen killed
 * at 300 s in the under-load release test, its bundles alone 113 s).
 */
export const BUILD_TIMEOUT_MS = 480_000
/** How a copy is built: as on CI, no telemetry, plain output. */
export const COPY_BUILD_ENV = { GATSBY_TELEMETRY_DISABLED: "1", CI: "true", NO_COLOR: "1" }

/** Copies the project's sources and content into a new folder (node_modules linked); returns it. */
export function projectCopy(): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "aurelle-build-"))
  // Readable by nginx's workers, which may run as another user than the tests.
  fs.chmodSync(dir, 0o755)
  for (const entry of PROJECT_FILES) {
    if (fs.existsSync(path.join(ROOT, entry)))
      fs.cpSync(path.join(ROOT, entry), path.join(dir, entry), { recursive: true })
  }
  fs.rmSync(path.join(dir, "src/gatsby-types.d.ts"), { force: true })
  fs.symlinkSync(path.join(ROOT, "node_modules"), path.join(dir, "node_modules"))
  widenFirstLoadBudget(dir)
  return dir
}

/**
 * How much more first-load JavaScript a copy's publish gate allows than the shipped site's budget.
 * The copy reaches its packages through a link to the checkout's node_modules, and webpack names each
 * module by its path from the project (its ids are hashes of those paths): the same code in another
 * order gzips to other sizes, so a copy's page weighs up to a few hundred bytes more or less than the
 * checkout's, by where the checkout lives (/404.html: 89.7 kB in a checkout, 89.8 kB in a copy of it,
 * 90.0 kB in a copy of a clone in another folder). The shipped site is held to the budget itself by the
 * budgets gate on its own build; a copy's verdict must not hang on the checkout's folder name.
 */
const COPY_FIRST_LOAD_SLACK_KB = 1

function widenFirstLoadBudget(dir: string): void {
  const file = path.join(dir, "quality-budgets.json")
  const budgets = JSON.parse(fs.readFileSync(file, "utf8")) as QualityBudgets
  budgets.bytes.firstLoadJsKb += COPY_FIRST_LOAD_SLACK_KB
  fs.writeFileSync(file, `${JSON.stringify(budgets, null, 2)}\n`)
}

/**
 * Runs `gatsby build` in a copy; its output with Gatsby's line wrapping joined back for matching. The
 * process goes on meanwhile (a browser it drives keeps browsing).
 */
export function buildCopy(
  dir: string,
  env: Record<string, string> = {},
): Promise<{ status: number | null; output: string }> {
  return runCommand(process.execPath, [path.join(ROOT, "node_modules/gatsby/cli.js"), "build"], {
    cwd: dir,
    env: { ...COPY_BUILD_ENV, ...env },
    timeout: BUILD_TIMEOUT_MS,
  }).done.then(({ status, output }) => ({ status, output: output.replace(/\s+/g, " ") }))
}

/** Any content document: the tests that edit one reach into it by the paths they know. */
/**
 * Commits a copy's files as they are, in a repository of its own (made on first use): a build made
 * from it can then say which commit it is, as a release needs (deploy/release/stamp.ts). Returns the commit.
 */
export function commitCopy(dir: string, message: string): string {
  const git = (...args: string[]) => {
    const result = spawnSync("git", ["-c", "user.name=Editor", "-c", "user.email=editor@example.ch", ...args], {
      cwd: dir,
      encoding: "utf8",
    })
    if (result.status !== 0) throw new Error(`git ${args.join(" ")} failed in ${dir}: ${result.stderr}`)
    return result.stdout.trim()
  }
  if (!fs.existsSync(path.join(dir, ".git"))) git("init", "-q", "-b", "main")
  git("add", "-A")
  git("commit", "-q", "--allow-empty", "-m", message)
  return git("rev-parse", "HEAD")
}

type EditableJson = Record<string, any>

/** Changes one language's document (English by default) of a content file of a copy in place. */
export function editJson(file: string, change: (data: EditableJson) => void, locale: Locale = DEFAULT_LOCALE): void {
  const data = JSON.parse(fs.readFileSync(file, "utf8"))
  change(data[locale])
  fs.writeFileSync(file, JSON.stringify(data, null, 2))
}
