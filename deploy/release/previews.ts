/**
 * Drafts' previews on the nginx host, beside the releases and never in their way:
 *
 *   previews/site/preview/<token>/   one preview: a pull request's build, made under /preview/<token>/
 *                                    (contracts/previews.ts); nginx serves previews/site/ at /preview/
 *                                    to the editors alone (nginx-previews.ts), in every release's
 *                                    configuration, so a preview made or removed reloads nothing
 *   previews/previews.json           which pull request each preview is of, when its change was made,
 *                                    its size; and the pull requests closed, with when
 *   previews/.release-lock           the previews' own lock (lock.ts): a preview never waits for a
 *                                    release, nor a release for a preview
 *
 * A preview holds the draft's site without its admin (the editors' admin is the live one); its files
 * are linked from the releases kept where their bytes are the same (files.ts), else copied. At most `keep` previews are kept, and together at most `diskBytes` (each counted whole, so
 * the bound holds when the releases they link from are gone): the oldest go first. What the build
 * server asks is reconciled to one state, whatever order it arrives in: a preview of a change made
 * before its pull request was closed, or before the preview it would replace, changes nothing.
 */
import fs from "node:fs"
import path from "node:path"
import * as z from "zod/mini"
import { ADMIN_DIR } from "../../contracts/admin"
import { PREVIEW_PREFIX, isPreviewToken, previewPath } from "../../contracts/previews"
import { offsetTime as time } from "../../contracts/time"
import { commitHash } from "../../contracts/values"
import { replaceFile } from "../../lib/files"
import { diskFull, freeSpace, megabytes } from "./disk"
import { type Manifest, applyTransfer, planTransfer, readManifest } from "./files"
import { KEEP_PREVIEWS, PREVIEWS, PREVIEWS_DISK_MB, PREVIEW_SITE } from "./layout"
import { withLock } from "./lock"
import { checkCopies, keptReleases } from "./release-folder"
import { readBuildInfo } from "./stamp"

export const PREVIEW_RECORDS = path.join(PREVIEWS, "previews.json")
/** How long a closed pull request is remembered: longer than any run of the build server can be late. */
const CLOSED_REMEMBERED_MS = 7 * 24 * 3600 * 1000

const recordsSchema = z.object({
  previews: z.array(
    z.object({
      pull: z.int().check(z.positive()),
      token: z.string().check(z.refine(isPreviewToken)),
      commit: commitHash,
      /** When the change it shows was made (the pull request's event), which orders previews of one pull. */
      at: time,
      madeAt: time,
      /** Its files' bytes, counted whole. */
      bytes: z.int().check(z.nonnegative()),
    }),
  ),
  /** Pull requests closed, by number: when. */
  closed: z.record(z.string().check(z.regex(/^\d+$/)), time),
})
export type PreviewRecords = z.infer<typeof recordsSchema>
export type Preview = PreviewRecords["previews"][number]

const previewsDir = (root: string) => path.join(root, PREVIEWS)
const servedDir = (root: string) => path.join(root, PREVIEW_SITE, PREVIEW_PREFIX.slice(1, -1))
export const previewDir = (root: string, token: string) => path.join(servedDir(root), token)

/** The records as the host keeps them; none yet is an empty list. A file that is not one stops the command. */
export function readPreviews(root: string): PreviewRecords {
  const file = path.join(root, PREVIEW_RECORDS)
  if (!fs.existsSync(file)) return { previews: [], closed: {} }
  let data: unknown
  try {
    data = JSON.parse(fs.readFileSync(file, "utf8"))
  } catch (error) {
    throw new Error(`${file} is not JSON (${(error as Error).message}): remove it, and the previews it listed`)
  }
  const records = recordsSchema.safeParse(data)
  if (!records.success) throw new Error(`${file} is not a list of previews: ${z.prettifyError(records.error)}`)
  return records.data
}

const writePreviews = (root: string, records: PreviewRecords) =>
  replaceFile(path.join(root, PREVIEW_RECORDS), `${JSON.stringify(records, null, 2)}\n`)

