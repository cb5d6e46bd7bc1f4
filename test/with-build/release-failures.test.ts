/**
 * Releases that fail part-way, as an operator meets them: a disk that fills at any write, a release
 * killed while it holds the lock, a lock folder left by an older release command.
 * Each time the live release still serves, the next release goes through, and the operator is told
 * what happened.
 */
import { spawn } from "node:child_process"
import fs from "node:fs"
import os from "node:os"
import path from "node:path"
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from "vitest"
import { PUBLIC_DIR } from "../../deploy/hosting/local-nginx"
import { type ReleaseHost, fetchTrusting, startReleaseHost } from "../support/release-host"
import { LIVE, linkedRelease } from "../../deploy/release/root/layout"
import { release } from "../../deploy/release/releases"
import { packArtifact } from "../../deploy/publish/artifact"
import { manifestOf, writeManifest } from "../../deploy/release/root/manifest"

const PROJECT_DIR = path.resolve(__dirname, "../..")
const LOCK = ".release-lock"
const HOME = fs.readFileSync(path.join(PUBLIC_DIR, "index.html"), "utf8")

/** The fs calls a release writes with: each is a step that a full disk can stop. */
const WRITES = [
  "writeFileSync",
  "mkdirSync",
  "mkdtempSync",
  "cpSync",
  "copyFileSync",
  "symlinkSync",
  "renameSync",
  "linkSync",
] as const

/** Makes the `failAt`-th write (counting from 1) fail as a full disk does; returns the calls seen. */
function diskFillsAt(failAt: number): string[] {
  const calls: string[] = []
  for (const name of WRITES) {
    const original = fs[name] as (...args: unknown[]) => unknown
    vi.spyOn(fs, name).mockImplementation(((...args: unknown[]) => {
      calls.push(`${name} ${String(args[0])}`)
      if (calls.length === failAt) {
        throw Object.assign(new Error(`ENOSPC: no space left on device, ${name} '${String(args[0])}'`), {
          code: "ENOSPC",
        })
      }
      return original.apply(fs, args)
    }) as never)
  }
  return calls
}

let host: ReleaseHost

beforeAll(async () => {
  host = await startReleaseHost({ projectDir: PROJECT_DIR })
}, 60_000)

afterAll(async () => {
  await host?.stop()
})

afterEach(() => {
  vi.restoreAllMocks()
})

/** The live release answers with the build's home page, and the next release goes live and leaves the lock free. */
async function liveAndReleasable() {
  const home = await fetchTrusting(`${host.url}/`, host.ca)
  expect(home.status).toBe(200)
  expect(home.body).toBe(HOME)
  const next = await host.release(PROJECT_DIR)
  expect(linkedRelease(host.root, LIVE)).toBe(next.live)
  expect((await fetchTrusting(`${host.url}/`, host.ca)).status).toBe(200)
  // The lock file stays, naming nobody.
  expect(fs.readFileSync(path.join(host.root, LOCK), "utf8")).toBe("")
}

