/**
 * The editors' calendar on the build server (docs/deploying.md, "The calendar"): every ten minutes
 * `npm run calendar:due` reads the live site's stamp (its commit, its build's clock) and that commit's
 * case studies, and only when a `goLiveAt` or `expireAt` has passed since does the run build that
 * commit at this clock (SITE_CLOCK) and release it. A publish the host held for the calendar comes
 * first (`heldDecision`). A timed run names what it releases by the live commit and its clock
 * (`name`, e.g. 3f2a9c1d-20261201T0800Z).
 */
import { spawnSync } from "node:child_process"
import fs from "node:fs"
import { parseArgs } from "node:util"
import { readClock } from "../../contracts/clock"
import { RELEASE_STAMP_PATH, type ReleaseStamp } from "../../contracts/release-stamp"
import {
  type HeldCommit,
  type StagedOnHost,
  descendsFrom,
  readHeldFile,
  readStagedFile,
  readStamp,
} from "./calendar-inputs"
import {
  type CalendarChange,
  calendarChanges,
  type ScheduledStudy,
  changesDue,
  isServedAt,
  scheduledStudyOf,
} from "../../model/schedule"
import { EDITORS_ZONE_NAME, editorsTime } from "../../contracts/editors-time"
import { readSiteSettings } from "../../lib/site-settings"
import { CASE_STUDIES } from "../../model/registry"

/** The case studies' folder, from the repository's root. */
const STUDIES_FOLDER = `content/${CASE_STUDIES.location}`

export interface CalendarDecision {
  due: boolean
  /** The commit the run builds: the live one again, or a publish held for the calendar. */
  commit: string
  /** The commit the release replaces, and must still find live (`release --replacing`). */
  replacing: string
  /** Whether `commit` is a publish held for the calendar. */
  held: boolean
  /** The clock the run builds with: the time it decided at. */
  clock: string
  /** What names the timed release: the commit's first eight characters and the clock, to the minute. */
  name: string
  changes: CalendarChange[]
  /** In a sentence, for the run's log and the release's description. */
  summary: string
}

/** A git command in `repository`: its output, or an error with git's own words. */
function git(repository: string, ...args: string[]): string {
  const result = spawnSync("git", ["-C", repository, ...args], { encoding: "utf8", maxBuffer: 256 * 1024 * 1024 })
  if (result.status !== 0) throw new Error(`git ${args.join(" ")}: ${result.stderr.trim() || result.error}`)
  return result.stdout
}

/** The case studies of `commit` (their calendar fields), read from git without checking it out. */
export function studiesAt(
  commit: string,
  repository = ".",
  include: (name: string) => boolean = () => true,
): ScheduledStudy[] {
  return git(repository, "ls-tree", "--name-only", `${commit}:${STUDIES_FOLDER}`)
    .split("\n")
    .filter((name) => name.endsWith(".json") && include(name))
    .flatMap((name) => {
      const study = scheduledStudyOf(JSON.parse(git(repository, "show", `${commit}:${STUDIES_FOLDER}/${name}`)))
      return study ? [study] : []
    })
}

const describeChange = (change: CalendarChange, now: Date) =>
  `${change.slug} ${change.kind} at ${editorsTime(change.at, now)}`

/** A UTC time to the minute, as a run's name carries it: 20261201T0802Z. */
const minuteOf = (iso: string) => iso.replace(/[-:]/g, "").replace(/\d\d\.\d+Z$/, "Z")

/** Whether the live release (its stamp) misses a change of the calendar at `now`, and what names the release. */
export function calendarDecision(stamp: ReleaseStamp, studies: readonly ScheduledStudy[], now: Date): CalendarDecision {
  // A stamp from before the calendar has no clock: its build time is when it judged what it shows.
  const builtFor = new Date(stamp.clock ?? stamp.builtAt)
  const changes = changesDue(studies, builtFor, now)
  const minute = minuteOf(now.toISOString())
  const since = `the live release (${stamp.commit.slice(0, 8)}, built for ${editorsTime(builtFor.toISOString(), now)})`
  return {
    due: changes.length > 0,
    commit: stamp.commit,
    replacing: stamp.commit,
    held: false,
    clock: now.toISOString(),
    name: `${stamp.commit.slice(0, 8)}-${minute}`,
    changes,
    summary:
      changes.length > 0
        ? `Due since ${since}: ${changes.map((change) => describeChange(change, now)).join("; ")} (${EDITORS_ZONE_NAME})`
        : `Nothing due since ${since}`,
  }
}

/**
 * The publish to rebuild at `now`: the newest held commit that is newer than the live one
 * (`isNewer`: the live commit is its ancestor), built at this clock and released over the live one;
 * null when none is (a newer publish went live since, or none was held).
 */
export function heldDecision(
  stamp: ReleaseStamp,
  held: readonly HeldCommit[],
  isNewer: (commit: string) => boolean,
  now: Date,
): CalendarDecision | null {
  const newest = [...held]
    .sort((a, b) => Date.parse(b.heldAt) - Date.parse(a.heldAt))
    .find((entry) => entry.commit !== stamp.commit && isNewer(entry.commit))
  if (!newest) return null
  const short = newest.commit.slice(0, 8)
  return {
    due: true,
    commit: newest.commit,
    replacing: stamp.commit,
    held: true,
    clock: now.toISOString(),
    name: `${short}-${minuteOf(now.toISOString())}`,
    changes: [],
    summary: `Held for the calendar since ${editorsTime(newest.heldAt, now)} (${EDITORS_ZONE_NAME}): ${short} built again at ${editorsTime(now.toISOString(), now)} to replace the live ${stamp.commit.slice(0, 8)}`,
  }
}

