/**
 * The calendar on the minute with the build server away (deploy/release/staged.ts, tick.ts): on the
 * release test host, a go-live and a takedown are staged ten seconds ahead in real time, each a
 * build made at its clock, and then nothing runs but the host's own timer (`tick`, here every 2 s; on
 * a host systemd runs it every minute on the minute). A visitor polling the study's address sees it
 * appear and go within 60 s of their times, and never before: the one test of the suite that waits
 * for real time, since the host's own clock is what it proves.
 */
import fs from "node:fs"
import path from "node:path"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { RELEASE_STAMP_PATH } from "../../contracts/release-stamp"
import { LIVE, linkedRelease } from "../../deploy/release/root/layout"
import { stage } from "../../deploy/release/releases"
import { readStaged } from "../../deploy/release/staged"
import { STAGED } from "../../deploy/release/root/layout"
import { tick } from "../../deploy/release/tick"
import { buildFolder, projectHead } from "../support/build-folder"
import { type ReleaseHost, fetchTrusting, startReleaseHost } from "../support/release-host"

const PROJECT_DIR = path.resolve(__dirname, "../..")
const SLUG = "staged-study"
/** The host's timer here: every 2 s (systemd's fires each minute on the minute, test/hosting/staged.test.ts). */
const TICK_MS = 2_000
/**
 * How far ahead the go-live is staged: time for both stagings (a copy of a fixture build each, well
 * under a second here) on a host several times slower. The test waits for real time: every second
 * here is a second of a Vitest worker (30 s, 15 s and a 5 s timer made it 51 s of the run).
 */
const LEAD_MS = 10_000
/** How long the study stays live. */
const WINDOW_MS = 6_000

let host: ReleaseHost
const sources: string[] = []

beforeAll(async () => {
  host = await startReleaseHost({ projectDir: PROJECT_DIR })
}, 60_000)

afterAll(async () => {
  await host?.stop()
  for (const source of sources) fs.rmSync(source, { recursive: true, force: true })
})

/** A build of the live commit made at `clock`, with the study's page when `servesStudy` says so. */
function buildAt(clock: string, window: { goLiveAt: string; expireAt: string }, servesStudy: boolean): string {
  const source = buildFolder("staged", {
    ...projectHead(),
    clock,
    studies: servesStudy ? [{ slug: SLUG, pageOf: "wine" }] : [],
    calendar: { servedUntil: servesStudy ? window.expireAt : null, windows: { [SLUG]: window } },
  })
  sources.push(source)
  return source
}

describe("a go-live and a takedown staged seconds ahead, the build server away", () => {
  it("happen by the host's own timer within 60 s of their times, and not before", async () => {
    const staging = Date.now()
    const goLiveAt = new Date(Math.ceil((Date.now() + LEAD_MS) / 1000) * 1000).toISOString()
    const expireAt = new Date(Date.parse(goLiveAt) + WINDOW_MS).toISOString()
    const window = { goLiveAt, expireAt }
    await stage(buildAt(goLiveAt, window, true), host.settings, goLiveAt)
    await stage(buildAt(expireAt, window, false), host.settings, expireAt)
    expect(readStaged(host.root).map((entry) => entry.at)).toEqual([goLiveAt, expireAt])
    // Staged in time, or the test could not tell "not before" (a host this slow needs a longer lead).
    expect(Date.now(), `both staged in ${Date.now() - staging} ms, the lead ${LEAD_MS} ms`).toBeLessThan(
      Date.parse(goLiveAt),
    )
    const before = linkedRelease(host.root, LIVE)

    // The host's timer, alone.
    let ticking = true
    const ticks: string[] = []
    const timer = (async () => {
      while (ticking) {
        const report = await tick(host.settings)
        if (report.live) ticks.push(`${new Date().toISOString()} ${report.live.live} (due ${report.live.due})`)
        await new Promise((resolve) => setTimeout(resolve, TICK_MS))
      }
    })()
    // A visitor, every half second: when the study's address answers 200, then 404 again.
    const seen: Array<{ at: number; status: number }> = []
    try {
      while (Date.now() < Date.parse(expireAt) + 60_000) {
        const { status } = await fetchTrusting(`${host.url}/case-studies/${SLUG}/`, host.ca)
        seen.push({ at: Date.now(), status })
        if (Date.now() > Date.parse(expireAt) && status === 404 && seen.some((look) => look.status === 200)) break
        await new Promise((resolve) => setTimeout(resolve, 500))
      }
    } finally {
      ticking = false
      await timer
    }
    const appeared = seen.find((look) => look.status === 200)
    const gone = seen.find((look) => look.status === 404 && look.at > (appeared?.at ?? Infinity))
    const said = `ticks: ${ticks.join("; ")}; seen: ${seen.map((look) => `${new Date(look.at).toISOString()} ${look.status}`).join(", ")}`
    expect(appeared, said).toBeDefined()
    expect(gone, said).toBeDefined()
    // Never before its time, and within the minute promised (the timer here ticks each 2 s; systemd's, each minute).
    expect(
      seen.filter((look) => look.at < Date.parse(goLiveAt)).every((look) => look.status === 404),
      said,
    ).toBe(true)
    expect(appeared!.at - Date.parse(goLiveAt), said).toBeLessThan(60_000)
    expect(
      seen
        .filter((look) => look.at < Date.parse(expireAt) && look.at >= appeared!.at)
        .every((look) => look.status === 200),
      said,
    ).toBe(true)
    expect(gone!.at - Date.parse(expireAt), said).toBeLessThan(60_000)
    // Each went live once, at or after its time; the stamp says since when; nothing is left staged.
    expect(ticks, said).toHaveLength(2)
    expect(linkedRelease(host.root, LIVE)).not.toBe(before)
    const stamp = JSON.parse(fs.readFileSync(path.join(host.root, LIVE, "public", RELEASE_STAMP_PATH), "utf8")) as {
      liveSince: string
      clock: string
    }
    expect(Date.parse(stamp.liveSince)).toBeGreaterThanOrEqual(Date.parse(expireAt))
    expect(stamp.clock).toBe(expireAt)
    expect(JSON.parse(fs.readFileSync(path.join(host.root, STAGED), "utf8"))).toEqual({ staged: [] })
    console.log(`Staged on the release test host: ${said.split("; seen:")[0]}`)
  }, 180_000)

  it("drops a staged release a newer one made stale, and refuses one for a time passed or built at another clock", async () => {
    const at = new Date(Date.now() + 120_000).toISOString()
    const window = { goLiveAt: at, expireAt: new Date(Date.parse(at) + 60_000).toISOString() }
    await expect(
      stage(buildAt(at, window, true), host.settings, new Date(Date.now() - 1000).toISOString()),
    ).rejects.toThrow(/has passed: a release is staged for a time to come/)
    await expect(
      stage(buildAt(at, window, true), host.settings, new Date(Date.parse(at) + 1000).toISOString()),
    ).rejects.toThrow(/the build was made at .*, not at .*: build it with SITE_CLOCK=/)
    const { id } = await stage(buildAt(at, window, true), host.settings, at)
    // A release live since, built after that time (a publish made later, or the build server's own run).
    await host.release(buildAt(new Date(Date.parse(at) + 1000).toISOString(), window, false))
    const report = await tick(host.settings)
    expect(report.live).toBeNull()
    expect(report.dropped.join("\n")).toContain(`${id} (for ${at}): staged over`)
    expect(readStaged(host.root)).toEqual([])
  }, 120_000)
})
