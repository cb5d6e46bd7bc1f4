/**
 * `npm run cms` in a copy of the project (test/support/project-copy.ts), as an editor runs it: the
 * site in development mode with decap-server behind it, writing into the copy's content/. Its first
 * start (gatsby develop) takes a minute of both cores, so `npm test` (scripts/test.sh) starts it
 * before the unit tests, beside them rather than in a browser test's worker, and
 * e2e/cms-editing.spec.ts finds it started (CMS_DEV_SITE). The spec starts one itself when run alone,
 * and for a retry, whose tests need the content as it was.
 * Usage: node --import tsx test/support/cms-dev-site.ts        starts one and prints it (JSON) at once
 *        node --import tsx test/support/cms-dev-site.ts --stop '<that JSON>'   stops it, removes the copy
 */
import { spawn } from "node:child_process"
import fs from "node:fs"
import { freePort } from "../../deploy/lib/free-port"
import { waitForServer } from "../../deploy/lib/wait-for-server"
import { projectCopy } from "./project-copy"

/** A started `npm run cms`: the copy it serves and writes, its address, its process group. */
export interface CmsDevSite {
  dir: string
  origin: string
  pid: number
}

/**
 * Starts `npm run cms` in a new copy, in a process group of its own, at the tests' own priority: in
 * the scheduler's idle class (or at nice 19) a host loaded by anything else starves it, and at half
 * speed with `stress-ng` beside it it had not answered after 240 s.
 */
export async function startCmsDevSite(): Promise<CmsDevSite> {
  const dir = projectCopy()
  const [sitePort, decapPort] = [await freePort(), await freePort()]
  const server = spawn("npm", ["run", "cms"], {
    cwd: dir,
    env: { ...process.env, CMS_PORT: String(sitePort), DECAP_PORT: String(decapPort), NO_COLOR: "1" },
    stdio: "ignore",
    detached: true,
  })
  server.unref()
  if (!server.pid) throw new Error("npm run cms did not start")
  return { dir, origin: `http://localhost:${sitePort}`, pid: server.pid }
}

/** The site a CMS_DEV_SITE names, read at the edge: refused in words if it is not one this file printed. */
export function parseCmsDevSite(text: string, from = "CMS_DEV_SITE"): CmsDevSite {
  let value: unknown
  try {
    value = JSON.parse(text)
  } catch {
    throw new Error(`${from} is not JSON: ${text.slice(0, 200)}`)
  }
  const site = value as Partial<CmsDevSite> | null
  if (
    typeof site?.dir !== "string" ||
    typeof site.origin !== "string" ||
    !/^http:\/\/localhost:\d+$/.test(site.origin) ||
    !Number.isInteger(site.pid) ||
    (site.pid ?? 0) <= 0
  )
    throw new Error(`${from} does not name a development site ({ dir, origin, pid }): ${text.slice(0, 200)}`)
  return { dir: site.dir, origin: site.origin, pid: site.pid! }
}

/** Whether the process group is still there. */
const running = (pid: number) => {
  try {
    process.kill(-pid, 0)
    return true
  } catch {
    return false
  }
}

/** Resolves once the site and its decap-server answer; rejects if the process stopped or the time ran out. */
export async function siteReady({ origin, pid }: CmsDevSite, timeoutMs = 240_000): Promise<void> {
  const failed = () => (running(pid) ? undefined : "npm run cms exited")
  await waitForServer(`${origin}/`, { name: "npm run cms", timeoutMs, ready: (response) => response.ok, failed })
  await waitForServer(`${origin}/api/v1`, {
    name: "decap-server behind npm run cms",
    timeoutMs: 30_000,
    init: { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify({ action: "info" }) },
    ready: (response) => response.ok,
    failed,
  })
}

/** Stops the site's process group and removes its copy. */
export function stopCmsDevSite({ dir, pid }: CmsDevSite): void {
  if (running(pid)) process.kill(-pid, "SIGTERM")
  fs.rmSync(dir, { recursive: true, force: true })
}

if (require.main === module) {
  const stop = process.argv.indexOf("--stop")
  if (stop !== -1) stopCmsDevSite(parseCmsDevSite(process.argv[stop + 1] ?? "", "--stop's argument"))
  else void startCmsDevSite().then((site) => console.log(JSON.stringify(site)))
}
