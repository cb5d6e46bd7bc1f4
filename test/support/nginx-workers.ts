/**
 * The worker processes of an nginx master, read from Linux's /proc. nginx reloads by starting new
 * workers and, about 100 ms later (ngx_master_process_cycle), telling the old ones to finish: in
 * between, both take new connections, so a client can be answered by the release before the one
 * just made live. A test that needs the new one waits until no worker older than the switch accepts.
 */
import { spawnSync } from "node:child_process"
import fs from "node:fs"

export interface NginxWorker {
  pid: number
  /** When it started, in milliseconds since the Unix epoch (to a clock tick, 10 ms on Linux). */
  startedAt: number
  /** False once it has been told to finish: it then serves its open connections and takes no new one. */
  accepting: boolean
}

let ticksPerSecond: number | undefined

function clockTicks(): number {
  ticksPerSecond ??= Number(spawnSync("getconf", ["CLK_TCK"], { encoding: "utf8" }).stdout.trim()) || 100
  return ticksPerSecond
}

/** The worker processes of the master whose pid is in `pidFile`. */
export function nginxWorkers(pidFile: string): NginxWorker[] {
  const master = Number(fs.readFileSync(pidFile, "utf8").trim())
  // Process start times count clock ticks since boot; /proc/uptime says how long ago that was.
  const bootedAt = Date.now() - Number(fs.readFileSync("/proc/uptime", "utf8").split(" ")[0]) * 1000
  const workers: NginxWorker[] = []
  for (const entry of fs.readdirSync("/proc")) {
    if (!/^\d+$/.test(entry)) continue
    let stat: string
    let title: string
    try {
      stat = fs.readFileSync(`/proc/${entry}/stat`, "utf8")
      title = fs.readFileSync(`/proc/${entry}/cmdline`, "utf8")
    } catch {
      continue // it ended while the list was read
    }
    // Fields after the command's name in parentheses, which may hold spaces: state, ppid, ...
    const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ")
    if (Number(fields[1]) !== master || !title.startsWith("nginx: worker process")) continue
    workers.push({
      pid: Number(entry),
      startedAt: bootedAt + (Number(fields[19]) / clockTicks()) * 1000,
      accepting: !title.includes("shutting down"),
    })
  }
  return workers
}
