/** `report`: the host's hourly count of the demo funnel (deploy/release/visits-report.ts). */
import path from "node:path"
import { REPORT_DIR, writeReport } from "../visits-report"
import { USAGE } from "../usage"
import { type Options, fail, rootOf } from "./command-line"

export async function reportCommand(options: Options): Promise<void> {
  const root = rootOf(options, USAGE)
  try {
    const counts = await writeReport(root, options.log ? { logFile: path.resolve(options.log) } : {})
    console.log(
      `Report written to ${path.join(root, REPORT_DIR)}: ${Object.keys(counts.days).length} days counted; peak memory of this command: ${(process.resourceUsage().maxRSS / 1024).toFixed(0)} MB`,
    )
  } catch (error) {
    fail(`report stopped: ${(error as Error).message}`)
  }
}