/** A folder taken out of nginx's sight in one rename, then deleted. */
function removeFolder(root: string, folder: string): void {
  if (!fs.existsSync(folder)) return
  const away = path.join(previewsDir(root), `.removing-${path.basename(folder)}-${process.pid}`)
  fs.renameSync(folder, away)
  fs.rmSync(away, { recursive: true, force: true })
}

/** Previews' folders no record names (a command that died), and what a command left half done. */
function removeStrays(root: string, records: PreviewRecords): void {
  const known = new Set(records.previews.map(({ token }) => token))
  if (fs.existsSync(servedDir(root))) {
    for (const name of fs.readdirSync(servedDir(root))) {
      if (!known.has(name)) removeFolder(root, path.join(servedDir(root), name))
    }
  }
  for (const name of fs.readdirSync(previewsDir(root))) {
    if (name.startsWith(".partial-") || name.startsWith(".removing-"))
      fs.rmSync(path.join(previewsDir(root), name), { recursive: true, force: true })
  }
}

/** Closed pull requests older than anything late could be, forgotten. */
const remembered = (closed: PreviewRecords["closed"], now: Date) =>
  Object.fromEntries(Object.entries(closed).filter(([, at]) => now.getTime() - Date.parse(at) < CLOSED_REMEMBERED_MS))

/** Runs `work` on the records under the previews' own lock, then writes what it returns and removes what it left. */
async function withPreviews<T>(
  root: string,
  work: (records: PreviewRecords) => { records: PreviewRecords; result: T },
): Promise<T> {
  fs.mkdirSync(servedDir(root), { recursive: true })
  return withLock(
    previewsDir(root),
    async () => {
      const before = readPreviews(root)
      const { records, result } = work(before)
      writePreviews(root, records)
      removeStrays(root, records)
      return result
    },
    { what: "preview" },
  )
}

export interface PreviewRequest {
  pull: number
  token: string
  /** When the change it shows was made (ISO 8601): the pull request's event. */
  at: string
  keep?: number
  diskBytes?: number
  now?: Date
}

export interface PreviewReport {
  /** Its address on the host, under the site's origin. */
  address: string
  copiedBytes: number
  linkedBytes: number
  /** The tokens of the previews it replaced or pushed out. */
  removed: string[]
}

/** Why a preview was not made: nothing was changed. */
export class NotPreviewed extends Error {}

function refusal(records: PreviewRecords, { pull, at }: PreviewRequest): string | null {
  const closed = records.closed[String(pull)]
  if (closed && Date.parse(closed) >= Date.parse(at))
    return `pull request #${pull} was closed at ${closed}, after this change (${at})`
  const newer = records.previews.find((preview) => preview.pull === pull && Date.parse(preview.at) > Date.parse(at))
  if (newer) return `pull request #${pull} has a preview of a later change (${newer.at}) than this one (${at})`
  return null
}

/** The previews kept beside a new one of `bytes`: the oldest pushed out past `keep` and past the room. */
function pushedOut(others: readonly Preview[], bytes: number, keep: number, diskBytes: number): Preview[] {
  const kept = [...others].sort((a, b) => Date.parse(b.madeAt) - Date.parse(a.madeAt))
  const out: Preview[] = []
  const total = () => kept.reduce((sum, preview) => sum + preview.bytes, bytes)
  while (kept.length > 0 && (kept.length >= keep || total() > diskBytes)) out.push(kept.pop()!)
  return out
}

/**
 * Makes the artifact in `source` (a pull request's build under /preview/<token>/) a preview; the
 * pull request's previous preview, and the oldest past the bounds, are removed once it is served.
 */
