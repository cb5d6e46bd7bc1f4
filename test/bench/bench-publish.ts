/**
 * npm run bench:publish: an editor's publish, timed from the commit to the live site answering with
 * it, through the publish path as the build server runs it (docs/deploying.md), step by step, on
 * this machine, in a copy of the project with 6 and with 500 case studies
 * (test/support/scale-content.ts). For each:
 *
 *   1. main's last build, cold (as the full suite's is), live on a release host (nginx,
 *      test/support/release-host.ts)
 *   2. four publishes, each one study's title changed and committed: the first after that cold
 *      build ("warm, first"), the next one ("warm, next"), one that changes what every page shows
 *      (the contact email: "site-wide"), then one after Gatsby's cache was lost (.cache/ and public/
 *      removed: "cold"). Each takes the path (npm run publish:path), then npm run
 *      publish:build, which compares its build with the live release's pages; then the upload (the
 *      files `release.cjs upload-list` names against the host's live files.json, copied to a folder
 *      outside the project, as the build server's tar sends them) and the release there with Node
 *      alone; then polled until the live site's /release.json names the commit and the page has the title.
 *
 * The verdicts are ratios measured in this run: each warm publish at 500 within 1.5 times the same at
 * 6, the cold one at 500 within 3 times each warm one at 500, the site-wide one at 500 within 3 times
 * the one-title "warm, next" at 500.
 *
 * Usage: tsx test/bench/bench-publish.ts [--write] [count...]   (--write writes the table into docs/deploying.md)
 */
import { spawn, spawnSync } from "node:child_process"
import fs from "node:fs"
import os from "node:os"
import path from "node:path"
import { RELEASE_PAGES_PATH, RELEASE_STAMP_PATH, readReleaseStamp } from "../../contracts/release-stamp"
import { buildCopy, editJson, projectCopy } from "../support/project-copy"
import { type ReleaseHost, fetchTrusting, startReleaseHost } from "../support/release-host"
import { LIVE, RELEASE_SCRIPT } from "../../deploy/release/root/layout"
import { FILES_MANIFEST } from "../../deploy/release/root/layout"
import { addCaseStudies } from "../support/scale-content"
import { writeDocBlock } from "./doc-block"
import { PUBLISH_STEPS } from "../../deploy/publish/publish"

const DEFAULT_COUNTS = [6, 500]
const STUDY = "content/case-studies/wine.json"
const SETTINGS = "content/site/settings.json"
const PUBLISHES = ["warm, first", "warm, next", "site-wide", "cold"] as const
type Publish = (typeof PUBLISHES)[number]
const MB = 1024 * 1024

interface Measured {
  studies: number
  publish: Publish
  /** Seconds of each step, in order. */
  steps: Array<[string, number]>
  changedPages: string
  totalSeconds: number
  /** Files and bytes uploaded, of the artifact's. */
  upload: { files: number; bytes: number; artifactFiles: number; artifactBytes: number }
  /** What the release added on disk, and all the releases kept take. */
  addedMb: number
  releasesMb: number
  releaseMb: number
}

/** Runs a command in `cwd`, output shown; resolves with its exit status and output. */
function run(
  cwd: string,
  command: string,
  args: string[],
  env: Record<string, string> = {},
): Promise<{ ok: boolean; output: string; seconds: number }> {
  const started = performance.now()
  const child = spawn(command, args, {
    cwd,
    env: { ...process.env, GATSBY_TELEMETRY_DISABLED: "1", CI: "true", NO_COLOR: "1", ...env },
    stdio: ["ignore", "pipe", "pipe"],
  })
  let output = ""
  const keep = (chunk: Buffer) => {
    output += chunk.toString()
    process.stdout.write(chunk)
  }
  child.stdout.on("data", keep)
  child.stderr.on("data", keep)
  return new Promise((resolve) =>
    child.on("close", (code) => resolve({ ok: code === 0, output, seconds: (performance.now() - started) / 1000 })),
  )
}

const git = (dir: string, ...args: string[]) =>
  spawnSync("git", ["-c", "user.name=Editor", "-c", "user.email=editor@example.ch", ...args], {
    cwd: dir,
    encoding: "utf8",
  }).stdout.trim()

const sizeOf = (file: string) => fs.statSync(file).size

