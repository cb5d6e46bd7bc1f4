/**
 * What a post-build step left in each file, kept in Gatsby's cache (`.cache/`, kept and restored
 * with public/) from one build to the next, by content: the hash of the file's bytes as the step
 * left them. A file whose bytes are still those is the step's output already (Gatsby kept the page,
 * the build changed nothing in it) and is skipped; any other (a page Gatsby wrote again, a file new to
 * the build) is processed. So a build does per file what the change concerns, and the same bytes as a
 * build without the memo (test/with-build/altered-copy.test.ts compares both trees).
 *
 * The record is of one version of the step: its code, the tools it runs and anything it reads besides
 * the file. Another version forgets every file. Nothing is judged by dates, which a restored cache
 * does not keep.
 */
import crypto from "node:crypto"
import fs from "node:fs"
import path from "node:path"
import { contentHash, filesUnder, replaceFile } from "../../lib/files"

const PROJECT_DIR = path.resolve(__dirname, "../..")
/** The code of the post-build steps, and the lockfile that pins the tools they run. */
const STEP_CODE = ["build-steps", "gatsby", "lib", "package-lock.json"].map((entry) => path.join(PROJECT_DIR, entry))

/**
 * The version of the post-build steps' code: their sources, the lockfile and Node's own compressors,
 * with `inputs` (what else a step reads, each already a hash or a short text).
 */
export function stepVersion(...inputs: string[]): string {
  const hash = crypto.createHash("sha256")
  const files = STEP_CODE.flatMap((entry) =>
    fs.existsSync(entry) ? (fs.statSync(entry).isDirectory() ? filesUnder(entry) : [entry]) : [],
  )
  for (const file of files.sort())
    hash.update(path.relative(PROJECT_DIR, file)).update("\0").update(fs.readFileSync(file))
  hash.update(JSON.stringify([process.versions.node, process.versions.zlib, process.versions.brotli, inputs]))
  return hash.digest("hex")
}

interface Entry {
  hash: string
  /** What the step notes of its output beside the file (the compressed copies it wrote, say). */
  note: string
}

export class FileMemo {
  private readonly before: Map<string, Entry>
  private readonly after = new Map<string, Entry>()

  /** The record in `file` (none yet: empty), if it is of `version`. */
  constructor(
    private readonly file: string,
    private readonly version: string,
  ) {
    let kept: { version?: string; files?: Record<string, Entry> } = {}
    try {
      kept = JSON.parse(fs.readFileSync(file, "utf8"))
    } catch {
      // No record, or one a stopped build left half-written (it is written whole, then renamed): none.
    }
    this.before = new Map(kept.version === version ? Object.entries(kept.files ?? {}) : [])
  }

  /**
   * The note the step kept for `key` when its bytes were `bytes`, then kept for the next build; or
   * undefined when the bytes are not what the step left (the file must be processed).
   */
  unchanged(key: string, bytes: Buffer | string): string | undefined {
    const entry = this.before.get(key)
    if (!entry || entry.hash !== contentHash(bytes)) return undefined
    this.after.set(key, entry)
    return entry.note
  }

  /** Records `key`'s bytes as the step left them. */
  record(key: string, bytes: Buffer | string, note = ""): void {
    this.after.set(key, { hash: contentHash(bytes), note })
  }

  /** How many files were found unchanged, and how many recorded anew. */
  get counts(): { unchanged: number; recorded: number } {
    const unchanged = [...this.after].filter(([key, entry]) => this.before.get(key) === entry).length
    return { unchanged, recorded: this.after.size - unchanged }
  }

  /** Writes the record of this build (the files of the last one that are gone, forgotten): whole, then renamed. */
  save(): void {
    fs.mkdirSync(path.dirname(this.file), { recursive: true })
    const files = Object.fromEntries([...this.after].sort(([a], [b]) => (a < b ? -1 : 1)))
    replaceFile(this.file, JSON.stringify({ version: this.version, files }))
  }
}

/** Where a step's record lives in Gatsby's cache (`cache.directory`, the site's own folder there). */
export const memoFile = (cacheDirectory: string, step: string): string =>
  path.join(cacheDirectory, "post-build", `${step}.json`)
