/**
 * A file replaced whole: written beside itself, then renamed over the old one, so a reader (nginx
 * serving a release's stamp, the next build reading a memo, a release reading a manifest) meets the
 * old bytes or the new, never part of them; a write that fails leaves the old file and nothing else.
 */
import fs from "node:fs"

export function replaceFile(file: string, text: string): void {
  const next = `${file}.next`
  try {
    fs.writeFileSync(next, text)
    fs.renameSync(next, file)
  } finally {
    fs.rmSync(next, { force: true })
  }
}