/** One publish, from the editor's commit to the live site answering with it. */
async function publish(dir: string, host: ReleaseHost, studies: number, kind: Publish): Promise<Measured> {
  if (kind === "cold")
    for (const folder of [".cache", "public"]) fs.rmSync(path.join(dir, folder), { recursive: true, force: true })
  // One study's title; or, site-wide, the contact email, which every page's data holds.
  const siteWide = kind === "site-wide"
  const title = `Tracing Allocations for a Grand Cru House, ${kind === "cold" ? "read again" : kind === "warm, first" ? "revised" : "revised twice"}`
  const email = "partners@aurelle-intelligence.ch"
  const [shown, where] = siteWide ? [email, "/book-demo/"] : [title, "/case-studies/wine/"]
  if (siteWide) editJson(path.join(dir, SETTINGS), (data) => (data.contactEmail = email))
  else editJson(path.join(dir, STUDY), (data) => (data.title = title))
  git(dir, "commit", "-q", "-am", siteWide ? "Content: update settings “site”" : "Content: update case study “wine”")
  const commit = git(dir, "rev-parse", "HEAD")
  console.log(`\n=== ${studies} studies, ${kind}: ${commit.slice(0, 8)}`)
  const started = performance.now()
  const steps: Array<[string, number]> = []
  const decided = await run(dir, "npx", ["tsx", "deploy/publish/path.ts", "--base", "HEAD~1", "--head", "HEAD"])
  steps.push(["path", decided.seconds])
  const path_ = /^(\w+) path/m.exec(decided.output)?.[1] ?? "?"
  if (path_ !== "publish") throw new Error(`the content commit took the ${path_} path`)
  const ca = path.join(dir, ".tmp", "host-ca.pem")
  fs.mkdirSync(path.dirname(ca), { recursive: true })
  fs.writeFileSync(ca, host.ca)
  const published = await run(dir, "npx", ["tsx", "deploy/publish/publish.ts"], {
    LIVE_PAGES: `${host.url}${RELEASE_PAGES_PATH}`,
    NODE_EXTRA_CA_CERTS: ca,
  })
  if (!published.ok) throw new Error(`the publish path refused the change:\n${published.output.slice(-3000)}`)
  const publishSteps = JSON.parse(fs.readFileSync(path.join(dir, ".tmp/publish/steps.json"), "utf8")) as Array<{
    name: string
    seconds: number
    note?: string
  }>
  for (const { name, seconds } of publishSteps) steps.push([name, seconds])
  const changedPages = publishSteps.find((step) => step.name === "changed pages")?.note ?? ""
  // The upload: what the live release lacks, to a folder on the host, outside any project.
  const artifact = path.join(dir, ".artifact")
  const upload = fs.mkdtempSync(path.join(os.tmpdir(), "aurelle-upload-"))
  let mark = performance.now()
  const listed = spawnSync(
    process.execPath,
    [path.join(artifact, RELEASE_SCRIPT), "upload-list", "--live", path.join(host.root, LIVE, FILES_MANIFEST)],
    { encoding: "utf8" },
  ).stdout
  const files = listed.split("\n").filter(Boolean)
  for (const file of files) {
    fs.mkdirSync(path.dirname(path.join(upload, file)), { recursive: true })
    fs.copyFileSync(path.join(artifact, file), path.join(upload, file))
  }
  steps.push(["upload", (performance.now() - mark) / 1000])
  const artifactFiles = fs
    .readdirSync(artifact, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile())
    .map((entry) => path.join(entry.parentPath, entry.name))
  const { settings } = host
  const released = await run(upload, process.execPath, [
    path.join(upload, RELEASE_SCRIPT),
    "release",
    ...["--root", host.root, "--server-name", settings.serverName],
    ...["--certificate", settings.tls!.certificate, "--certificate-key", settings.tls!.key],
    ...["--https-listen", settings.httpsListen, "--http-listen", settings.httpListen],
    ...[
      "--nginx",
      settings.nginx.binary,
      "--nginx-prefix",
      settings.nginx.args[1],
      "--nginx-conf",
      settings.nginx.args[3],
    ],
  ])
  fs.rmSync(upload, { recursive: true, force: true })
  if (!released.ok) throw new Error(`the release failed:\n${released.output}`)
  steps.push(["release", released.seconds])
  mark = performance.now()
  for (;;) {
    const stamp = readReleaseStamp(JSON.parse((await fetchTrusting(`${host.url}${RELEASE_STAMP_PATH}`, host.ca)).body))
    const page = await fetchTrusting(`${host.url}${where}`, host.ca)
    if (stamp?.commit === commit && page.body.includes(shown)) break
    if (performance.now() - mark > 60_000) throw new Error("the live site never answered with the commit")
    await new Promise((resolve) => setTimeout(resolve, 100))
  }
  steps.push(["live answers", (performance.now() - mark) / 1000])
  const totalSeconds = (performance.now() - started) / 1000
  const du = spawnSync("du", ["-sm", path.join(host.root, "releases")], { encoding: "utf8" }).stdout
  return {
    studies,
    publish: kind,
    steps,
    changedPages: changedPages.replace(/, against .*$/, ""),
    totalSeconds,
    upload: {
      files: files.length,
      bytes: files.reduce((sum, file) => sum + sizeOf(path.join(artifact, file)), 0),
      artifactFiles: artifactFiles.length,
      artifactBytes: artifactFiles.reduce((sum, file) => sum + sizeOf(file), 0),
    },
    addedMb: Number(/\((\d+\.\d) MB added on disk\)/.exec(released.output)?.[1]),
    releasesMb: Number(du.split("\t")[0]),
    releaseMb: Number(/peak memory of this command: (\d+) MB/.exec(released.output)?.[1]),
  }
}

