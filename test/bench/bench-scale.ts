/**
 * npm run bench:scale: how the build and its pages grow with the number of case studies. For each
 * count (6, 60 and 500 unless others are named), a copy of the project (test/support/project-copy.ts)
 * holds that many case studies in both languages (the shipped six and generated ones,
 * test/support/scale-content.ts) and is built twice by the real `gatsby build`: cold (no cache), then
 * warm (nothing changed). Prints, per count: both build times (and how many sharing images the warm
 * build drew again: none should be), the build's peak memory (all of its
 * processes together), pages, the size of public/, the CDN policy's header rules and longest line,
 * and what the case list, a case page and the home page weigh (deploy/lib/page-weight.ts, gzip 9).
 * Then, on each copy past one page of the list, the gates of `npm test` that read a build (html-validate,
 * the Nu Html Checker, control characters, links, byte budgets; deploy/publish/gates/check-*.ts, budgets.ts, over
 * the copy's public/), the checks a visitor would notice: the browser tests of e2e/scale.spec.ts
 * (policy, weights, browsing, search, the slowest keystroke at 4x CPU), and Lighthouse's mobile audit
 * of the list's pages (test/lighthouse/lighthouse-ci.mjs, its budgets).
 * A build that stops says why in the last column. `--write` writes the table into docs/performance.md.
 * Usage: tsx test/bench/bench-scale.ts [--write] [count...]
 */
import { spawn } from "node:child_process"
import fs from "node:fs"
import os from "node:os"
import path from "node:path"
import { filesUnder } from "../../lib/files"
import { addCaseStudies } from "../support/scale-content"
import { CASE_LIST_PAGE_SIZE } from "../../model/case-listings"
import { pageWeight } from "../../deploy/lib/page-weight"
import { COPY_BUILD_ENV, projectCopy } from "../support/project-copy"
import { writeDocBlock } from "./doc-block"

const ROOT = path.resolve(__dirname, "../..")
const GATSBY_CLI = path.join(ROOT, "node_modules/gatsby/cli.js")
const DEFAULT_COUNTS = [6, 60, 500]
const BUILD_TIMEOUT_MS = 30 * 60_000
const SAMPLE_MS = 250

interface Build {
  ok: boolean
  seconds: number
  peakMb: number
  /** Why it stopped, from its output (the first error line). */
  stopped?: string
  /** Sharing images drawn anew, and all of them (build-steps/post-build/social-images.ts reports both). */
  images?: { drawn: number; total: number }
}

interface Row {
  studies: number
  cold: Build
  warm?: Build
  pages?: number
  publicMb?: number
  headerRules?: number
  longestLine?: number
  caseListKb?: number
  caseListHtmlKb?: number
  casePageKb?: number
  homeKb?: number
  /** e2e/scale.spec.ts on the copy: passed, and the slowest keystroke it measured. */
  browser?: { ok: boolean; slowestKeystrokeMs?: number }
  /** Lighthouse, mobile, on the list's pages: within every budget. */
  lighthouse?: { ok: boolean; summary: string }
  /** The build's own gates over the copy: those that failed. */
  gates?: { failed: string[] }
}

/** Runs a command in the project, its output kept; resolves with its exit status and output. */
function run(command: string, args: string[], env: Record<string, string>): Promise<{ ok: boolean; output: string }> {
  const child = spawn(command, args, { cwd: ROOT, env: { ...process.env, ...env }, stdio: ["ignore", "pipe", "pipe"] })
  let output = ""
  child.stdout.on("data", (chunk) => (output += chunk))
  child.stderr.on("data", (chunk) => (output += chunk))
  return new Promise((resolve) => child.on("exit", (code) => resolve({ ok: code === 0, output })))
}

/** The list's pages Lighthouse audits on a copy: the first of all, a later one, an industry's, in both languages. */
const LIST_ROUTES = ["/case-studies/", "/case-studies/page/2/", "/case-studies/industry/watches/", "/fr/case-studies/"]

/** The gates of npm test (scripts/test.sh) that read a build, each a script given the build's folder. */
const BUILD_GATES: Record<string, string> = {
  "html-validate": "deploy/publish/gates/check-html.ts",
  "Nu Html Checker": "deploy/publish/gates/check-nu.ts",
  "control characters": "deploy/publish/gates/check-text-bytes.ts",
  links: "deploy/publish/gates/check-links.ts",
  budgets: "deploy/publish/gates/budgets.ts",
}

