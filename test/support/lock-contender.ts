/**
 * One side of a race for a release root's lock (test/hosting/release-lock.test.ts), run as a process
 * of its own, as a release is:
 *
 *   node --import tsx test/support/lock-contender.ts <root> <go-file> <module>
 *
 * It says it is ready, waits for the go-file (so that both sides ask at the same moment), asks for the
 * lock through `withLock` of <module>, and prints "won" (after holding it long enough for the other
 * side to ask) or "lost: <why>".
 */
import fs from "node:fs"
import path from "node:path"

const [root, go, module] = process.argv.slice(2)
const HOLD_MS = 400

async function main() {
  const { withLock } = (await import(path.resolve(module))) as {
    withLock: <T>(root: string, work: () => Promise<T>) => Promise<T>
  }
  process.stdout.write("ready\n")
  while (!fs.existsSync(go)) await new Promise((resume) => setImmediate(resume))
  try {
    await withLock(root, () => new Promise((resume) => setTimeout(resume, HOLD_MS)))
    process.stdout.write("won\n")
  } catch (error) {
    process.stdout.write(`lost: ${(error as Error).message}\n`)
  }
}

void main()
