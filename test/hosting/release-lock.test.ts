/**
 * One release or rollback at a time (deploy/release/root/lock.ts), when it matters most: two releases that
 * start at the same moment, from the same or from different network and pid namespaces (`unshare`, as a
 * container or a unit with `PrivateNetwork` would run one), or naming the root by another path; a
 * release killed with `kill -9` and not yet reaped; a lock file naming a process number some other
 * program now has. Each contender is a process of its own, as a release is.
 */
import { type ChildProcess, spawn, spawnSync } from "node:child_process"
import fs from "node:fs"
import os from "node:os"
import path from "node:path"
import { buildSync } from "esbuild"
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest"
import { LOCK, withLock } from "../../deploy/release/root/lock"

const ROOT = path.resolve(__dirname, "../..")
const CONTENDER = path.join(ROOT, "test/support/lock-contender.ts")
/** The module whose `withLock` is raced (another one, to see this test fail on an older lock). */
const LOCK_MODULE = process.env.LOCK_MODULE ?? path.join(ROOT, "deploy/release/root/lock.ts")
const PAIRS = 8
/** A new network and pid namespace, as root has it here (and as a user, mapped to root in its own). */
const UNSHARE = [
  "unshare",
  ...(process.getuid?.() === 0 ? [] : ["--user", "--map-root-user"]),
  "--net",
  "--pid",
  "--fork",
  "--",
]

interface Contender {
  child: ChildProcess
  ready: Promise<void>
  holding: Promise<void>
  said: Promise<string>
}

const started: ChildProcess[] = []
const roots: string[] = []

afterEach(() => {
  for (const child of started.splice(0)) child.kill("SIGKILL")
  for (const root of roots.splice(0)) fs.rmSync(root, { recursive: true, force: true })
})

function newRoot(): string {
  const root = fs.mkdtempSync(path.join(os.tmpdir(), "aurelle-lock-"))
  roots.push(root)
  return root
}

/**
 * The contender and the lock module, bundled once for Node alone: about fifty processes start, and
 * each would otherwise load the TypeScript loader first (0.5 s a process here, most of the file's time).
 */
let bundled: { contender: string; lock: string }
let outdir: string

beforeAll(() => {
  outdir = fs.mkdtempSync(path.join(os.tmpdir(), "aurelle-lock-bundle-"))
  const [contenderOut, lockOut] = [CONTENDER, LOCK_MODULE].map((entry, index) =>
    path.join(outdir, `${index}-${path.basename(entry, ".ts")}.cjs`),
  )
  for (const [entry, outfile] of [
    [CONTENDER, contenderOut],
    [LOCK_MODULE, lockOut],
  ])
    buildSync({ entryPoints: [entry], outfile, bundle: true, platform: "node", format: "cjs", logLevel: "error" })
  bundled = { contender: contenderOut, lock: lockOut }
})

afterAll(() => fs.rmSync(outdir, { recursive: true, force: true }))

function contender(root: string, go: string, { wait = 0, hold = 400, prefix = [] as string[] } = {}): Contender {
  const command = [...prefix, process.execPath, bundled.contender, root, go, bundled.lock, String(wait), String(hold)]
  const child = spawn(command[0], command.slice(1), { cwd: ROOT })
  started.push(child)
  let output = ""
  const marks = { ready: () => {}, holding: () => {} }
  const ready = new Promise<void>((resolve) => (marks.ready = resolve))
  const holding = new Promise<void>((resolve) => (marks.holding = resolve))
  child.stdout!.on("data", (chunk: Buffer) => {
    output += chunk.toString()
    if (output.includes("ready\n")) marks.ready()
    if (output.includes("holding\n")) marks.holding()
  })
  child.stderr!.on("data", (chunk: Buffer) => (output += chunk.toString()))
  const said = new Promise<string>((resolve) =>
    child.on("close", () => {
      marks.ready()
      marks.holding()
      resolve(output.replace(/(ready|holding)\n/g, "").trim())
    }),
  )
  return { child, ready, holding, said }
}

/** Two contenders that ask at the same moment; what each said. */
async function race(roots: [string, string], options: [object, object] = [{}, {}]): Promise<string[]> {
  const go = path.join(roots[0], "go")
  fs.rmSync(go, { force: true })
  const both = [contender(roots[0], go, options[0]), contender(roots[1], go, options[1])]
  await Promise.all(both.map(({ ready }) => ready))
  fs.writeFileSync(go, "")
  return Promise.all(both.map(({ said }) => said))
}

/** The line a contender that held the lock said: "won <from> <to>". */
const wonLine = (said: string) => said.split("\n").find((line) => line.startsWith("won"))
const winners = (said: string[]) => said.filter(wonLine).length