async function buildGates(dir: string): Promise<Pick<Row, "gates">> {
  const failed: string[] = []
  for (const [name, script] of Object.entries(BUILD_GATES)) {
    const gate = await run(path.join(ROOT, "node_modules/.bin/tsx"), [script, path.join(dir, "public")], {})
    const lines = gate.output.trim().split("\n")
    console.log(`${name}: ${gate.ok ? "pass" : "FAIL"} (${lines.at(-1)})`)
    if (!gate.ok) {
      console.log(lines.slice(-20).join("\n"))
      failed.push(name)
    }
  }
  return { gates: { failed } }
}

async function visitorChecks(dir: string, studies: number): Promise<Pick<Row, "browser" | "lighthouse">> {
  const browser = await run(
    path.join(ROOT, "node_modules/.bin/playwright"),
    ["test", "--project", "scale", "--workers=1"],
    {
      SCALE_BUILD: dir,
      SCALE_STUDIES: String(studies),
    },
  )
  const keystroke = /slowest keystroke over \d+ studies at \dx CPU: (\d+) ms/.exec(browser.output)
  if (!browser.ok) console.log(browser.output.slice(-4000))
  const lighthouse = await run(process.execPath, ["test/lighthouse/lighthouse-ci.mjs", "mobile"], {
    LIGHTHOUSE_PUBLIC_DIR: path.join(dir, "public"),
    LIGHTHOUSE_ROUTES: LIST_ROUTES.join(","),
  })
  const verdict = lighthouse.output.split("\n").filter((line) => /^\| |over budget|within budget/.test(line))
  console.log(verdict.join("\n"))
  return {
    browser: { ok: browser.ok, slowestKeystrokeMs: keystroke ? Number(keystroke[1]) : undefined },
    lighthouse: { ok: lighthouse.ok, summary: verdict.at(-1) ?? "" },
  }
}

/** The resident memory of every process in a process group, in kB (Linux /proc). */
function groupRssKb(group: number): number {
  let total = 0
  for (const entry of fs.readdirSync("/proc")) {
    if (!/^\d+$/.test(entry)) continue
    try {
      const stat = fs.readFileSync(`/proc/${entry}/stat`, "utf8")
      // Fields after the command's closing parenthesis: state, ppid, pgrp, ...
      const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ")
      if (Number(fields[2]) !== group) continue
      const rss = /VmRSS:\s+(\d+) kB/.exec(fs.readFileSync(`/proc/${entry}/status`, "utf8"))
      total += rss ? Number(rss[1]) : 0
    } catch {
      // The process ended while being read.
    }
  }
  return total
}

/** `gatsby build` in `dir`, in a process group of its own whose memory is sampled while it runs. */
function build(dir: string): Promise<Build> {
  const started = Date.now()
  const child = spawn(process.execPath, [GATSBY_CLI, "build"], {
    cwd: dir,
    detached: true,
    env: { ...process.env, ...COPY_BUILD_ENV },
    stdio: ["ignore", "pipe", "pipe"],
  })
  let output = ""
  child.stdout.on("data", (chunk) => (output += chunk))
  child.stderr.on("data", (chunk) => (output += chunk))
  let peakKb = 0
  const sampler = setInterval(() => (peakKb = Math.max(peakKb, groupRssKb(child.pid ?? -1))), SAMPLE_MS)
  const timer = setTimeout(() => process.kill(-(child.pid ?? 0), "SIGKILL"), BUILD_TIMEOUT_MS)
  return new Promise((resolve) => {
    child.on("exit", (code) => {
      clearInterval(sampler)
      clearTimeout(timer)
      const seconds = (Date.now() - started) / 1000
      resolve({
        ok: code === 0,
        seconds,
        peakMb: peakKb / 1024,
        stopped: code === 0 ? undefined : reason(output, code),
        images: imagesDrawn(output),
      })
    })
  })
}

/** What the build said of its sharing images: "Sharing images: N in public/…, M drawn, …". */
function imagesDrawn(output: string): Build["images"] {
  const said = /Sharing images: (\d+) in \S+, (\d+) drawn/.exec(output)
  return said ? { total: Number(said[1]), drawn: Number(said[2]) } : undefined
}

/**
 * Why a build stopped, from its output: the site's own message where there is one (the policy's
 * "_headers would have 157 rules; ..."), else the first error Gatsby printed.
 */
function reason(output: string, code: number | null): string {
  const lines = output.split("\n").map((line) => line.trim())
  const own = lines.find((line) => /would have \d+ rules|^Error: /.test(line))
  return (own ?? lines.find((line) => /error/i.test(line)) ?? `exit code ${code}`).replace(/^Error: /, "")
}

