/**
 * npm run bench:links: the link gate (deploy/publish/gates/check-links.ts) over every page of the
 * site grown to 500 case studies, five times in a row over the same build, as a publish that checks
 * every page runs it. A gate judges the site, so the five verdicts must be the same: the same exit
 * status, the same count of links checked and broken. With --busy, a noisy neighbour runs beside
 * every pass (`stress-ng --cpu 2 --cpu-load 50`, from Debian's package), as on a shared build server.
 *
 * Usage: tsx test/bench/bench-links.ts [--write] [--busy] [studies]
 *   (--write writes the table into docs/testing.md; studies: 500 unless given)
 */
import { type ChildProcess, spawn } from "node:child_process"
import fs from "node:fs"
import path from "node:path"
import { ensureSystemPackage } from "../../deploy/lib/system-packages"
import { buildCopy, projectCopy } from "../support/project-copy"
import { runCommand } from "../support/run-command"
import { addCaseStudies } from "../support/scale-content"
import { writeDocBlock } from "./doc-block"

const ROOT = path.resolve(__dirname, "../..")
const RUNS = 5
const args = process.argv.slice(2)
const write = args.includes("--write")
const busy = args.includes("--busy")
const studies = Number(args.find((arg) => /^\d+$/.test(arg)) ?? 500)

interface Pass {
  status: number | null
  seconds: number
  /** linkinator's summary line, and the links it said were broken. */
  summary: string
  broken: string[]
}

async function linkGate(publicDir: string): Promise<Pass> {
  const { status, output, seconds } = await runCommand(
    process.execPath,
    [
      path.join(ROOT, "node_modules/tsx/dist/cli.mjs"),
      path.join(ROOT, "deploy/publish/gates/check-links.ts"),
      publicDir,
    ],
    { cwd: ROOT, env: { CHECK_PAGES: "", NO_COLOR: "1" } },
  ).done
  const lines = output.split("\n")
  return {
    status,
    seconds,
    summary: lines.find((line) => line.startsWith("linkinator:")) ?? output.trim().split("\n").at(-1)!,
    broken: lines.filter((line) => line.startsWith("broken:")),
  }
}

/** What a verdict is made of: the status and the counts, not the time or the retries it took. */
const verdict = (pass: Pass) => `${pass.status} ${pass.summary.replace(/;[^;]*tried again.*$/, "")}`

async function main() {
  const copy = projectCopy()
  let neighbour: ChildProcess | null = null
  try {
    addCaseStudies(copy, studies)
    console.log(`Building ${studies} case studies in ${copy}…`)
    const built = await buildCopy(copy)
    if (built.status !== 0) throw new Error(`the build failed: ${built.output.slice(-2000)}`)
    if (busy)
      neighbour = spawn(ensureSystemPackage("stress-ng"), ["--cpu", "2", "--cpu-load", "50"], { stdio: "ignore" })
    const passes: Pass[] = []
    for (let run = 1; run <= RUNS; run++) {
      const pass = await linkGate(path.join(copy, "public"))
      passes.push(pass)
      console.log(`pass ${run}: exit ${pass.status} in ${pass.seconds.toFixed(0)} s: ${pass.summary}`)
      for (const line of pass.broken.slice(0, 10)) console.log(`  ${line}`)
    }
    const verdicts = new Set(passes.map(verdict))
    const same = verdicts.size === 1
    const passed = same && passes[0].status === 0
    const table = [
      `| pass | exit | seconds | linkinator's summary |`,
      `| ---: | ---: | ------: | -------------------- |`,
      ...passes.map(
        (pass, index) => `| ${index + 1} | ${pass.status} | ${pass.seconds.toFixed(0)} | ${pass.summary} |`,
      ),
      "",
      `${studies} case studies, ${busy ? "`stress-ng --cpu 2 --cpu-load 50` beside every pass" : "nothing beside it"}, ` +
        `measured ${new Date().toISOString().slice(0, 10)}: ${same ? "the same verdict each time" : "verdicts differ"}.`,
    ].join("\n")
    console.log(`\n${table}`)
    if (write) writeDocBlock("testing.md", "bench-links", table)
    if (!passed) {
      console.error(
        same ? "\nThe link gate failed five times alike: the site has broken links." : "\nThe verdicts differ.",
      )
      process.exitCode = 1
    }
  } finally {
    neighbour?.kill()
    fs.rmSync(copy, { recursive: true, force: true })
  }
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error)
  process.exitCode = 1
})
