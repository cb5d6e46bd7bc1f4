/**
 * `release` (an artifact, or the project built here first; with --at, staged to go live then) and
 * `rollback` (the release before the live one), on the nginx host (deploy/release/releases.ts).
 */
import { spawnSync } from "node:child_process"
import path from "node:path"
import { megabytes } from "../disk"
import { LIVE, RELEASE_SCRIPT, releasesDir } from "../layout"
import type { SwitchReport } from "../nginx-control"
import { type ReleaseReport, release, rollback, stage } from "../releases"
import { TICK_TIMER, writeReportHostFiles, writeTickUnits } from "../host-units"
import { type Options, PROJECT_DIR, fail } from "./command-line"
import { hostOf, onHost } from "./host"

/** The build in the project, as `npm run build`: its output goes to the operator's terminal. */
function build(): void {
  console.log(`Building the site in ${PROJECT_DIR} (the live release is not touched)…`)
  const result = spawnSync("npm", ["run", "build"], {
    cwd: PROJECT_DIR,
    stdio: "inherit",
    env: { ...process.env, GATSBY_TELEMETRY_DISABLED: "1" },
  })
  if (result.status !== 0) {
    throw new Error(
      `the build failed (exit ${result.status ?? result.signal}), see above: nothing was released and the live release is unchanged`,
    )
  }
}

export const releaseCommand = (options: Options): Promise<void> =>
  onHost("release", async () => {
    const started = performance.now()
    const { settings, from, nginxOptions } = hostOf(options, { needsCertificates: true })
    // The host's timers run the live release's own command with the nginx options this one was given.
    const units = () => {
      if (!from) return
      writeTickUnits(settings.root, nginxOptions)
      writeReportHostFiles(settings.root)
    }
    if (options.at) {
      if (!from) fail("--at stages an artifact: run the artifact's release.cjs, or name it with --from")
      const staged = await stage(from, settings, options.at)
      units()
      return console.log(
        `Staged ${staged.id} to go live at ${options.at}; the host's timer (${TICK_TIMER}) makes it live then.`,
      )
    }
    const how = { replacing: options.replacing, olderCommit: options["older-commit"] }
    const report = await (from ? release(from, settings, undefined, how) : release(PROJECT_DIR, settings, build, how))
    units()
    switched("Released", report, settings.root, from, started)
  })

export const rollbackCommand = (options: Options): Promise<void> =>
  onHost("rollback", async () => {
    const started = performance.now()
    const { settings, from } = hostOf(options, { needsCertificates: false })
    switched("Rolled back to", await rollback(settings), settings.root, from, started)
  })

/** What the operator reads once a release is live. */
function switched(
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
