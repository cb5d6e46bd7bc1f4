/**
 * Only one release or rollback at a time on a release root.
 *
 * The lock is one the kernel holds: a Unix socket in Linux's abstract namespace, named after the
 * root, which one process at a time can listen on and which the kernel releases the moment that
 * process ends, however it ends. So there is no stale lock to take over, and two releases that start
 * together cannot both hold it: the second one's bind fails.
 *
 * Beside it, the root's `.release-lock` file names the holder's process, for the operator and for the
 * refusal a second release prints. A release that dies leaves that file behind; the next one says it
 * takes it over. A file naming a process that is still running (a release command from before the
 * kernel lock, which knows only the file) is honoured: nothing starts.
 */
import { createHash } from "node:crypto"
import fs from "node:fs"
import net from "node:net"
import path from "node:path"
import { diskFull } from "./disk"

export const LOCK = ".release-lock"

/** The abstract socket's name: one per release root (the kernel limits it to 107 bytes). */
const socketName = (root: string) =>
  `\0aurelle-release-lock-${createHash("sha256").update(path.resolve(root)).digest("hex").slice(0, 32)}`

/** Listens on the root's socket; null when another process already does. */
function holdSocket(root: string): Promise<net.Server | null> {
  return new Promise((resolve, reject) => {
    const server = net.createServer()
    server.once("error", (error: NodeJS.ErrnoException) =>
      error.code === "EADDRINUSE" ? resolve(null) : reject(error),
    )
    server.listen(socketName(root), () => {
      // The lock must not keep the process alive by itself.
      server.unref()
      resolve(server)
    })
  })
}

/** The process number the lock file names, or null when it names none (or there is none). */
function lockOwner(file: string): number | null {
  try {
    const named = fs.statSync(file).isDirectory() ? path.join(file, "pid") : file
    const owner = Number(fs.readFileSync(named, "utf8").trim())
    return Number.isInteger(owner) && owner > 0 ? owner : null
  } catch {
    return null
  }
}

function isRunning(pid: number): boolean {
  try {
    process.kill(pid, 0)
    return true
  } catch (error) {
    // EPERM: a process of another user holds that number, and is running.
    return (error as NodeJS.ErrnoException).code === "EPERM"
  }
}

const refusal = (file: string, owner: number | null) =>
  new Error(
    `another release or rollback is running (${owner === null ? "it" : `process ${owner}, which`} holds ${file}); nothing was changed`,
  )

/** Names this process in the lock file, in one rename; says so when it replaces a dead holder's. */
function nameHolder(root: string, file: string): void {
  if (fs.existsSync(file)) {
    const owner = lockOwner(file)
    if (owner !== null && isRunning(owner)) throw refusal(file, owner)
    console.log(
      `Taking over ${file}: ${owner === null ? "it names no process (left by a release that stopped before it wrote one)" : `process ${owner}, which held it, is gone`}.`,
    )
    fs.rmSync(file, { recursive: true, force: true })
  }
  const mine = `${file}.${process.pid}`
  try {
    fs.writeFileSync(mine, `${process.pid}\n`)
    fs.renameSync(mine, file)
  } catch (error) {
    throw diskFull(error, root, 0) ?? error
  } finally {
    fs.rmSync(mine, { force: true })
  }
}

/** Runs `work` holding the root's lock; refuses at once, changing nothing, while another holds it. */
export async function withLock<T>(root: string, work: () => Promise<T>): Promise<T> {
  const file = path.join(root, LOCK)
  const socket = await holdSocket(root)
  if (!socket) throw refusal(file, lockOwner(file))
  try {
    nameHolder(root, file)
    try {
      return await work()
    } finally {
      fs.rmSync(file, { recursive: true, force: true })
    }
  } finally {
    socket.close()
  }
}
