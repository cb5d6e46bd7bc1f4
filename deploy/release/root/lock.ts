/**
 * Only one release or rollback at a time on a release root: an exclusive `flock` on the root's
 * `.release-lock`, which the kernel holds for this process's open file and drops when the process
 * ends, however it ends, so no lock is ever stale; every process that reaches the root meets it, by
 * whatever path or namespace. The file is never removed, and what it says (who holds it) is for the
 * operator only, never trusted. A release that meets another waits up to a bound, then gives up
 * having changed nothing.
 */
import { spawn } from "node:child_process"
import fs from "node:fs"
import path from "node:path"
import { diskFull } from "./disk"

export const LOCK = ".release-lock"
/** How long a release waits for the one running before giving up (a release takes seconds; a build in the project, minutes). */
export const LOCK_WAIT_SECONDS = 900

/** util-linux's `flock` on descriptor 3 (the lock file, shared with this process): its exit status. */
function flock(fd: number, waitSeconds: number): Promise<number> {
  const wait = waitSeconds > 0 ? ["--wait", String(waitSeconds)] : ["--nonblock"]
  return new Promise((resolve, reject) => {
    const child = spawn("flock", ["--exclusive", ...wait, "3"], { stdio: ["ignore", "ignore", "pipe", fd] })
    let said = ""
    child.stderr?.on("data", (chunk: Buffer) => (said += chunk.toString()))
    child.once("error", (error: NodeJS.ErrnoException) =>
      reject(
        error.code === "ENOENT"
          ? new Error("the release lock needs util-linux's flock program, which is not installed; nothing was changed")
          : error,
      ),
    )
    child.once("close", (status) => {
      if (status === 0 || status === 1) resolve(status)
      else reject(new Error(`flock could not lock ${LOCK} (exit ${status}): ${said.trim()}; nothing was changed`))
    })
  })
}

/** What the lock file says of its holder ("process N (since T)"), or null when it says nothing. */
function holderOf(fd: number): string | null {
  // From the start, whatever was read before (a descriptor's reads move its position).
  const buffer = Buffer.alloc(256)
  const text = buffer.toString("utf8", 0, fs.readSync(fd, buffer, 0, buffer.length, 0))
  const [pid, since] = text.split("\n")
  return /^\d+$/.test(pid ?? "") ? `process ${pid}${since ? ` (since ${since})` : ""}` : null
}

/** What a file that is not a regular one is, in words. */
function kindOf(stat: fs.Stats): string {
  if (stat.isSymbolicLink()) return "a symbolic link"
  if (stat.isFIFO()) return "a named pipe (FIFO)"
  if (stat.isSocket()) return "a socket"
  if (stat.isBlockDevice() || stat.isCharacterDevice()) return "a device"
  return "not a regular file"
}

/**
 * Opens the lock file. An old command's lock folder of that name (from before the kernel lock) goes
 * first; anything else that is not a regular file (a symbolic link, a FIFO: no release makes one) is
 * refused as the lock, said to `warn`, and replaced by a regular file in one rename, never followed.
 */
function openLockFile(root: string, file: string, warn: (message: string) => void): number {
  try {
    const stat = fs.lstatSync(file, { throwIfNoEntry: false })
    if (stat?.isDirectory()) fs.rmSync(file, { recursive: true, force: true })
    else if (stat && !stat.isFile()) {
      warn(
        `${file} is ${kindOf(stat)}, not the lock file a release makes: it was not used, and a lock file replaces it`,
      )
      const fresh = `${file}.${process.pid}`
      fs.writeFileSync(fresh, "", { flag: "w", mode: 0o644 })
      fs.renameSync(fresh, file)
    }
    return fs.openSync(file, fs.constants.O_RDWR | fs.constants.O_CREAT | fs.constants.O_NOFOLLOW, 0o644)
  } catch (error) {
    throw diskFull(error, root, 0) ?? error
  }
}

/** Whether the descriptor is still the file at `file`'s path (a replacement made while it waited is not). */
function stillAt(fd: number, file: string): boolean {
  const held = fs.fstatSync(fd)
  const now = fs.lstatSync(file, { throwIfNoEntry: false })
  return !!now && now.ino === held.ino && now.dev === held.dev
}

/** Says in the lock file who holds it: replaced whole, in place (the file stays the one locked). */
function sayHolder(fd: number, text: string): void {
  fs.ftruncateSync(fd, 0)
  if (text) fs.writeSync(fd, text, 0)
}

export interface LockOptions {
  /** Seconds to wait for another release to finish; 0 refuses at once. */
  waitSeconds?: number
  /** Told when the lock is held by another, before waiting. */
  onWait?: (message: string) => void
  /** Told when what stood at the lock file's path was no lock file, and was replaced. */
  warn?: (message: string) => void
  /** What the lock keeps to one at a time, as its messages say it. */
  what?: string
}

/**
 * Runs `work` holding the root's lock. While another release or rollback holds it, waits its turn
 * (saying so) up to `waitSeconds`; past that, refuses having changed nothing.
 */
export async function withLock<T>(
  root: string,
  work: () => Promise<T>,
  {
    waitSeconds = LOCK_WAIT_SECONDS,
    onWait = (message) => console.log(message),
    warn = (message) => console.warn(message),
    what = "release or rollback",
  }: LockOptions = {},
): Promise<T> {
  const file = path.join(root, LOCK)
  const fd = openLockFile(root, file, warn)
  try {
    if ((await flock(fd, 0)) !== 0) {
      const holder = holderOf(fd) ?? "it"
      if (waitSeconds <= 0) throw new Error(`another ${what} is running (${holder} holds ${file}); nothing was changed`)
      onWait(`Another ${what} is running (${holder} holds ${file}); waiting up to ${waitSeconds} s for it…`)
      if ((await flock(fd, waitSeconds)) !== 0)
        throw new Error(
          `another ${what} is still running after ${waitSeconds} s (${holderOf(fd) ?? "it"} holds ${file}); nothing was changed`,
        )
    }
    // Another release replaced what stood at the path after this one opened it: the lock is the new file's.
    if (!stillAt(fd, file)) {
      fs.closeSync(fd)
      return await withLock(root, work, { waitSeconds, onWait, warn, what })
    }
    try {
      sayHolder(fd, `${process.pid}\n${new Date().toISOString()}\n`)
    } catch (error) {
      throw diskFull(error, root, 0) ?? error
    }
    try {
      return await work()
    } finally {
      sayHolder(fd, "")
    }
  } finally {
    // Closing the one descriptor that holds it is what lets the next release in.
    fs.closeSync(fd)
  }
}
