/**
 * npm run bench:report: the host's hourly report (deploy/release/visits-report.ts) over a log of
 * LINES requests in the host's format (people and robots, both languages, demo page views), as
 * fourteen days of a busy site would leave it: the time the count takes and the command's peak
 * memory. `--write` writes the line into docs/deploying.md.
 */
import fs from "node:fs"
import os from "node:os"
import path from "node:path"
import { writeReport } from "../../deploy/release/visits-report"
import { VISITS_LOG } from "../../deploy/release/root/layout"
import { writeDocBlock } from "./doc-block"
import { siteAddresses } from "../../deploy/release/visit-counts"

const LINES = 1_000_000
const PAGES = ["/", "/case-studies/", "/case-studies/wine/", "/fr/", "/book-demo/?from=/case-studies/wine/"]
const SITE = siteAddresses(
  ["/", "/case-studies/", "/case-studies/wine/", "/fr/", "/book-demo/"],
  ["/case-studies/wine/"],
)

async function main() {
  const root = fs.mkdtempSync(path.join(os.tmpdir(), "bench-report-"))
  try {
    const log = path.join(root, VISITS_LOG)
    fs.mkdirSync(path.dirname(log), { recursive: true })
    const out = fs.openSync(log, "w")
    const start = Date.parse("2026-11-18T00:00:00Z")
    // One request every 1.2 s for fourteen days, written in blocks.
    for (let block = 0; block < LINES; block += 10_000) {
      const lines = Array.from({ length: 10_000 }, (_, index) => {
        const line = block + index
        const time = new Date(start + line * 1_200).toISOString().replace(".000Z", "+00:00")
        return [time, "203.0.113.0", "GET", PAGES[line % 5], "200", "/", line % 7 ? "person" : "robot"].join("\t")
      })
      fs.writeSync(out, `${lines.join("\n")}\n`)
    }
    fs.closeSync(out)
    const megabytes = fs.statSync(log).size / 1e6
    const started = performance.now()
    const counts = await writeReport(root, { site: SITE })
    const seconds = (performance.now() - started) / 1000
    const peak = process.resourceUsage().maxRSS / 1024
    const line = `Measured ${new Date().toISOString().slice(0, 10)} on ${os.cpus().length} × ${os.cpus()[0]?.model.trim() ?? "CPU"}, Node ${process.version}: ${LINES.toLocaleString("en")} lines (${megabytes.toFixed(0)} MB, ${Object.keys(counts.days).length} days) counted and the report written in ${seconds.toFixed(1)} s, the command's peak memory ${peak.toFixed(0)} MB.`
    console.log(line)
    if (process.argv.includes("--write")) writeDocBlock("deploying.md", "report", line)
  } finally {
    fs.rmSync(root, { recursive: true, force: true })
  }
}

main().catch((error: Error) => {
  console.error(error.message)
  process.exit(1)
})
