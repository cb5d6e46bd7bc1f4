/**
 * No publish stranded (deploy/release/stamp.ts `HeldForCalendar`, deploy/publish/calendar.ts
 * `heldDecision`): an editor's fix built at 17:58 while another study comes down at 18:00, reaching the
 * nginx host at 18:03. The host holds it (its build would bring the study back): the release command
 * changes nothing and exits with `HELD_STATUS`. The calendar's next run, with nobody pushing, lists it
 * as held and builds that same commit at its own clock, which the host releases over the live one:
 * the fix is live and the study stays down. Each command is run as the build server runs it (the
 * release command with its artifact, `npm run calendar:due` with the run's held.json), on the
 * release test host with the clock moved (SITE_CLOCK), over a repository of two commits. A rollback
 * to the release that served the study, once it came down, is refused and changes nothing.
 */
import { spawnSync } from "node:child_process"
import fs from "node:fs"
import os from "node:os"
import path from "node:path"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { CLOCK_VARIABLE } from "../../contracts/clock"
import { RELEASE_STAMP_PATH } from "../../contracts/release-stamp"
import { LIVE, linkedRelease } from "../../deploy/release/root/layout"
import { HELD_STATUS } from "../../deploy/release/stamp"
import { buildFolder } from "../support/build-folder"
import {
  type ReleaseHost,
  fetchTrusting,
  releaseOptions,
  servingLiveRelease,
  startReleaseHost,
} from "../support/release-host"

const PROJECT_DIR = path.resolve(__dirname, "../..")
const TSX = path.join(PROJECT_DIR, "node_modules/tsx/dist/cli.mjs")
/** The study whose licence ends at 18:00 (Zurich), and the one whose typo the editor fixes. */
const ENDING = "ending-licence"
const FIXED = "wine"
const EXPIRE_AT = "2026-12-01T18:00:00+01:00"
const at = (zurich: string) => new Date(`2026-12-01T${zurich}:00+01:00`).toISOString()

let host: ReleaseHost
let repository: string
const made: string[] = []

const git = (...args: string[]) => {
  const result = spawnSync("git", ["-C", repository, ...args], { encoding: "utf8" })
  if (result.status !== 0) throw new Error(`git ${args.join(" ")}: ${result.stderr}`)
  return result.stdout.trim()
}

/** A commit of the repository with the shipped studies and the ending one; `fix` marks the editor's change. */
function commit(message: string, fix: boolean): { commit: string; committedAt: string } {
  const studies = path.join(repository, "content/case-studies")
  fs.mkdirSync(studies, { recursive: true })
  fs.cpSync(path.join(PROJECT_DIR, "content/case-studies"), studies, { recursive: true })
  const wine = JSON.parse(fs.readFileSync(path.join(studies, `${FIXED}.json`), "utf8")) as { en: { title: string } }
  if (fix) wine.en.title = `${wine.en.title} (typo fixed)`
  fs.writeFileSync(path.join(studies, `${FIXED}.json`), JSON.stringify(wine, null, 2))
  const ending = JSON.parse(fs.readFileSync(path.join(studies, "watches.json"), "utf8")) as Record<string, unknown>
  fs.writeFileSync(path.join(studies, `${ENDING}.json`), JSON.stringify({ ...ending, expireAt: EXPIRE_AT }, null, 2))
  git("add", "-A")
  git("-c", "user.name=Editor", "-c", "user.email=editor@example.com", "commit", "-q", "--allow-empty", "-m", message)
  return { commit: git("rev-parse", "HEAD"), committedAt: new Date(git("log", "-1", "--format=%cI")).toISOString() }
}

/**
 * An artifact of `from` built at `clock`, as the build server hands it over: with the ending study's
 * page while it is served, and a file saying whether the fix is in it.
 */
function artifactOf(from: { commit: string; committedAt: string }, clock: string, fixed: boolean): string {
  const servesEnding = Date.parse(clock) < Date.parse(EXPIRE_AT)
  const source = buildFolder("held", {
    ...from,
    clock,
    studies: servesEnding ? [{ slug: ENDING, pageOf: "watches" }] : [],
    files: { "fix.txt": fixed ? "typo fixed\n" : "before the fix\n" },
    calendar: {
      servedUntil: servesEnding ? new Date(EXPIRE_AT).toISOString() : null,
      windows: { [ENDING]: { expireAt: EXPIRE_AT } },
    },
  })
  made.push(source)
  return source
}

/** A command of the project as the build server runs it, at `clock`. */
function run(clock: string, script: string, ...args: string[]) {
  const result = spawnSync(process.execPath, [TSX, path.join(PROJECT_DIR, script), ...args], {
    cwd: PROJECT_DIR,
    encoding: "utf8",
    env: { ...process.env, [CLOCK_VARIABLE]: clock, NO_COLOR: "1" },
  })
  return { status: result.status, output: `${result.stdout}${result.stderr}` }
}