describe("a disk that fills during a release", () => {
  it("at any write: the live release serves on, the operator is told, the next release goes through", async () => {
    const steps = diskFillsAt(0)
    await host.release(PROJECT_DIR)
    vi.restoreAllMocks()
    const writes = [...steps]
    expect(writes.length).toBeGreaterThan(8)
    // Every write but those in the middle of a run of one kind (a folder, then a link, for each of the
    // build's files, deploy/release/root/manifest.ts): the first and the last of each run fail in turn.
    const kind = (index: number) => writes[index]?.split(" ")[0]
    const failures = writes
      .map((_, index) => index)
      .filter((index) => kind(index - 1) !== kind(index) || kind(index + 1) !== kind(index))
      .map((index) => index + 1)
    expect(writes.filter((write) => write.startsWith("linkSync")).length).toBeGreaterThan(100)
    for (const failAt of failures) {
      const live = linkedRelease(host.root, LIVE)
      diskFillsAt(failAt)
      const outcome = await host.release(PROJECT_DIR).then(
        (report) => ({ report, error: null }),
        (error: Error) => ({ report: null, error }),
      )
      vi.restoreAllMocks()
      const step = `write ${failAt} of ${writes.length} (${writes[failAt - 1]})`
      if (outcome.error) {
        expect(outcome.error.message, step).toMatch(
          new RegExp(`^the disk holding ${host.root} is full.*: .*MB are free \\(ENOSPC`),
        )
        expect(outcome.error.message, step).toContain(`The live release (${live}) is unchanged`)
        expect(linkedRelease(host.root, LIVE), step).toBe(live)
        expect(fs.readFileSync(path.join(host.root, LOCK), "utf8"), step).toBe("")
      } else {
        // Past the switch the release is live; what failed after it is reported.
        expect(outcome.report!.setup, step).toMatch(/Not recorded in .*history: the disk holding/)
      }
      await liveAndReleasable()
    }
  }, 240_000)

  it("when the build cannot fit: refused before any copy, with the folder, the room needed and what is free", async () => {
    const live = linkedRelease(host.root, LIVE)
    // A build with one file the live release lacks: what a release adds on disk (the rest is linked).
    const source = fs.mkdtempSync(path.join(os.tmpdir(), "aurelle-next-build-"))
    await packArtifact(source)
    fs.appendFileSync(path.join(source, "public/robots.txt"), "# the next release\n")
    writeManifest(source, manifestOf(path.join(source, "public")))
    const statfs = fs.statfsSync(host.root)
    vi.spyOn(fs, "statfsSync").mockReturnValue({ ...statfs, bavail: 0, bsize: 4096 } as never)
    const refusal = host.release(source)
    await expect(refusal).rejects.toThrow(
      new RegExp(`^the disk holding ${host.root} is full: this release needs \\d+\\.\\d MB there, 0\\.0 MB are free`),
    )
    await expect(refusal).rejects.toThrow(`The live release (${live}) is unchanged`)
    vi.restoreAllMocks()
    fs.rmSync(source, { recursive: true, force: true })
    expect(fs.readdirSync(path.join(host.root, "releases")).filter((name) => name.endsWith(".partial"))).toEqual([])
    await liveAndReleasable()
  })
})

describe("a release that dies holding the lock", () => {
  it("killed with kill -9 while it builds: the next release a second later goes live", async () => {
    const live = linkedRelease(host.root, LIVE)
    // A release whose build never ends, run as the command runs it: its own process, then killed.
    const script = path.join(os.tmpdir(), `aurelle-hung-release-${process.pid}.ts`)
    fs.writeFileSync(
      script,
      `import { release } from ${JSON.stringify(path.join(PROJECT_DIR, "deploy/release/releases"))}
const settings = JSON.parse(process.argv[2])
release(${JSON.stringify(PROJECT_DIR)}, settings, () => new Promise(() => setInterval(() => {}, 1000)))\n`,
    )
    const child = spawn(
      process.execPath,
      // tsx as a loader of this process, so that the process holding the lock is the one killed.
      ["--import", "tsx", script, JSON.stringify(host.settings)],
      { stdio: "ignore", cwd: PROJECT_DIR },
    )
    try {
      const lock = path.join(host.root, LOCK)
      const holder = () => (fs.existsSync(lock) ? fs.readFileSync(lock, "utf8").split("\n")[0] : "")
      for (let waited = 0; holder() !== String(child.pid); waited += 50) {
        if (waited > 30_000) throw new Error("the release never took the lock")
        await new Promise((resolve) => setTimeout(resolve, 50))
      }
      await expect(release(PROJECT_DIR, { ...host.settings, lockWaitSeconds: 0 })).rejects.toThrow(
        `another release or rollback is running (process ${child.pid} (since `,
      )
      child.kill("SIGKILL")
      await new Promise((resolve) => setTimeout(resolve, 1000))
      expect(linkedRelease(host.root, LIVE)).toBe(live)
      // Its file still names it; the kernel let its lock go with it.
      expect(holder()).toBe(String(child.pid))
      await liveAndReleasable()
    } finally {
      child.kill("SIGKILL")
      fs.rmSync(script, { force: true })
    }
  }, 60_000)

  it("a lock folder an older release command left is replaced by the lock file", async () => {
    // What a release command before the kernel's file lock left when it stopped between taking and naming the lock.
    const lock = path.join(host.root, LOCK)
    fs.writeFileSync(lock, "")
    fs.rmSync(lock)
    fs.mkdirSync(lock)
    await liveAndReleasable()
    expect(fs.statSync(lock).isFile()).toBe(true)
  })
})
