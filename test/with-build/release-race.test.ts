/**
 * Two releases racing, on each host: an editor's publish and a release of an older commit arriving
 * together (a workflow re-run, a full suite finishing late). Whichever starts first, the newer commit
 * ends live and a visitor who has been served it is never served the older one again; the release
 * that met the other waits its turn, then goes live (the newer) or is refused changing nothing (the
 * older).
 *
 * - The nginx host: each release is the release command run from its build folder, as the build
 *   server runs it there (deploy/release/cli.ts), the second started while the first holds the
 *   host's lock. The first one's nginx answers only once the second says it waits, so the lock is met
 *   however slowly a process starts on a busy host.
 * - A Pages stand-in: the live deployment served over HTTP, its /release.json included. A release is
 *   the workflow's release job: `release.cjs stamp` reading the live stamp, then, if it was stamped,
 *   the upload, which replaces the deployment whole. GitHub runs those jobs one at a time in the
 *   `release` concurrency group (test/checks/workflow.test.ts holds the workflow to it); a queue does
 *   that here.
 */
import fs from "node:fs"
import http from "node:http"
import type { AddressInfo } from "node:net"
import os from "node:os"
import path from "node:path"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { RELEASE_STAMP_PATH } from "../../contracts/release-stamp"
import { LOCK } from "../../deploy/release/root/lock"
import { buildFolder, projectHead } from "../support/build-folder"
import {
  type ReleaseHost,
  fetchTrusting,
  releaseOptions,
  servingLiveRelease,
  startReleaseHost,
} from "../support/release-host"
import { runCommand } from "../support/run-command"

const PROJECT_DIR = path.resolve(__dirname, "../..")
const TSX = path.join(PROJECT_DIR, "node_modules/tsx/dist/cli.mjs")
const HEAD_COMMITTED = Date.parse(projectHead().committedAt)

let host: ReleaseHost
let scratch: string
/** The build folders the races release, removed at the end. */
const made: string[] = []

beforeAll(async () => {
  host = await startReleaseHost({ projectDir: PROJECT_DIR })
  scratch = fs.mkdtempSync(path.join(os.tmpdir(), "aurelle-race-"))
}, 60_000)

afterAll(async () => {
  await host?.stop()
  for (const folder of [scratch, ...made]) if (folder) fs.rmSync(folder, { recursive: true, force: true })
})

interface Build {
  commit: string
  folder: string
}

/** Two builds of commits made after the live one's, `minutes` and a minute more after it: older, newer. */
function commitsAfterLive(minutes: number): [Build, Build] {
  return [minutes, minutes + 1].map((after) => {
    const commit = after.toString(16).padStart(2, "0").repeat(20)
    const committedAt = new Date(HEAD_COMMITTED + after * 60_000).toISOString()
    const folder = buildFolder("race", { commit, committedAt })
    made.push(folder)
    return { commit, folder }
  }) as [Build, Build]
}

/** The release command (deploy/release/cli.ts), run apart. */
const releaseCli = (args: string[], env: NodeJS.ProcessEnv = {}) =>
  runCommand(process.execPath, [TSX, path.join(PROJECT_DIR, "deploy/release/cli.ts"), ...args], {
    cwd: PROJECT_DIR,
    env: { NO_COLOR: "1", ...env },
  })

/**
 * A visitor asking for the live stamp every 100 ms until `stop`: the commits served, in order, each
 * once in a row.
 */
function visitor(read: () => Promise<string | null>): { stop: () => Promise<string[]> } {
  const seen: string[] = []
  let running = true
  const polling = (async () => {
    while (running) {
      const commit = await read()
      if (commit && seen.at(-1) !== commit) seen.push(commit)
      await new Promise((resolve) => setTimeout(resolve, 100))
    }
  })()
  return {
    stop: async () => {
      running = false
      await polling
      const last = await read()
      if (last && seen.at(-1) !== last) seen.push(last)
      return seen
    },
  }
}

async function until(condition: () => boolean, what: string, timeoutMs = 60_000): Promise<void> {
  const deadline = Date.now() + timeoutMs
  while (!condition()) {
    if (Date.now() > deadline) throw new Error(`${what}: not after ${timeoutMs / 1000} s`)
    await new Promise((resolve) => setTimeout(resolve, 20))
  }
}