describe("two releases that start together", () => {
  it(`have one winner in every pair, the same namespaces or not, whatever the root's spelling (${PAIRS} pairs each)`, async () => {
    const outcomes: Record<string, string[][]> = { same: [], namespaces: [], spelling: [] }
    for (let pair = 0; pair < PAIRS; pair++) {
      const root = newRoot()
      outcomes.same.push(await race([root, root]))
      // One of them in a network and pid namespace of its own.
      outcomes.namespaces.push(await race([root, root], [{}, { prefix: UNSHARE }]))
      // The other names the root through a symbolic link and a "..".
      const link = path.join(newRoot(), "site")
      fs.symlinkSync(root, link)
      outcomes.spelling.push(await race([root, `${link}/../site`]))
    }
    for (const [kind, pairs] of Object.entries(outcomes)) {
      expect(pairs.map(winners), `${kind}: ${JSON.stringify(pairs, null, 1)}`).toEqual(Array(PAIRS).fill(1))
      for (const said of pairs) expect(said.join("\n")).toMatch(/lost: another release or rollback is running/)
    }
  }, 180_000)

  it("take turns when told to wait: both release, one after the other, the second saying it waited", async () => {
    const root = newRoot()
    const said = await race([root, root], [{ wait: 30 }, { wait: 30 }])
    expect(winners(said), said.join("\n")).toBe(2)
    const spans = said.map((output) => wonLine(output)!.split(" ").slice(1).map(Number)).sort((a, b) => a[0] - b[0])
    expect(spans[1][0]).toBeGreaterThanOrEqual(spans[0][1])
    expect(said.join("\n")).toMatch(
      /Another release or rollback is running \((process \d+ \(since .*\)|it) holds .*\); waiting up to 30 s/,
    )
  }, 60_000)

  it("gives up after its bound, having changed nothing", async () => {
    const root = newRoot()
    const go = path.join(root, "go")
    const waiterGo = path.join(root, "go-waiter")
    // The waiter started and ready first: a busy host takes seconds to start a process, which must
    // not let the holder's time run out before the waiter asks.
    const waiter = contender(root, waiterGo, { wait: 1 })
    await waiter.ready
    fs.writeFileSync(go, "")
    const holder = contender(root, go, { hold: 4000 })
    await holder.holding
    fs.writeFileSync(waiterGo, "")
    // Named twice (when it starts waiting, and when it gives up): the holder both times.
    expect(await waiter.said).toMatch(
      /lost: another release or rollback is still running after 1 s \(process \d+ \(since .*\) holds /,
    )
    expect(await holder.said).toMatch(/^won /)
  }, 60_000)
})

describe("what a dead release left", () => {
  it("never refuses the next: killed with kill -9 and not yet reaped, the next release a moment later proceeds", async () => {
    const root = newRoot()
    const go = path.join(root, "go")
    fs.writeFileSync(go, "")
    // Its parent never reaps it (as npm's shell may not at once): the killed release stays a zombie.
    const command = `${[process.execPath, bundled.contender, root, go, bundled.lock, "0", "60000"].join(" ")} & echo $! && exec sleep 30`
    const parent = spawn("sh", ["-c", command], { cwd: ROOT })
    started.push(parent)
    let output = ""
    await new Promise<void>((resolve) =>
      parent.stdout.on("data", (chunk: Buffer) => {
        output += chunk.toString()
        if (output.includes("holding")) resolve()
      }),
    )
    const pid = Number(output.split("\n")[0])
    process.kill(pid, "SIGKILL")
    await new Promise((resume) => setTimeout(resume, 200))
    expect(fs.readFileSync(`/proc/${pid}/stat`, "utf8")).toMatch(/^\d+ \(.*\) Z /)
    const next = await contender(root, go).said
    expect(next).toMatch(/^won /)
  }, 60_000)

  it("never refuses the next: a lock file naming a process number another program has now", async () => {
    const root = newRoot()
    const unrelated = spawn("sleep", ["30"])
    started.push(unrelated)
    fs.writeFileSync(path.join(root, LOCK), `${unrelated.pid}\n`)
    const go = path.join(root, "go")
    fs.writeFileSync(go, "")
    expect(await contender(root, go).said).toMatch(/^won /)
    // And the file stays, saying nobody holds it: removing it could give a waiting release and a newcomer each a lock.
    expect(fs.readFileSync(path.join(root, LOCK), "utf8")).toBe("")
  }, 60_000)

  it("never follows nor uses a lock file that is not a regular file: says what it was and replaces it", async () => {
    const root = newRoot()
    const target = path.join(root, "elsewhere.txt")
    fs.writeFileSync(target, "not the release's")
    const file = path.join(root, LOCK)
    const said: string[] = []
    const ran = (kind: string) =>
      withLock(root, async () => `released over ${kind}`, { waitSeconds: 0, warn: (message) => said.push(message) })
    fs.symlinkSync(target, file)
    expect(await ran("a link")).toBe("released over a link")
    expect(fs.lstatSync(file).isFile()).toBe(true)
    expect(fs.readFileSync(target, "utf8")).toBe("not the release's")
    fs.rmSync(file)
    spawnSync("mkfifo", [file])
    expect(fs.lstatSync(file).isFIFO()).toBe(true)
    expect(await ran("a FIFO")).toBe("released over a FIFO")
    expect(fs.lstatSync(file).isFile()).toBe(true)
    expect(said).toEqual([
      `${file} is a symbolic link, not the lock file a release makes: it was not used, and a lock file replaces it`,
      `${file} is a named pipe (FIFO), not the lock file a release makes: it was not used, and a lock file replaces it`,
    ])
    // A regular lock file is used as it is, and nothing is said.
    expect(await ran("a file")).toBe("released over a file")
    expect(said).toHaveLength(2)
  })
})