/** What the built copy's public/ holds: pages, size, the CDN's header rules, three pages' weights. */
function measureBuild(dir: string): Omit<Row, "studies" | "cold" | "warm"> {
  const publicDir = path.join(dir, "public")
  const files = filesUnder(publicDir)
  const headers = fs.readFileSync(path.join(publicDir, "_headers"), "utf8").split("\n")
  const weight = (route: string) => pageWeight(publicDir, path.join(publicDir, route, "index.html"))
  const kb = (bytes: number) => bytes / 1000
  const caseList = weight("case-studies")
  return {
    pages: files.filter((file) => file.endsWith("index.html") && !file.includes(`${path.sep}admin${path.sep}`)).length,
    publicMb: files.reduce((sum, file) => sum + fs.statSync(file).size, 0) / 1e6,
    headerRules: headers.filter((line) => line.startsWith("/")).length,
    longestLine: Math.max(...headers.map((line) => line.length)),
    caseListKb: kb(caseList.total),
    caseListHtmlKb: kb(caseList.html),
    casePageKb: kb(weight("case-studies/retail").total),
    homeKb: kb(weight("").total),
  }
}

async function measure(studies: number): Promise<Row> {
  const dir = projectCopy()
  try {
    addCaseStudies(dir, studies)
    const cold = await build(dir)
    if (!cold.ok) {
      // The policy's rule count is in its message when that is what stopped the build.
      const rules = /_headers would have (\d+) rules/.exec(cold.stopped ?? "")
      return { studies, cold, headerRules: rules ? Number(rules[1]) : undefined }
    }
    const warm = await build(dir)
    const checks =
      studies > CASE_LIST_PAGE_SIZE ? { ...(await buildGates(dir)), ...(await visitorChecks(dir, studies)) } : {}
    return { studies, cold, warm, ...measureBuild(dir), ...checks }
  } finally {
    fs.rmSync(dir, { recursive: true, force: true })
  }
}

const fixed = (value: number | undefined, digits = 0) =>
  value === undefined ? "" : value.toLocaleString("en-US", { maximumFractionDigits: digits })

const gatesCell = (gates: Row["gates"]) =>
  !gates ? "" : gates.failed.length === 0 ? "pass" : `**fail** (${gates.failed.join(", ")})`

function table(rows: Row[]): string {
  const lines = [
    "| case studies | cold build | warm build (sharing images redrawn) | peak memory | pages | `public/` | `_headers` rules | longest line | `/case-studies/` (its HTML) | a case page | home | slowest keystroke, 4x CPU | build gates, browser checks, mobile Lighthouse of the list | result |",
    "|--:|--:|--:|--:|--:|--:|--:|--:|--:|--:|--:|--:|---|---|",
  ]
  for (const row of rows) {
    const result = row.cold.ok ? "builds" : `**stops**: ${row.cold.stopped}`
    lines.push(
      `| ${row.studies} | ${fixed(row.cold.seconds)} s | ${row.warm ? `${fixed(row.warm.seconds)} s${row.warm.images ? ` (${row.warm.images.drawn} of ${fixed(row.warm.images.total)})` : ""}` : ""} | ${fixed(row.cold.peakMb)} MB | ${fixed(row.pages)} | ${row.publicMb === undefined ? "" : `${fixed(row.publicMb, 1)} MB`} | ${fixed(row.headerRules)} | ${fixed(row.longestLine)} | ${row.caseListKb === undefined ? "" : `${fixed(row.caseListKb, 1)} kB (${fixed(row.caseListHtmlKb, 1)} kB)`} | ${row.casePageKb === undefined ? "" : `${fixed(row.casePageKb, 1)} kB`} | ${row.homeKb === undefined ? "" : `${fixed(row.homeKb, 1)} kB`} | ${row.browser?.slowestKeystrokeMs === undefined ? "" : `${row.browser.slowestKeystrokeMs} ms`} | ${row.browser ? `${gatesCell(row.gates)}, ${row.browser.ok ? "pass" : "**fail**"}, ${row.lighthouse?.ok ? "pass" : "**fail**"}` : ""} | ${result} |`,
    )
  }
  return lines.join("\n")
}

async function main() {
  const args = process.argv.slice(2)
  const counts = args.filter((arg) => /^\d+$/.test(arg)).map(Number)
  const rows: Row[] = []
  for (const studies of counts.length > 0 ? counts : DEFAULT_COUNTS) {
    console.log(`--- ${studies} case studies: building a copy cold, then warm`)
    rows.push(await measure(studies))
    console.log(table(rows.slice(-1)).split("\n").at(-1))
  }
  const text = `${table(rows)}\n\nMeasured ${new Date().toISOString().slice(0, 10)} on ${os.cpus().length} cores (${os.cpus()[0]?.model.trim()}); weights are a first visit's bytes, gzip level 9 (deploy/lib/page-weight.ts).`
  console.log(`\n${text}`)
  if (args.includes("--write")) writeDocBlock("performance.md", "bench-scale", text)
}

main().catch((error) => {
  console.error(error)
  process.exitCode = 1
})
