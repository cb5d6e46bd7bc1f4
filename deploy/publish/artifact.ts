/**
 * npm run artifact [-- --out DIR]: packs the build in public/ (and .hosting/) into one folder that
 * the nginx host releases with Node alone: the build's files as they are, build.json (the commit,
 * the time, the site's host name), files.json (each file's hash: deploy/release/root/manifest.ts) and
 * release.cjs, the release command bundled with everything it needs (`node release.cjs release
 * --root DIR`). The build server uploads what the live release lacks of it; the host never builds.
 * Where nginx is at hand, the configuration the build would be served with is checked first (`nginx
 * -t`): one nginx refuses never becomes an artifact.
 * Default folder: .artifact/.
 */
import { spawnSync } from "node:child_process"
import fs from "node:fs"
import path from "node:path"
import { parseArgs } from "node:util"
import { build } from "esbuild"
import { AUTH_SCRIPT, HOSTING_DIR } from "../../contracts/hosting"
import { HOSTING_POLICY_FILE, parseHostingPolicy } from "../../contracts/hosting-policy"
import { checkBuildConfig } from "../release/nginx-control"
import { SYSTEM_PROGRAMS } from "../lib/system-packages"
import { siteHostName } from "../../lib/site-settings"
import {
  BUILD_CALENDAR,
  BUILD_INFO,
  type BuildInfo,
  buildInfoProblems,
  parseBuildCalendar,
} from "../../contracts/build-info"
import { isCommitHash } from "../../contracts/values"
import { RELEASE_SCRIPT } from "../release/root/layout"
import { manifestOf, writeManifest } from "../release/root/manifest"
import { commitPlace } from "../release/stamp"

const PROJECT_DIR = path.resolve(__dirname, "../..")
export const ARTIFACT_DIR = path.join(PROJECT_DIR, ".artifact")

/**
 * The commit built: the checkout's, or else the build server's (GITHUB_SHA); an artifact must name it.
 * The checkout's comes first: the calendar's timed run builds the live commit, not the one that
 * started the workflow.
 */
function builtCommit(projectDir: string): string {
  const head = spawnSync("git", ["-C", projectDir, "rev-parse", "HEAD"], { encoding: "utf8" })
  if (head.status === 0 && isCommitHash(head.stdout.trim())) return head.stdout.trim()
  if (isCommitHash(process.env.GITHUB_SHA)) return process.env.GITHUB_SHA
  throw new Error(
    `${projectDir} is not a git checkout and GITHUB_SHA is not set: an artifact must name the commit it packs`,
  )
}

/** The release command (deploy/release/cli.ts) bundled into one file that runs with Node alone, as a host runs it. */
export async function bundleReleaseCommand(outfile: string): Promise<void> {
  await build({
    entryPoints: [path.join(PROJECT_DIR, "deploy/release/cli.ts")],
    bundle: true,
    platform: "node",
    format: "cjs",
    target: "node20",
    outfile,
    // Only the build writes the sign-in service with esbuild; the release command never does.
    external: ["esbuild"],
    logLevel: "warning",
  })
}

/** Packs the project's build into `out` (replaced whole); returns what build.json says. */
export async function packArtifact(out: string = ARTIFACT_DIR, projectDir: string = PROJECT_DIR): Promise<BuildInfo> {
  const publicDir = path.join(projectDir, "public")
  // The build's files for a host: the sign-in service and the hosting policy nginx is configured from.
  const hosting = [AUTH_SCRIPT, HOSTING_POLICY_FILE].map((file) => path.join(projectDir, HOSTING_DIR, file))
  for (const needed of [path.join(publicDir, "index.html"), ...hosting]) {
    if (!fs.existsSync(needed)) throw new Error(`${needed} is missing: run npm run build first`)
  }
  const commit = builtCommit(projectDir)
  const policyFile = path.join(projectDir, HOSTING_DIR, HOSTING_POLICY_FILE)
  checkBuildConfig(
    SYSTEM_PROGRAMS.nginx,
    parseHostingPolicy(fs.readFileSync(policyFile, "utf8"), policyFile),
    publicDir,
  )
  fs.rmSync(out, { recursive: true, force: true })
  fs.mkdirSync(path.join(out, HOSTING_DIR), { recursive: true })
  fs.cpSync(publicDir, path.join(out, "public"), { recursive: true })
  // Each file with the hash of its bytes: the host links what it already holds (files.ts).
  writeManifest(out, manifestOf(path.join(out, "public")))
  for (const file of hosting) fs.copyFileSync(file, path.join(out, HOSTING_DIR, path.basename(file)))
  await bundleReleaseCommand(path.join(out, RELEASE_SCRIPT))
  const calendar = path.join(projectDir, BUILD_CALENDAR)
  if (!fs.existsSync(calendar)) throw new Error(`${calendar} is missing: run npm run build first`)
  const info: BuildInfo = {
    commit,
    ...commitPlace(projectDir, commit),
    builtAt: fs.statSync(path.join(publicDir, "index.html")).mtime.toISOString(),
    serverName: siteHostName(path.join(projectDir, "content")),
    ...parseBuildCalendar(fs.readFileSync(calendar, "utf8"), calendar),
  }
  const problems = buildInfoProblems(info)
  if (problems.length > 0) throw new Error(`${BUILD_INFO} would not describe the build: ${problems.join("; ")}`)
  fs.writeFileSync(path.join(out, BUILD_INFO), `${JSON.stringify(info, null, 2)}\n`)
  return info
}

if (require.main === module) {
  const { values } = parseArgs({ options: { out: { type: "string" } } })
  const out = path.resolve(values.out ?? ARTIFACT_DIR)
  packArtifact(out).then(
    (info) => console.log(`Packed the build of ${info.commit} into ${out}`),
    (error: Error) => {
      console.error(error.message)
      process.exit(1)
    },
  )
}