/** The site as main last left it (a cold build, live), then the three publishes. */
async function publishes(studies: number): Promise<Measured[]> {
  const dir = projectCopy()
  addCaseStudies(dir, studies)
  git(dir, "init", "-q", "-b", "main")
  git(dir, "add", "-A")
  git(dir, "commit", "-q", "-m", "The site as last released")
  console.log(`\n=== ${studies} studies: main's last build, cold, then live`)
  const last = await buildCopy(dir)
  if (last.status !== 0) throw new Error(`the copy did not build: ${last.output.slice(-2000)}`)
  const host = await startReleaseHost({ projectDir: dir })
  try {
    const measured: Measured[] = []
    for (const kind of PUBLISHES) measured.push(await publish(dir, host, studies, kind))
    return measured
  } finally {
    await host.stop()
    fs.rmSync(dir, { recursive: true, force: true })
  }
}

const seconds = (value: number | undefined) => (value === undefined ? "" : `${value.toFixed(1)} s`)

const megabytes = (bytes: number) => `${(bytes / MB).toFixed(1)} MB`

/** Each verdict the issue sets, as measured in this run. */
function verdicts(results: Measured[]): string[] {
  const at = (studies: number, publish: Publish) =>
    results.find((result) => result.studies === studies && result.publish === publish)?.totalSeconds
  const lines: string[] = []
  const ratio = (label: string, value: number | undefined, base: number | undefined, limit: number) => {
    if (value === undefined || base === undefined) return
    const measured = value / base
    lines.push(`- ${label}: ${measured.toFixed(2)} (at most ${limit}) ${measured <= limit ? "met" : "**not met**"}`)
  }
  for (const warm of ["warm, first", "warm, next"] as const)
    ratio(`${warm} publish, 500 studies against 6`, at(500, warm), at(6, warm), 1.5)
  for (const warm of ["warm, first", "warm, next"] as const)
    ratio(`cold publish at 500 studies against the ${warm} one`, at(500, "cold"), at(500, warm), 3)
  ratio(
    "site-wide change at 500 studies against one title's (warm, next)",
    at(500, "site-wide"),
    at(500, "warm, next"),
    3,
  )
  return lines
}

async function main() {
  const counts = process.argv
    .slice(2)
    .filter((arg) => /^\d+$/.test(arg))
    .map(Number)
  const results: Measured[] = []
  for (const studies of counts.length ? counts : DEFAULT_COUNTS) results.push(...(await publishes(studies)))
  const names = ["path", ...PUBLISH_STEPS, "upload", "release", "live answers"]
  const table = [
    `Measured ${new Date().toISOString().slice(0, 10)} on ${os.cpus().length} × ${os.cpus()[0].model.trim()}, Node ${process.version}, dependencies installed: one study's title changed and committed, until the live site answers with it; main's last build cold, then two publishes with Gatsby's cache, one with the contact email changed instead (every page's data), then one without the cache.`,
    "",
    `| case studies | publish | pages checked | ${names.join(" | ")} | commit to live | uploaded (of the artifact) | added on disk | all releases on disk | release's peak memory |`,
    `| --: | --- | --: | ${names.map(() => "--:").join(" | ")} | --: | --: | --: | --: | --: |`,
    ...results.map(
      (result) =>
        `| ${result.studies} | ${result.publish} | ${result.changedPages} | ${names
          .map((name) => seconds(result.steps.find(([step]) => step === name)?.[1]))
          .join(
            " | ",
          )} | **${seconds(result.totalSeconds)}** | ${result.upload.files} files, ${megabytes(result.upload.bytes)} (of ${result.upload.artifactFiles}, ${megabytes(result.upload.artifactBytes)}) | ${result.addedMb.toFixed(1)} MB | ${result.releasesMb} MB | ${result.releaseMb} MB |`,
    ),
    "",
    ...verdicts(results),
  ].join("\n")
  console.log(`\n${table}`)
  if (process.argv.includes("--write")) writeDocBlock("deploying.md", "publish", table)
}

main().catch((error: Error) => {
  console.error(error)
  process.exit(1)
})
