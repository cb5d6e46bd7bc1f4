/** Waiting for a server the tests or scripts started: one loop for nginx, gatsby serve and decap-server. */

export interface WaitOptions {
  /** What is awaited, for the error: "nginx", "gatsby serve". */
  name: string
  /** How long to wait in all. */
  timeoutMs?: number
  /** The request to make; a GET by default. */
  init?: RequestInit
  /** Whether an answer means the server is ready; any answer by default. */
  ready?: (response: Response) => boolean
  /** Why waiting is pointless (the process exited, say), or nothing while it is worth going on. */
  failed?: () => string | undefined
}

const POLL_MS = 100

/** Resolves once `url` answers as `ready` wants; rejects after `timeoutMs` or as soon as `failed` says why. */
export async function waitForServer(
  url: string,
  { name, timeoutMs = 30_000, init, ready = () => true, failed }: WaitOptions,
): Promise<void> {
  const deadline = Date.now() + timeoutMs
  while (Date.now() < deadline) {
    const reason = failed?.()
    if (reason) throw new Error(`${name} stopped at start: ${reason}`)
    try {
      if (ready(await fetch(url, init))) return
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, POLL_MS))
  }
  throw new Error(`${name} did not answer at ${url} within ${timeoutMs / 1000} s`)
}