/** The release command, from an artifact, on the test host (deploy/release/cli.ts). */
const releaseCommand = (clock: string, artifact: string, ...options: string[]) =>
  run(clock, "deploy/release/cli.ts", "release", "--from", artifact, ...releaseOptions(host), ...options)

const liveStampFile = () => path.join(host.root, LIVE, "public", RELEASE_STAMP_PATH)
const live = () => JSON.parse(fs.readFileSync(liveStampFile(), "utf8")) as { commit: string; clock: string }
const served = async (address: string) => (await fetchTrusting(`${host.url}${address}`, host.ca)).status

beforeAll(async () => {
  host = await startReleaseHost({ projectDir: PROJECT_DIR })
  repository = fs.mkdtempSync(path.join(os.tmpdir(), "aurelle-held-repo-"))
  made.push(repository)
  git("init", "-q", "-b", "main")
}, 60_000)

afterAll(async () => {
  await host?.stop()
  for (const folder of made) fs.rmSync(folder, { recursive: true, force: true })
})

describe("a publish built at 17:58, reaching the host at 18:03 after another study came down at 18:00", () => {
  it("is held, then built again by the calendar's next run and live, without a push; the study stays down", async () => {
    const before = commit("A study whose licence ends at 18:00", false)
    const first = releaseCommand(at("17:40"), artifactOf(before, at("17:40"), false))
    expect(first.status, first.output).toBe(0)
    await servingLiveRelease(host)
    expect(await served(`/case-studies/${ENDING}/`)).toBe(200)

    // The editor's fix, built at 17:58, reaches the host at 18:03.
    const fix = commit("Content: a typo in wine's title", true)
    const liveRelease = linkedRelease(host.root, LIVE)
    const held = releaseCommand(at("18:03"), artifactOf(fix, at("17:58"), true))
    expect(held.status, held.output).toBe(HELD_STATUS)
    expect(held.output).toContain("Held for the calendar:")
    expect(held.output).toContain("Nothing was changed; the same commit built again now releases it")
    expect(linkedRelease(host.root, LIVE)).toBe(liveRelease)

    // Meanwhile the host's calendar went on: the study came down at 18:00 (the live commit built again).
    const takedown = releaseCommand(at("18:01"), artifactOf(before, at("18:00"), false), "--replacing", before.commit)
    expect(takedown.status, takedown.output).toBe(0)
    await servingLiveRelease(host)
    expect(await served(`/case-studies/${ENDING}/`)).toBe(404)
    // Going back to the release before, which served the study until 18:00, would bring it back: refused.
    const takenDown = linkedRelease(host.root, LIVE)
    const rolledBack = run(at("18:02"), "deploy/release/cli.ts", "rollback", ...releaseOptions(host))
    expect(rolledBack.status, rolledBack.output).toBe(HELD_STATUS)
    expect(rolledBack.output).toMatch(/serves a case study until .*, which has passed/)
    expect(linkedRelease(host.root, LIVE)).toBe(takenDown)
    expect(await served(`/case-studies/${ENDING}/`)).toBe(404)

    // The calendar's next run, at 18:04: the workflow lists the commit held (its release status).
    const heldFile = path.join(repository, "held.json")
    fs.writeFileSync(heldFile, JSON.stringify({ held: [{ commit: fix.commit, heldAt: at("18:03") }] }))
    const outputs = path.join(repository, "outputs.txt")
    fs.writeFileSync(outputs, "")
    const decided = spawnSync(
      process.execPath,
      [
        TSX,
        path.join(PROJECT_DIR, "deploy/publish/calendar.ts"),
        ...["--stamp", liveStampFile(), "--repository", repository, "--held", heldFile],
      ],
      {
        cwd: PROJECT_DIR,
        encoding: "utf8",
        env: { ...process.env, [CLOCK_VARIABLE]: at("18:04"), GITHUB_OUTPUT: outputs, NO_COLOR: "1" },
      },
    )
    expect(decided.status, `${decided.stdout}${decided.stderr}`).toBe(0)
    const output = Object.fromEntries(
      fs
        .readFileSync(outputs, "utf8")
        .trim()
        .split("\n")
        .map((line) => [line.slice(0, line.indexOf("=")), line.slice(line.indexOf("=") + 1)]),
    )
    expect(output).toMatchObject({
      due: "true",
      build: "true",
      mode: "release",
      held: "true",
      commit: fix.commit,
      replacing: before.commit,
      clock: at("18:04"),
    })

    // The run builds that commit at its clock; the release replaces the live commit.
    const rebuilt = releaseCommand(
      at("18:05"),
      artifactOf(fix, output.clock, true),
      ...["--replacing", output.replacing],
    )
    expect(rebuilt.status, rebuilt.output).toBe(0)
    await servingLiveRelease(host)
    expect(live()).toMatchObject({ commit: fix.commit, clock: at("18:04") })
    expect((await fetchTrusting(`${host.url}/fix.txt`, host.ca)).body).toBe("typo fixed\n")
    expect(await served(`/case-studies/${ENDING}/`)).toBe(404)
  }, 120_000)
})
