/**
 * `release`: an artifact, or the project built here first, made live on the nginx host; with --at,
 * staged to go live then (deploy/release/releases.ts).
 */
import { spawnSync } from "node:child_process"
import { isCommitHash } from "../../../contracts/values"
import { TICK_TIMER, writeGateScript, writeReportHostFiles, writeTickUnits } from "../host-units"
import { release, stage } from "../releases"
import { HELD_STATUS } from "../stamp"
import { Refused, command, flag, optional } from "./command"
import { PROJECT_DIR, hostOf } from "./host"
import { FROM, HOST, time } from "./options"
import { switched } from "./switched"

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

const commit = (value: string): string => {
  if (!isCommitHash(value))
    throw new Refused(`must be a commit's full hash (40 hexadecimal characters), not ${JSON.stringify(value)}`)
  return value
}

export const releaseCommand = command({
  name: "release",
  summary: `The build made live on the nginx host: copied, checked by nginx, switched to, the newest --keep kept.
A build held for the calendar (it serves a case study that came down since it was made) changes
nothing and exits with status ${HELD_STATUS}; --replacing a commit no longer live exits with status 3.`,
  options: {
    ...HOST,
    ...FROM,
    "older-commit": flag(
      "release a build of a commit older than the live one's: an explicit going back to a build no longer kept (otherwise refused; rollback needs none)",
    ),
    at: optional(
      "TIME",
      "stage the build (made with SITE_CLOCK=TIME, over the live commit) to go live at TIME: copied and checked now, made live by the host's timer (tick)",
      time("when the staged build goes live"),
    ),
    replacing: optional(
      "COMMIT",
      "release only while the live release is of COMMIT (the calendar's timed run): otherwise change nothing, say so and exit with status 3",
      commit,
    ),
  },
  run: async (values) => {
    const started = performance.now()
    const { settings, from, nginxOptions } = hostOf(values, { needsCertificates: true })
    // The host's timers run the live release's own command with the nginx options this one was given.
    const units = () => {
      if (!from) return
      writeTickUnits(settings.root, nginxOptions)
      writeReportHostFiles(settings.root)
      writeGateScript(settings.root)
    }
    if (values.at) {
      if (!from) throw new Error("--at stages an artifact: run the artifact's release.cjs, or name it with --from")
      const staged = await stage(from, settings, values.at)
      units()
      return console.log(
        `Staged ${staged.id} to go live at ${values.at}; the host's timer (${TICK_TIMER}) makes it live then.`,
      )
    }
    const how = { replacing: values.replacing, olderCommit: values["older-commit"] }
    const report = await (from ? release(from, settings, undefined, how) : release(PROJECT_DIR, settings, build, how))
    units()
    switched("Released", report, settings.root, from, started)
  },
})
