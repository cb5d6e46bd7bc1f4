/**
 * npm run bench:publish: an editor's publish, timed from the commit to the live site answering with
 * it, through the publish path as the build server runs it (docs/deploying.md), step by step, on
 * this machine: in a copy of the project with 6 and 500 case studies (test/support/scale-content.ts),
 * with Gatsby's cache warm (kept from the last build) and cold (lost), and the release command's peak
 * memory on the host. Each scenario:
 *
 *   1. the site as last released: built, and live on a release host (nginx, test/support/release-host.ts)
 *   2. an editor's commit: one study's title changed (cold: .cache/ and public/ then removed)
 *   3. the path it takes (npm run publish:path), then npm run publish:build (its steps timed)
 *   4. the artifact uploaded (copied to a folder outside the project) and released there with
 *      Node alone (`node release.cjs release`), as the host does
 *   5. polled until the live site's /release.json names the commit and the study's page has the title
 *
 * Usage: tsx test/bench/bench-publish.ts [--write] [--only-warm | --only-cold] [count...]   (--write writes the table into docs/deploying.md)
 */
import { spawn, spawnSync } from "node:child_process"
import fs from "node:fs"
import os from "node:os"
import path from "node:path"
import { RELEASE_STAMP_PATH, readReleaseStamp } from "../../contracts/release-stamp"
import { buildCopy, editJson, projectCopy } from "../support/project-copy"
import { fetchTrusting, startReleaseHost } from "../support/release-host"
import { RELEASE_SCRIPT } from "../../deploy/release/layout"
import { addCaseStudies } from "../support/scale-content"
import { writeDocBlock } from "./doc-block"
import { PUBLISH_STEPS } from "../../deploy/publish/publish"

const DEFAULT_COUNTS = [6, 500]
const STUDY = "content/case-studies/wine.json"

interface Scenario {
  studies: number
  cache: "warm" | "cold"
  path: string
  /** Seconds of each step, in order. */
  steps: Array<[string, number]>
  changedPages: string
  totalSeconds: number
  releaseMb: number
}

