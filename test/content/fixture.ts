import fs from "node:fs"
import os from "node:os"
import path from "node:path"
import { afterEach } from "vitest"

const REAL_CONTENT = path.resolve(__dirname, "../../content")
const made: string[] = []

afterEach(() => {
  for (const dir of made.splice(0)) fs.rmSync(dir, { recursive: true, force: true })
})

/** A throwaway copy of the real content folder, named content/ so messages read as they do in builds. */
export function contentFixture() {
  const root = path.join(fs.mkdtempSync(path.join(os.tmpdir(), "aurelle-content-")), "content")
  made.push(path.dirname(root))
  fs.cpSync(REAL_CONTENT, root, { recursive: true })
  const file = (relative: string) => path.join(root, relative)
  return {
    root,
    read: (relative: string) => JSON.parse(fs.readFileSync(file(relative), "utf8")) as Record<string, any>,
    write: (relative: string, data: unknown) => fs.writeFileSync(file(relative), JSON.stringify(data, null, 2)),
    writeRaw: (relative: string, text: string) => fs.writeFileSync(file(relative), text),
    remove: (relative: string) => fs.rmSync(file(relative)),
    /** Changes one language's document of a content file in place (the English one by default). */
    edit(relative: string, change: (data: Record<string, any>) => void, locale = "en") {
      this.editFile(relative, (file) => change(file[locale]))
    },
    /** Changes a content file as a whole: { "$schema", "en", "fr" }. */
    editFile(relative: string, change: (data: Record<string, any>) => void) {
      const data = this.read(relative)
      change(data)
      this.write(relative, data)
    },
  }
}
