/**
 * One release or rollback at a time (deploy/release/lock.ts), when it matters most: a release root
 * whose lock was left by a release that died, and two releases that start at the same moment and both
 * find it. Each pair, in processes of their own, sees exactly one winner; the other is refused,
 * changing nothing.
 */
import { spawn, spawnSync } from "node:child_process"
import fs from "node:fs"
import os from "node:os"
import path from "node:path"
import { describe, expect, it } from "vitest"
import { LOCK } from "../../deploy/release/lock"

const ROOT = path.resolve(__dirname, "../..")
const CONTENDER = path.join(ROOT, "test/support/lock-contender.ts")
/** The module whose `withLock` is raced (another one, to see this test fail on an older lock). */
const LOCK_MODULE = process.env.LOCK_MODULE ?? path.join(ROOT, "deploy/release/lock.ts")
const PAIRS = 12

/** A process number no process has: one that has just ended. */
const deadPid = () => spawnSync(process.execPath, ["-e", ""]).pid!

interface Contender {
  ready: Promise<void>
  said: Promise<string>
}

function contender(root: string, go: string): Contender {
  const child = spawn(process.execPath, ["--import", "tsx", CONTENDER, root, go, LOCK_MODULE], { cwd: ROOT })
  let output = ""
  let markReady: () => void = () => {}
  const ready = new Promise<void>((resolve) => (markReady = resolve))
  child.stdout.on("data", (chunk: Buffer) => {
    output += chunk.toString()
    if (output.includes("ready\n")) markReady()
  })
  child.stderr.on("data", (chunk: Buffer) => (output += chunk.toString()))
  const said = new Promise<string>((resolve) =>
    child.on("close", () => {
      markReady()
      resolve(output.replace("ready\n", "").trim())
    }),
  )
  return { ready, said }
}

describe("a stale lock", () => {
  it(`is taken over by exactly one of two releases that start together (${PAIRS} pairs)`, async () => {
    const outcomes: string[][] = []
    for (let pair = 0; pair < PAIRS; pair++) {
      const root = fs.mkdtempSync(path.join(os.tmpdir(), "aurelle-lock-"))
      try {
        fs.writeFileSync(path.join(root, LOCK), `${deadPid()}\n`)
        const go = path.join(root, "go")
        const both = [contender(root, go), contender(root, go)]
        await Promise.all(both.map(({ ready }) => ready))
        fs.writeFileSync(go, "")
        outcomes.push(await Promise.all(both.map(({ said }) => said)))
      } finally {
        fs.rmSync(root, { recursive: true, force: true })
      }
    }
    const winners = outcomes.map((said) => said.filter((line) => line.endsWith("won")).length)
    expect(winners, JSON.stringify(outcomes, null, 1)).toEqual(Array(PAIRS).fill(1))
    for (const said of outcomes) {
      expect(said.join("\n")).toMatch(/lost: another release or rollback (is running|took .* at the same moment)/)
    }
  }, 120_000)
})
