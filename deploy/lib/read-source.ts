/**
 * What the live site says of itself (its stamp, its pages), read from its address or, in tests and by
 * an operator, from a file: one reader for the build server's commands that ask it.
 */
import fs from "node:fs"

/**
 * The text at `source`: an http(s) address, fetched uncached (refused unless it answers 200, given up
 * after `timeoutMs` when given), or a file.
 */
export async function readSource(source: string, timeoutMs?: number): Promise<string> {
  if (!/^https?:/.test(source)) return fs.readFileSync(source, "utf8")
  const signal = timeoutMs === undefined ? undefined : AbortSignal.timeout(timeoutMs)
  const response = await fetch(source, { cache: "no-store", signal })
  if (!response.ok) throw new Error(`${source} answered ${response.status}`)
  return response.text()
}
