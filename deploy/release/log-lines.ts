/**
 * The host's log as the report reads it (visit-counts.ts): its file and the days logrotate kept beside
 * it, each read as its bytes arrive (a compressed day unpacked on the way), line by line, each line
 * bounded.
 */
import fs from "node:fs"
import path from "node:path"
import zlib from "node:zlib"

/** The longest line the count reads (nginx's lines are under 8 kB: its request line's bound); longer ones are skipped. */
export const MAX_LINE_BYTES = 16_384

/** The log file and its rotated days (`access.log-20261201`, `.gz` once compressed), oldest first. */
export function logFiles(logFile: string): string[] {
  const dir = path.dirname(logFile)
  if (!fs.existsSync(dir)) return []
  const base = path.basename(logFile)
  return fs
    .readdirSync(dir)
    .filter((name) => name === base || name.startsWith(`${base}-`) || name.startsWith(`${base}.`))
    .sort((a, b) => (a === base ? 1 : b === base ? -1 : a.localeCompare(b)))
    .map((name) => path.join(dir, name))
}

/**
 * A log's lines, a chunk's worth at a time, as its bytes arrive (a compressed day unpacked on the way):
 * each line at most MAX_LINE_BYTES, a longer one skipped whole and told to `skipped`, never held. A
 * log any size, with lines any length, is read in the memory of one chunk and one line.
 */
export async function* logLines(bytes: AsyncIterable<Buffer>, skipped: () => void): AsyncGenerator<string[]> {
  let parts: Buffer[] = []
  let held = 0
  let skipping = false
  const end = (): string | null => {
    const line = skipping ? null : Buffer.concat(parts, held).toString("utf8")
    if (skipping) skipped()
    parts = []
    held = 0
    skipping = false
    return line
  }
  for await (const chunk of bytes) {
    const lines: string[] = []
    for (let start = 0; start < chunk.length;) {
      const newline = chunk.indexOf(10, start)
      const stop = newline === -1 ? chunk.length : newline
      if (!skipping && held + stop - start > MAX_LINE_BYTES) {
        skipping = true
        parts = []
        held = 0
      }
      if (!skipping) {
        parts.push(chunk.subarray(start, stop))
        held += stop - start
      }
      if (newline === -1) break
      const line = end()
      if (line) lines.push(line.endsWith("\r") ? line.slice(0, -1) : line)
      start = newline + 1
    }
    if (lines.length > 0) yield lines
  }
  if (held > 0 || skipping) {
    const line = end()
    if (line) yield [line]
  }
}

/** A log file's bytes as they are read, a compressed day unpacked. */
export const logBytes = (file: string): AsyncIterable<Buffer> => {
  const bytes = fs.createReadStream(file)
  return file.endsWith(".gz") ? bytes.pipe(zlib.createGunzip()) : bytes
}
