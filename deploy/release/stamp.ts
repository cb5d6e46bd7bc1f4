/**
 * What a build is (its build.json, or the git checkout it is in) and the stamp a release writes from
 * it (/release.json), both through their contracts (contracts/): a build that cannot say its commit is
 * refused, naming what is missing, rather than released with a stamp the CMS would not read.
 */
import fs from "node:fs"
import path from "node:path"
import { BUILD_INFO, type BuildInfo, parseBuildInfo } from "../../contracts/build-info"
import { RELEASE_STAMP_PATH, readReleaseStamp, releaseStamp } from "../../contracts/release-stamp"
import { isCommitHash } from "../../contracts/values"
import { run } from "./nginx-control"

/** What a build to release says of itself: its commit and when it was built. */
export type BuiltFrom = Pick<BuildInfo, "commit" | "builtAt">

/** build.json in `source`, checked (a folder packed by `npm run artifact`). */
export const readBuildInfo = (source: string): BuildInfo => {
  const file = path.join(source, BUILD_INFO)
  return parseBuildInfo(fs.readFileSync(file, "utf8"), file)
}

/** The build's commit and time: its build.json, or else the git checkout it is in and its home page's time. */
export function buildInfoOf(source: string): BuiltFrom {
  if (fs.existsSync(path.join(source, BUILD_INFO))) return readBuildInfo(source)
  const commit = run("git", ["-C", source, "rev-parse", "HEAD"])
  if (!commit.ok || !isCommitHash(commit.output)) {
    throw new Error(
      `${source} cannot say which commit it was built from: it has no ${BUILD_INFO} and is not a git checkout (${commit.output}); nothing was released`,
    )
  }
  const home = path.join(source, "public", "index.html")
  return { commit: commit.output, builtAt: fs.statSync(home).mtime.toISOString() }
}

/**
 * Writes the stamp (/release.json) into a build's public folder, saying it is live from now: on the
 * nginx host just before the switch, in a folder nginx does not serve yet (a release's own, or one
 * rolled back to); for Pages, into the artifact just before its upload. Without `info` (a rollback)
 * the build is the one the folder's stamp already names.
 */
export function writeStamp(publicDir: string, info: BuiltFrom | null, release?: string): void {
  const file = path.join(publicDir, RELEASE_STAMP_PATH)
  const built = info ?? readReleaseStamp(JSON.parse(fs.readFileSync(file, "utf8")))
  if (!built) throw new Error(`${file} is not a release stamp, and there is no build.json to write it from`)
  const stamp = releaseStamp({
    commit: built.commit,
    builtAt: built.builtAt,
    liveSince: new Date().toISOString(),
    release,
  })
  try {
    fs.writeFileSync(`${file}.next`, `${JSON.stringify(stamp, null, 2)}\n`)
    fs.renameSync(`${file}.next`, file)
  } finally {
    fs.rmSync(`${file}.next`, { force: true })
  }
}