export interface StageDecision {
  stage: boolean
  /** The next change's time, the clock to build and stage for; null when none comes within the horizon. */
  at: string | null
  summary: string
}

/**
 * What to stage on the nginx host ahead of time, so that its own timer makes the next change on the
 * minute with the build server away: the live commit built at the next change's time, when that time
 * comes within `horizonMs` and the host has not staged it yet.
 */
export function stageDecision(
  stamp: ReleaseStamp,
  studies: readonly ScheduledStudy[],
  now: Date,
  horizonMs: number,
  staged: readonly StagedOnHost[],
): StageDecision {
  const next = calendarChanges(studies).find(
    (change) => Date.parse(change.at) > now.getTime() && Date.parse(change.at) <= now.getTime() + horizonMs,
  )
  if (!next) return { stage: false, at: null, summary: "Nothing to stage: no change within the horizon" }
  const at = new Date(next.at).toISOString()
  const what = describeChange(next, now)
  const already = staged.some((entry) => entry.commit === stamp.commit && Date.parse(entry.at) === Date.parse(at))
  return already
    ? { stage: false, at, summary: `Staged on the host already: ${what}` }
    : { stage: true, at, summary: `Staging ${stamp.commit.slice(0, 8)} built for ${at}: ${what}` }
}

/**
 * The clock a draft's preview is built with: the latest `goLiveAt` still to come among the studies
 * the draft changes, so the preview shows each of them as it will look once live; null (the real
 * time) when the draft schedules none, or when no one time shows them all (one would have come down).
 */
export function previewClock(changed: readonly ScheduledStudy[], now: Date): string | null {
  const scheduled = changed.filter((study) => study.goLiveAt && Date.parse(study.goLiveAt) > now.getTime())
  if (scheduled.length === 0) return null
  const clock = new Date(Math.max(...scheduled.map((study) => Date.parse(study.goLiveAt!))))
  return scheduled.every((study) => isServedAt(study, clock)) ? clock.toISOString() : null
}

/** The case studies a draft changes (its files between `base` and HEAD), as HEAD has them. */
function changedStudies(base: string, repository: string): ScheduledStudy[] {
  const changed = git(repository, "diff", "--name-only", "--diff-filter=AM", base, "HEAD", "--", STUDIES_FOLDER)
  const names = new Set(
    changed
      .split("\n")
      .filter(Boolean)
      .map((file) => file.slice(STUDIES_FOLDER.length + 1)),
  )
  return studiesAt("HEAD", repository, (name) => names.has(name))
}

/**
 * npm run calendar:due [-- --stamp URL|FILE] [--repository DIR]: the decision, printed, and on GitHub
 * Actions the step's outputs (due, commit, clock, name, summary). The stamp defaults to the live
 * site's (the settings' site URL). The clock is the process's (contracts/clock.ts).
 */
if (require.main === module) {
  const { values } = parseArgs({
    options: {
      stamp: { type: "string" },
      repository: { type: "string", default: "." },
      "preview-of": { type: "string" },
      // The nginx host: stage the next change within MINUTES, unless the host's staged.json (FILE) has it.
      ahead: { type: "string" },
      staged: { type: "string" },
      // Publishes the host held for the calendar (FILE, listed by the workflow from the release statuses).
      held: { type: "string" },
    },
  })
  if (values["preview-of"]) {
    // npm run calendar:due -- --preview-of BASE: the clock for a draft's preview (output `clock`).
    const clock = previewClock(changedStudies(values["preview-of"], values.repository), readClock(process.env).now)
    console.log(
      clock
        ? `The preview shows the site at ${clock}, when the draft's studies are live`
        : "The preview shows the site now",
    )
    if (process.env.GITHUB_OUTPUT) fs.appendFileSync(process.env.GITHUB_OUTPUT, `clock=${clock ?? ""}\n`)
    process.exit(0)
  }
  const siteUrl = () => readSiteSettings(`${values.repository}/content`).siteUrl
  const source = values.stamp ?? new URL(RELEASE_STAMP_PATH, siteUrl()).href
  readStamp(source)
    .then((stamp) => {
      const now = readClock(process.env).now
      const studies = studiesAt(stamp.commit, values.repository)
      const decision =
        heldDecision(stamp, readHeldFile(values.held), descendsFrom(values.repository, stamp.commit), now) ??
        calendarDecision(stamp, studies, now)
      console.log(decision.summary)
      if (decision.due) console.log(`Building ${decision.commit} at ${decision.clock} as ${decision.name}`)
      // Nothing due now: what the host's own timer should be handed for later (`build` and `mode`).
      const ahead =
        !decision.due && values.ahead
          ? stageDecision(stamp, studies, now, Number(values.ahead) * 60_000, readStagedFile(values.staged))
          : null
      if (ahead) console.log(ahead.summary)
      if (process.env.GITHUB_OUTPUT) {
        const outputs = {
          due: decision.due,
          build: decision.due || Boolean(ahead?.stage),
          mode: ahead?.stage ? "stage" : "release",
          commit: decision.commit,
          replacing: decision.replacing,
          held: decision.held,
          clock: ahead?.stage ? ahead.at : decision.clock,
          name: ahead?.stage ? `${decision.commit.slice(0, 8)}-staged-${minuteOf(ahead.at!)}` : decision.name,
        }
        fs.appendFileSync(
          process.env.GITHUB_OUTPUT,
          `${Object.entries(outputs)
            .map(([key, value]) => `${key}=${String(value)}`)
            .join("\n")}\nsummary=${decision.summary.replace(/\n/g, " ")}\n`,
        )
      }
    })
    .catch((error: Error) => {
      console.error(`The calendar could not be read: ${error.message}`)
      process.exit(1)
    })
}
