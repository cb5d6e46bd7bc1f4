/** `gatsby serve` over the build, on a free port, for the load bench that compares nginx with it. */
import { spawn } from "node:child_process"
import { freePort } from "../../deploy/lib/free-port"
import { waitForServer } from "../../deploy/lib/wait-for-server"

export interface RunningGatsbyServe {
  url: string
  stop(): void
}

export async function startGatsbyServe(): Promise<RunningGatsbyServe> {
  const port = await freePort()
  const server = spawn("npx", ["gatsby", "serve", "--port", String(port), "--host", "127.0.0.1"], {
    stdio: "ignore",
    detached: true,
    env: { ...process.env, GATSBY_TELEMETRY_DISABLED: "1" },
  })
  const url = `http://127.0.0.1:${port}`
  const stop = () => {
    if (server.pid && server.exitCode === null) process.kill(-server.pid, "SIGTERM")
  }
  try {
    await waitForServer(`${url}/`, {
      name: "gatsby serve",
      timeoutMs: 60_000,
      ready: (response) => response.ok,
      failed: () => (server.exitCode === null ? undefined : `exit ${server.exitCode} (port ${port})`),
    })
  } catch (error) {
    stop()
    throw error
  }
  return { url, stop }
}
