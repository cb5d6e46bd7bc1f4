/**
 * `npm run bench`: one table of how fast the site is. Times a cold and a warm `gatsby build`, runs
 * Lighthouse (test/lighthouse/lighthouse-ci.mjs: every route, mobile and desktop, as many runs as
 * quality-budgets.json says; each value's median is reported) and adds the exact byte weights of each page. With `--write` the table replaces the Performance
 * table in docs/performance.md, dated and with the machine it ran on.
 */
import { execSync, spawnSync } from "node:child_process"
import fs from "node:fs"
import os from "node:os"
import path from "node:path"
import { builtPages } from "../../build-steps/post-build/built-pages"
import { qualityBudgets } from "../../deploy/lib/quality-budgets"
import { writeDocBlock } from "./doc-block"
import { kB, pageWeight, routeOf } from "../../deploy/lib/page-weight"

const ROOT = path.resolve(__dirname, "../..")
const PUBLIC = path.join(ROOT, "public")
const env = { ...process.env, GATSBY_TELEMETRY_DISABLED: "1" }

function timed(command: string): number {
  const started = Date.now()
  execSync(command, { cwd: ROOT, env, stdio: "inherit" })
  return (Date.now() - started) / 1000
}

/** A route's medians, as test/lighthouse/lighthouse-ci.mjs writes them to .tmp/lighthouse/<preset>/summary.json. */
interface RouteSummary {
  categories: Record<string, number>
  firstContentfulPaintMs: number
  largestContentfulPaintMs: number
  totalBlockingTimeMs: number
  cumulativeLayoutShift: number
  speedIndexMs: number
  /** The host's benchmark index in the route's runs, and the CPU slowdown that made it the device. */
  benchmarkIndex: number
  cpuSlowdown: number
}

const summaries = (preset: string): Array<[string, RouteSummary]> =>
  Object.entries(
    JSON.parse(fs.readFileSync(path.join(ROOT, ".tmp/lighthouse", preset, "summary.json"), "utf8")) as Record<
      string,
      RouteSummary
    >,
  )

const ms = (value: number) => `${Math.round(value)}`
const score = (summary: RouteSummary, category: string) => `${Math.round(summary.categories[category] * 100)}`

function main() {
  console.log("Cold build (gatsby clean, then build)...")
  const cold = timed("npx gatsby clean && npx gatsby build")
  console.log("Warm build (cache kept)...")
  const warm = timed("npx gatsby build")

  const lighthouse = spawnSync("node", ["test/lighthouse/lighthouse-ci.mjs"], { cwd: ROOT, env, stdio: "inherit" })
  const weights = new Map(
    builtPages(PUBLIC)
      .filter((page) => !page.includes("404"))
      .map((page) => [routeOf(PUBLIC, page), pageWeight(PUBLIC, page)]),
  )

  const rows: string[] = [
    "| Route | Preset | Perf | A11y | BP | SEO | FCP ms | LCP ms | TBT ms | CLS | SI ms | Host index | CPU x | First-load JS kB | Total kB |",
    "|---|---|--:|--:|--:|--:|--:|--:|--:|--:|--:|--:|--:|--:|--:|",
  ]
  for (const preset of ["mobile", "desktop"]) {
    for (const [route, summary] of summaries(preset)) {
      const weight = weights.get(route)
      rows.push(
        `| ${route} | ${preset} | ${score(summary, "performance")} | ${score(summary, "accessibility")} | ${score(summary, "best-practices")} | ${score(summary, "seo")} | ${ms(summary.firstContentfulPaintMs)} | ${ms(summary.largestContentfulPaintMs)} | ${ms(summary.totalBlockingTimeMs)} | ${summary.cumulativeLayoutShift.toFixed(3)} | ${ms(summary.speedIndexMs)} | ${summary.benchmarkIndex} | ${summary.cpuSlowdown.toFixed(2)} | ${weight ? kB(weight.firstLoadJs) : "-"} | ${weight ? kB(weight.total) : "-"} |`,
      )
    }
  }
  const machine = `${os.cpus().length} × ${os.cpus()[0]?.model.trim() ?? "CPU"}, ${Math.round(os.totalmem() / 2 ** 30)} GB, Node ${process.version}, Chromium ${chromiumVersion()}`
  const date = new Date().toISOString().slice(0, 10)
  const { runs } = qualityBudgets().lighthouse
  const table = [
    `Measured ${date} on ${machine}. Builds: cold ${cold.toFixed(0)} s, warm ${warm.toFixed(0)} s.`,
    `Lighthouse 12.8 (test/lighthouse/lighthouse-ci.mjs), each value from ${runs.mobile} run(s) on mobile and ${runs.desktop} on desktop per route (the median of up to ${runs.confirm.mobile} and ${runs.confirm.desktop} for one over budget), site served by nginx as deployed (precompressed brotli), each run on the same phone or desktop whatever the host (its CPU slowdown from the host's benchmark index, docs/testing.md);`,
    "bytes from the build (kB = 1000 bytes, text gzip -9; see `npm run budgets`).",
    "",
    ...rows,
  ].join("\n")
  console.log(`\n${table}\n`)

  if (process.argv.includes("--write")) {
    writeDocBlock("performance.md", "bench", table)
    console.log("docs/performance.md table updated.")
  }
  if (lighthouse.status !== 0) {
    console.error("Lighthouse budgets failed (the table above shows where).")
    process.exitCode = 1
  }
}

function chromiumVersion(): string {
  try {
    return execSync(`${process.env.CHROME_PATH ?? "/usr/bin/chromium"} --version`, { encoding: "utf8" })
      .replace(/[^\d.]/g, " ")
      .trim()
      .split(/\s+/)[0]
  } catch {
    return "unknown"
  }
}

main()