/** Runs a command in `cwd`, output shown; resolves with its exit status and output. */
function run(cwd: string, command: string, args: string[]): Promise<{ ok: boolean; output: string; seconds: number }> {
  const started = performance.now()
  const child = spawn(command, args, {
    cwd,
    env: { ...process.env, GATSBY_TELEMETRY_DISABLED: "1", CI: "true", NO_COLOR: "1" },
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

async function scenario(studies: number, cache: "warm" | "cold"): Promise<Scenario> {
  const dir = projectCopy()
  addCaseStudies(dir, studies)
  git(dir, "init", "-q", "-b", "main")
  git(dir, "add", "-A")
  git(dir, "commit", "-q", "-m", "The site as last released")
  const upload = fs.mkdtempSync(path.join(os.tmpdir(), "aurelle-upload-"))
  console.log(`\n=== ${studies} studies, cache ${cache}: the site as last released (built, then live)`)
  const last = await buildCopy(dir)
  if (last.status !== 0) throw new Error(`the copy did not build: ${last.output.slice(-2000)}`)
  const host = await startReleaseHost({ projectDir: dir })
  try {
    const steps: Array<[string, number]> = []
    if (cache === "cold")
      for (const folder of [".cache", "public"]) fs.rmSync(path.join(dir, folder), { recursive: true, force: true })
    // The editor's publish reaches main.
    const title = `Tracing Allocations for a Grand Cru House, revised`
    editJson(path.join(dir, STUDY), (data) => (data.title = title))
    git(dir, "commit", "-q", "-am", "Content: update case study “wine”")
    const commit = git(dir, "rev-parse", "HEAD")
    const started = performance.now()
    const decided = await run(dir, "npx", ["tsx", "deploy/publish/path.ts", "--base", "HEAD~1", "--head", "HEAD"])
    steps.push(["path", decided.seconds])
    const path_ = /^(\w+) path/m.exec(decided.output)?.[1] ?? "?"
    if (path_ !== "publish") throw new Error(`the content commit took the ${path_} path`)
    const published = await run(dir, "npx", ["tsx", "deploy/publish/publish.ts"])
    if (!published.ok) throw new Error(`the publish path refused the change:\n${published.output.slice(-3000)}`)
    const publishSteps = JSON.parse(fs.readFileSync(path.join(dir, ".tmp/publish/steps.json"), "utf8")) as Array<{
      name: string
      seconds: number
      note?: string
    }>
    for (const { name, seconds } of publishSteps) steps.push([name, seconds])
    const changedPages = publishSteps.find((step) => step.name === "changed pages")?.note ?? ""
    // The upload: the artifact to a folder on the host, outside any project.
    let mark = performance.now()
    fs.cpSync(path.join(dir, ".artifact"), upload, { recursive: true })
    steps.push(["upload", (performance.now() - mark) / 1000])
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
    if (!released.ok) throw new Error(`the release failed:\n${released.output}`)
    steps.push(["release", released.seconds])
    const releaseMb = Number(/peak memory of this command: (\d+) MB/.exec(released.output)?.[1])
    mark = performance.now()
    for (;;) {
      const stamp = readReleaseStamp(
        JSON.parse((await fetchTrusting(`${host.url}${RELEASE_STAMP_PATH}`, host.ca)).body),
      )
      const page = await fetchTrusting(`${host.url}/case-studies/wine/`, host.ca)
      if (stamp?.commit === commit && page.body.includes(title)) break
      if (performance.now() - mark > 60_000) throw new Error("the live site never answered with the commit")
      await new Promise((resolve) => setTimeout(resolve, 100))
    }
    steps.push(["live answers", (performance.now() - mark) / 1000])
    const totalSeconds = (performance.now() - started) / 1000
    return { studies, cache, path: path_, steps, changedPages, totalSeconds, releaseMb }
  } finally {
    await host.stop()
    fs.rmSync(upload, { recursive: true, force: true })
    fs.rmSync(dir, { recursive: true, force: true })
  }
}

const seconds = (value: number | undefined) => (value === undefined ? "" : `${value.toFixed(1)} s`)

async function main() {
  const counts = process.argv
    .slice(2)
    .filter((arg) => /^\d+$/.test(arg))
    .map(Number)
  const results: Scenario[] = []
  const caches = (["warm", "cold"] as const).filter(
    (cache) => !process.argv.includes(`--only-${cache === "warm" ? "cold" : "warm"}`),
  )
  for (const studies of counts.length ? counts : DEFAULT_COUNTS) {
    for (const cache of caches) results.push(await scenario(studies, cache))
  }
  const names = ["path", ...PUBLISH_STEPS, "upload", "release", "live answers"]
  const table = [
    `Measured ${new Date().toISOString().slice(0, 10)} on ${os.cpus().length} × ${os.cpus()[0].model.trim()}, Node ${process.version}, dependencies installed: one study's title changed and committed, until the live site answers with it.`,
    "",
    `| case studies | Gatsby's cache | pages checked | ${names.join(" | ")} | commit to live | release's peak memory |`,
    `| --: | --- | --: | ${names.map(() => "--:").join(" | ")} | --: | --: |`,
    ...results.map(
      (result) =>
        `| ${result.studies} | ${result.cache} | ${result.changedPages} | ${names
          .map((name) => seconds(result.steps.find(([step]) => step === name)?.[1]))
          .join(" | ")} | **${seconds(result.totalSeconds)}** | ${result.releaseMb} MB |`,
    ),
  ].join("\n")
  console.log(`\n${table}`)
  if (process.argv.includes("--write")) writeDocBlock("deploying.md", "publish", table)
}

main().catch((error: Error) => {
  console.error(error)
  process.exit(1)
})
