/** What the operator reads once a release or a rollback is live (commands/release.ts, rollback.ts). */
import path from "node:path"
import { megabytes } from "../root/disk"
import { LIVE, RELEASE_SCRIPT, releasesDir } from "../root/layout"
import type { SwitchReport } from "../nginx-control"
import type { ReleaseReport } from "../releases"

export function switched(
  done: string,
  report: SwitchReport & Partial<Pick<ReleaseReport, "removed" | "files">>,
  root: string,
  from: string | null,
  started: number,
): void {
  const seconds = ((performance.now() - started) / 1000).toFixed(1)
  console.log(`
${done} ${report.live} in ${seconds} s: ${path.join(root, LIVE)} -> ${path.join(releasesDir(root), report.live)}
  switch (links and nginx reload): ${report.switchMs.toFixed(0)} ms
  pages loaded before it keep their scripts from: ${report.outgoing ?? "(none: first release)"}
  sign-in service: ${report.authService}${report.files ? `\n  files: ${report.files.copied} copied (${megabytes(report.files.addedBytes)} added on disk), ${report.files.linked} linked from the releases kept (${megabytes(report.files.linkedBytes)})` : ""}${report.removed?.length ? `\n  removed old releases: ${report.removed.join(", ")}` : ""}
  back to the previous one: ${from ? `node ${path.join(root, LIVE, RELEASE_SCRIPT)} rollback` : "npm run rollback --"} --root ${root}
  peak memory of this command: ${(process.resourceUsage().maxRSS / 1024).toFixed(0)} MB${report.setup ? `\n\n${report.setup}` : ""}`)
}
