/**
 * No control characters in any text file the build wrote, nor in its compressed copies: a browser
 * drops them, but a crawler, a link preview or an e-mail client may stop at them. Tab, line feed and
 * carriage return are text; every other C0 control and DEL is a fault. Prints each as
 * `file offset: U+XXXX in "…context…"` and exits 1 if there is any.
 */
import fs from "node:fs"
import path from "node:path"
import zlib from "node:zlib"
import { filesUnder } from "../../../lib/files"
import { isCompressible } from "../../../build-steps/post-build/compression"
import { pageDataFileOf } from "../../../build-steps/gatsby-internals"
import { pagesToCheck } from "../pages-to-check"

const PUBLIC = path.resolve(process.argv[2] ?? "public")

/** U+0000-U+0008, U+000B, U+000C, U+000E-U+001F, U+007F: finding them is this check's purpose. */
// eslint-disable-next-line no-control-regex
const CONTROL = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F]/g

const DECODERS: Partial<Record<string, (bytes: Buffer) => Buffer>> = {
  ".br": (bytes) => zlib.brotliDecompressSync(bytes),
  ".gz": (bytes) => zlib.gunzipSync(bytes),
}

export interface ControlCharacter {
  file: string
  offset: number
  codePoint: string
  context: string
}

/** Every control character of the text files under `root` (or of `files` there), compressed copies read decompressed. */
export function controlCharacters(root: string, files: readonly string[] = filesUnder(root)): ControlCharacter[] {
  const found: ControlCharacter[] = []
  for (const file of files) {
    const decode = DECODERS[path.extname(file)]
    const textFile = decode ? file.slice(0, -path.extname(file).length) : file
    if (!isCompressible(textFile)) continue
    const bytes = fs.readFileSync(file)
    const text = (decode ? decode(bytes) : bytes).toString("utf8")
    for (const match of text.matchAll(CONTROL)) {
      found.push({
        file: path.relative(root, file),
        offset: match.index,
        codePoint: `U+${match[0].codePointAt(0)!.toString(16).toUpperCase().padStart(4, "0")}`,
        context: JSON.stringify(text.slice(Math.max(0, match.index - 24), match.index + 8)),
      })
    }
  }
  return found
}

/** The files of the publish path's pages: each page, its data, and their compressed copies. */
function filesOfPages(pages: readonly string[]): string[] {
  const texts = pages.flatMap((page) => [page, path.join(PUBLIC, pageDataFileOf(path.relative(PUBLIC, page)))])
  return texts.flatMap((file) => [file, `${file}.br`, `${file}.gz`]).filter((file) => fs.existsSync(file))
}

function main() {
  const { pages, selected } = pagesToCheck(PUBLIC)
  const found = controlCharacters(PUBLIC, selected ? filesOfPages(pages) : filesUnder(PUBLIC))
  for (const { file, offset, codePoint, context } of found)
    console.error(`${file} ${offset}: ${codePoint} in ${context}`)
  const files = new Set(found.map(({ file }) => file)).size
  console.log(
    `Control characters: ${found.length} in ${files} file${files === 1 ? "" : "s"} of ${path.relative(process.cwd(), PUBLIC) || "."}`,
  )
  if (found.length > 0) process.exitCode = 1
}

if (require.main === module) main()