describe("two releases racing on the nginx host", () => {
  /**
   * nginx answering only once `gate` exists: the release using it holds the lock until then, however
   * slowly the other starts on a busy host.
   */
  const gatedNginx = (gate: string) => {
    const program = path.join(scratch, "gated-nginx")
    const wait = `while [ ! -e ${gate} ]; do sleep 0.1; done`
    fs.writeFileSync(program, `#!/bin/sh\n${wait}\nexec ${host.settings.nginx.binary} "$@"\n`, { mode: 0o755 })
    return program
  }
  const lockHeld = () => {
    const lock = path.join(host.root, LOCK)
    return fs.existsSync(lock) && fs.readFileSync(lock, "utf8").trim() !== ""
  }
  const liveCommit = async () => {
    const stamp = await fetchTrusting(`${host.url}${RELEASE_STAMP_PATH}`, host.ca)
    return stamp.status === 200 ? (JSON.parse(stamp.body) as { commit: string }).commit : null
  }

  /**
   * `first` released; `second` started once `first` holds the lock, and `first` let go on only once
   * `second` says it waits. What each said, and what a visitor saw.
   */
  async function race(first: Build, second: Build) {
    const gate = path.join(scratch, `gate-${first.commit}`)
    const seeing = visitor(liveCommit)
    const firstRun = releaseCli(["release", "--from", first.folder, ...releaseOptions(host, gatedNginx(gate))])
    await until(lockHeld, "the first release taking the lock")
    const secondRun = releaseCli(["release", "--from", second.folder, ...releaseOptions(host)])
    await until(() => /waiting up to \d+ s/.test(secondRun.saying()), "the second release waiting").finally(() =>
      fs.writeFileSync(gate, ""),
    )
    const [firstSaid, secondSaid] = await Promise.all([firstRun.done, secondRun.done])
    // The visitor's last look once nginx's old workers take no more connections: for about 100 ms
    // after a reload they still answer with the release before (docs/deploying.md, "reload").
    await servingLiveRelease(host)
    return { firstSaid, secondSaid, seen: await seeing.stop() }
  }

  it("the newer meeting the older's lock: it waits its turn and goes live", async () => {
    const [older, newer] = commitsAfterLive(1)
    const { firstSaid, secondSaid, seen } = await race(older, newer)
    expect(firstSaid.status, firstSaid.output).toBe(0)
    expect(secondSaid.output).toMatch(/Another release or rollback is running \(process \d+ .*\); waiting up to \d+ s/)
    expect(secondSaid.status, secondSaid.output).toBe(0)
    expect(await liveCommit()).toBe(newer.commit)
    expect(seen.at(-1)).toBe(newer.commit)
    expect(seen.slice(seen.indexOf(newer.commit))).toEqual([newer.commit])
  }, 120_000)

  it("the older meeting the newer's lock: it waits, then is refused; the newer stays live", async () => {
    const [older, newer] = commitsAfterLive(3)
    const { firstSaid, secondSaid, seen } = await race(newer, older)
    expect(firstSaid.status, firstSaid.output).toBe(0)
    expect(secondSaid.output).toMatch(/waiting up to \d+ s/)
    expect(secondSaid.status).toBe(1)
    expect(secondSaid.output).toMatch(/is of a commit older than the live one .* Nothing was changed/)
    expect(await liveCommit()).toBe(newer.commit)
    expect(seen).not.toContain(older.commit)
  }, 120_000)
})

describe("two releases racing on Pages (a stand-in)", () => {
  /** The live deployment: `live` links to the folder last uploaded whole. */
  let site: http.Server
  let stampUrl: string
  const live = () => path.join(scratch, "pages-live")
  const liveCommit = async () => {
    const stamp = await fetch(stampUrl)
    return stamp.status === 200 ? ((await stamp.json()) as { commit: string }).commit : null
  }
  let uploads = 0
  const upload = (artifact: string) => {
    const deployment = path.join(scratch, `pages-deployment-${++uploads}`)
    fs.cpSync(path.join(artifact, "public"), deployment, { recursive: true })
    const next = `${live()}.next`
    fs.symlinkSync(deployment, next)
    fs.renameSync(next, live())
  }
  /** The release job: the stamp over the live site's, then the upload if it was stamped. */
  const releaseJob = async (build: Build) => {
    const outputs = path.join(build.folder, "outputs.txt")
    const said = await releaseCli(["stamp", "--from", build.folder, "--stamp-url", stampUrl], {
      GITHUB_OUTPUT: outputs,
    }).done
    const released = fs.existsSync(outputs) && fs.readFileSync(outputs, "utf8").includes("released=true")
    if (said.status === 0 && released) upload(build.folder)
    return said
  }
  /** GitHub's `release` group: one job at a time, in the order they were queued. */
  let queue: Promise<unknown> = Promise.resolve()
  const queued = (build: Build) => {
    const job = queue.then(() => releaseJob(build))
    queue = job
    return job
  }

  beforeAll(async () => {
    site = http.createServer((request, response) => {
      const file = path.join(live(), path.normalize(new URL(request.url!, "http://pages").pathname))
      if (!file.startsWith(`${live()}/`) || !fs.existsSync(file)) return void response.writeHead(404).end()
      response.writeHead(200).end(fs.readFileSync(file))
    })
    await new Promise<void>((resolve) => site.listen(0, "127.0.0.1", resolve))
    stampUrl = `http://127.0.0.1:${(site.address() as AddressInfo).port}${RELEASE_STAMP_PATH}`
  })

  afterAll(() => {
    site?.close()
  })

  it("the newer queued behind the older: it goes live after it", async () => {
    const [older, newer] = commitsAfterLive(5)
    const seeing = visitor(liveCommit)
    const [olderSaid, newerSaid] = await Promise.all([queued(older), queued(newer)])
    expect(olderSaid.status, olderSaid.output).toBe(0)
    expect(newerSaid.status, newerSaid.output).toBe(0)
    expect(await liveCommit()).toBe(newer.commit)
    const seen = await seeing.stop()
    expect(seen.at(-1)).toBe(newer.commit)
    expect(seen.slice(seen.indexOf(newer.commit))).toEqual([newer.commit])
  }, 120_000)

  it("the older queued behind the newer: refused, nothing uploaded; the newer stays live", async () => {
    const [older, newer] = commitsAfterLive(7)
    const seeing = visitor(liveCommit)
    const before = uploads
    const [newerSaid, olderSaid] = await Promise.all([queued(newer), queued(older)])
    expect(newerSaid.status, newerSaid.output).toBe(0)
    expect(olderSaid.status).toBe(1)
    expect(olderSaid.output).toMatch(/is of a commit older than the live one/)
    expect(uploads).toBe(before + 1)
    expect(await liveCommit()).toBe(newer.commit)
    expect(await seeing.stop()).not.toContain(older.commit)
  }, 120_000)
})
