/**
 * One side of a race for a release root's lock (test/hosting/release-lock.test.ts), run as a process
 * of its own, as a release is:
 *
 *   node --import tsx test/support/lock-contender.ts <root> <go-file> <module> [wait-seconds] [hold-ms]
 *
 * It says it is ready, waits for the go-file (so that both sides ask at the same moment), asks for the
 * lock through `withLock` of <module> (waiting up to wait-seconds, 0 by default: refused at once), and
 * prints "won <from> <to>" (the wall-clock milliseconds it held the lock between, after holding it
 * hold-ms, 400 by default, long enough for the other side to ask) or "lost: <why>". While it holds
 * the lock it prints "holding".
 */
import fs from "node:fs"
import path from "node:path"

const [root, go, module, wait = "0", hold = "400"] = process.argv.slice(2)

async function main() {
  const { withLock } = (await import(path.resolve(module))) as {
    withLock: <T>(root: string, work: () => Promise<T>, options?: { waitSeconds?: number }) => Promise<T>
  }
  process.stdout.write("ready\n")
  while (!fs.existsSync(go)) await new Promise((resume) => setImmediate(resume))
  try {
    const held = await withLock(
      root,
      async () => {
        const from = Date.now()
        process.stdout.write("holding\n")
        await new Promise((resume) => setTimeout(resume, Number(hold)))
        return `${from} ${Date.now()}`
      },
      { waitSeconds: Number(wait) },
    )
    process.stdout.write(`won ${held}\n`)
  } catch (error) {
    process.stdout.write(`lost: ${(error as Error).message}\n`)
  }
}

void main()
