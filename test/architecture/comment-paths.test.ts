/**
 * A comment that names a file sends its reader there: every path a comment of the code names (from
 * the repository's root, relative to the file, or a bare file name) is a file or folder that exists.
 * A file moved or renamed without its readers' comments fails here, naming the comment's file and line.
 */
import { execFileSync } from "node:child_process"
import fs from "node:fs"
import path from "node:path"
import { expect, it } from "vitest"

const ROOT = path.resolve(__dirname, "../..")
const CODE = /\.(ts|tsx|mjs|cjs)$/
/** What the code ships and how it is built and checked; test/ names planted and stand-in files on purpose. */
const FOLDERS = ["model", "contracts", "lib", "src", "build-steps", "gatsby", "cms", "deploy", "functions", "scripts"]
const ROOT_FOLDERS = [...FOLDERS, "test", "e2e", "docs", "content", "static", ".github", ".ci"]
const FILE = /(?<![\w/.@-])((?:\.{1,2}\/)*(?:[\w.-]+\/)*[\w-]+(?:\.[\w-]+)*\.(?:tsx?|mjs|cjs|json|md|sh|yml|conf))\b/g

const tracked = execFileSync("git", ["ls-files", "-co", "--exclude-standard"], { cwd: ROOT, encoding: "utf8" })
  .split("\n")
  .filter(Boolean)
const names = new Set(tracked.map((file) => path.posix.basename(file)))

/**
 * What the build, the publish path and a release write, which comments name: not files of the
 * repository. The build's output (public/, .hosting/), the artifact's and a release's files, a host's
 * records, Gatsby's and webpack's and the test runner's reports, Decap's configuration.
 */
const WRITTEN = new Set([
  "app-data.json",
  "build.json",
  "calendar.json",
  "cms-auth.mjs",
  "config.yml",
  "files.json",
  "held.json",
  "nginx.conf",
  "policy.json",
  "previews.json",
  "release-pages.json",
  "release.cjs",
  "report.json",
  "staged.json",
  "visits.json",
  "webpack.stats.json",
])
const WRITTEN_FOLDERS = ["public/", ".hosting/", "live/"]

/** Each comment of a file's text, with the line it starts on. */
function comments(text: string): Array<{ line: number; text: string }> {
  const found: Array<{ line: number; text: string }> = []
  for (const match of text.matchAll(/\/\*[\s\S]*?\*\/|(?<![:"'`\w])\/\/[^\n]*/g)) {
    found.push({ line: text.slice(0, match.index).split("\n").length, text: match[0] })
  }
  return found
}

/** Whether a path a comment of `file` names is there. */
function exists(file: string, named: string): boolean {
  if (WRITTEN.has(path.posix.basename(named)) || WRITTEN_FOLDERS.some((folder) => named.startsWith(folder))) return true
  if (/^\.\.?\//.test(named)) return fs.existsSync(path.resolve(ROOT, path.dirname(file), named))
  if (!named.includes("/")) return names.has(named)
  const [first] = named.split("/")
  if (ROOT_FOLDERS.includes(first)) return fs.existsSync(path.join(ROOT, named))
  // A path inside a folder the comment's file knows (post-build/file-memo.ts, release/cli.ts): under its folders.
  return tracked.some((candidate) => candidate.endsWith(`/${named}`))
}

it("names only files and folders that exist in its comments", () => {
  const sources = tracked.filter((file) => CODE.test(file) && FOLDERS.includes(file.split("/")[0]))
  sources.push(...tracked.filter((file) => /^gatsby-\w+\.tsx?$/.test(file)))
  expect(sources.length).toBeGreaterThan(200)
  const missing = sources.flatMap((file) =>
    comments(fs.readFileSync(path.join(ROOT, file), "utf8")).flatMap(({ line, text }) =>
      [...text.matchAll(FILE)]
        .map((match) => match[1])
        .filter((named) => !/^(?:https?|www)\b/.test(named) && !exists(file, named))
        .map((named) => `${file}:${line}: ${named}`),
    ),
  )
  expect(missing).toEqual([])
})
