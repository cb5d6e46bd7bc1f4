/**
 * `preview-lacks`: which files of a preview's build the host lacks (no release kept holds them with
 * the same bytes), given its files.json on standard input: what its upload must carry, before
 * `preview`. It reads and changes nothing else.
 */
import type { Readable } from "node:stream"
import { previewLacks } from "../previews"
import { FILES_MANIFEST } from "../root/layout"
import { MANIFEST_RECORD, parseRecord } from "../root/records"
import { command } from "./command"
import { ROOT } from "./options"

/** The most a files.json may be: one of a build of several thousand pages is a few megabytes. */
const MAX_MANIFEST_BYTES = 64 * 1024 * 1024

/** `input` read whole, refused past `limit` bytes. */
export async function readBounded(input: Readable, limit: number, what: string): Promise<string> {
  const chunks: Buffer[] = []
  let size = 0
  for await (const chunk of input as AsyncIterable<Buffer>) {
    size += chunk.length
    if (size > limit) throw new Error(`${what} is larger than ${limit / 1024 / 1024} MB; nothing was read`)
    chunks.push(chunk)
  }
  return Buffer.concat(chunks).toString("utf8")
}

/** The lines `preview-lacks` prints for the manifest on `input`. */
export async function lacks(root: string, input: Readable): Promise<void> {
  const what = `the ${FILES_MANIFEST} on standard input`
  const manifest = parseRecord(MANIFEST_RECORD, await readBounded(input, MAX_MANIFEST_BYTES, what), what)
  process.stdout.write(
    previewLacks(root, manifest)
      .map((file) => `${file}\n`)
      .join(""),
  )
}

export const previewLacksCommand = command({
  name: "preview-lacks",
  summary: "The files a preview's upload must carry, one a line, given its files.json on standard input.",
  input: "files.json",
  options: ROOT,
  run: (values) => lacks(values.root, process.stdin),
})
