/** `report`: the host's hourly count of the demo funnel (deploy/release/visits-report.ts). */
import path from "node:path"
import { REPORT_DIR } from "../root/layout"
import { writeReport } from "../visits-report"
import { command, text } from "./command"
import { ROOT } from "./options"

export const reportCommand = command({
  name: "report",
  summary: "The host's timer, every hour: the demo funnel counted from nginx's log into DIR/report/.",
  options: {
    ...ROOT,
    log: text("FILE", "the log to count, with its rotated days beside it (default: DIR/logs/access.log)"),
  },
  run: async (values) => {
    const root = path.resolve(values.root)
    const counts = await writeReport(root, values.log ? { logFile: path.resolve(values.log) } : {})
    console.log(
      `Report written to ${path.join(root, REPORT_DIR)}: ${Object.keys(counts.days).length} days counted; peak memory of this command: ${(process.resourceUsage().maxRSS / 1024).toFixed(0)} MB`,
    )
  },
})