export async function makePreview(source: string, root: string, request: PreviewRequest): Promise<PreviewReport> {
  const { pull, token, keep = KEEP_PREVIEWS, diskBytes = PREVIEWS_DISK_MB * 1024 * 1024, now = new Date() } = request
  if (!isPreviewToken(token))
    throw new Error(`${JSON.stringify(token)} is no preview's token (24 hexadecimal characters)`)
  // What the build says of itself, checked as every release reads it, before anything is copied.
  const { commit } = readBuildInfo(source)
  const built: Manifest | null = readManifest(source)
  if (!built) throw new Error(`${source} is not a build made by npm run artifact (no readable files.json)`)
  // The site as a visitor will see it: the editors' admin is the live site's, never a draft's.
  const manifest = Object.fromEntries(Object.entries(built).filter(([file]) => !file.startsWith(`${ADMIN_DIR}/`)))
  const bytes = Object.values(manifest).reduce((sum, { size }) => sum + size, 0)
  if (bytes > diskBytes)
    throw new Error(
      `the preview takes ${megabytes(bytes)}, more than the ${megabytes(diskBytes)} previews may take; nothing was changed`,
    )
  return withPreviews(root, (records) => {
    const refused = refusal(records, request)
    if (refused) throw new NotPreviewed(`${refused}: not previewed, nothing was changed`)
    if (records.previews.some((preview) => preview.token === token))
      throw new Error(`a preview with the token ${token} is served already: draw a new one`)
    const sourcePublic = path.join(source, "public")
    const transfer = planTransfer(manifest, sourcePublic, keptReleases(root))
    if (transfer.addedBytes > freeSpace(root))
      throw new Error(
        `the disk holding ${root} has ${megabytes(freeSpace(root))} free, and the preview needs ${megabytes(transfer.addedBytes)}`,
      )
    const partial = path.join(previewsDir(root), `.partial-${token}`)
    try {
      applyTransfer(transfer, sourcePublic, partial)
      checkCopies(transfer, manifest, partial)
      fs.renameSync(partial, previewDir(root, token))
    } catch (error) {
      fs.rmSync(partial, { recursive: true, force: true })
      throw diskFull(error, root, transfer.addedBytes, " while a preview was copied") ?? error
    }
    const others = records.previews.filter((preview) => preview.pull !== pull)
    const out = pushedOut(others, bytes, keep, diskBytes)
    const replaced = records.previews.filter((preview) => preview.pull === pull)
    const made: Preview = { pull, token, commit, at: request.at, madeAt: now.toISOString(), bytes }
    return {
      records: {
        previews: [...others.filter((preview) => !out.includes(preview)), made],
        closed: remembered(records.closed, now),
      },
      result: {
        address: `${previewPath(token)}/`,
        copiedBytes: transfer.addedBytes,
        linkedBytes: transfer.linkedBytes,
        removed: [...replaced, ...out].map((preview) => preview.token),
      },
    }
  })
}

/**
 * The previews of pull requests no longer open removed: `closed` (a pull request closed or merged,
 * with when) or all but `open` (the build server's list of the open ones, as it stood `at`; a preview
 * of a change made after that is kept). Repeated or late, it removes no more and brings nothing back.
 * Returns the tokens removed.
 */
export function removePreviews(
  root: string,
  which: { closed: { pull: number; at: string } } | { open: readonly number[]; at: string },
  now = new Date(),
): Promise<string[]> {
  return withPreviews(root, (records) => {
    const closedAt = (pull: number) =>
      "closed" in which
        ? pull === which.closed.pull
          ? which.closed.at
          : null
        : which.open.includes(pull)
          ? null
          : which.at
    const gone = records.previews.filter((preview) => {
      const at = closedAt(preview.pull)
      return at !== null && Date.parse(preview.at) <= Date.parse(at)
    })
    const closed = { ...records.closed }
    const mark = (pull: number, at: string) => {
      if (!closed[pull] || Date.parse(closed[pull]) < Date.parse(at)) closed[pull] = at
    }
    if ("closed" in which) mark(which.closed.pull, which.closed.at)
    else for (const { pull } of gone) mark(pull, which.at)
    return {
      records: {
        previews: records.previews.filter((preview) => !gone.includes(preview)),
        closed: remembered(closed, now),
      },
      result: gone.map((preview) => preview.token),
    }
  })
}
