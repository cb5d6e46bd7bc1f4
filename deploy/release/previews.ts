/**
 * Drafts' previews on the nginx host, beside the releases and never in their way:
 *
 *   previews/site/preview/<token>/   one preview: a pull request's build, made under /preview/<token>/
 *                                    (contracts/previews.ts); nginx serves previews/site/ at /preview/
 *                                    to the editors alone (nginx-previews.ts), in every release's
 *                                    configuration, so a preview made or removed reloads nothing
 *   previews/previews.json           the previews served, and what the host knows of each pull
 *                                    request: its latest change previewed, when it closed (records.ts)
 *   previews/uploads/<token>/        a preview's upload while it is placed (root/uploads.ts)
 *   previews/.release-lock           the previews' own lock (root/lock.ts): a preview never waits for
 *                                    a release, nor a release for a preview
 *
 * A draft is data here: its files are placed by the live release's own command (through the previews'
 * SSH key, commands/gate.ts), never by anything the draft brought. A preview holds the draft's site
 * without its admin (the editors' admin is the live one); its files are linked from the releases kept
 * where their bytes are the same, else copied (root/place.ts, as releases are). At most `keep`
 * previews are kept, and together at most `diskBytes` of measured bytes (each counted whole, so the
 * bound holds when the releases they link from are gone): the oldest go first.
 *
 * What the build server asks is reconciled to one state, whatever order it arrives in: a change
 * older than one previewed of its pull request (served still, or pushed out since), the same change
 * again, or one made before its pull request was closed, changes nothing; a time further ahead of the
 * host's clock than CLOCK_AHEAD is refused, so no record can outlive every later event.
 */
import fs from "node:fs"
import path from "node:path"
import type { Readable } from "node:stream"
import { ADMIN_DIR } from "../../contracts/admin"
import { BUILD_INFO } from "../../contracts/build-info"
import { PREVIEW_PREFIX, isPreviewToken, previewPath } from "../../contracts/previews"
import { freeSpace, megabytes } from "./root/disk"
import { type Manifest, holderOf, planTransfer, readManifest } from "./root/manifest"
import { FILES_MANIFEST, KEEP_PREVIEWS, PREVIEWS, PREVIEWS_DISK_MB, PREVIEW_SITE } from "./root/layout"
import { withLock } from "./root/lock"
import { placeFolder } from "./root/place"
import { PREVIEWS_RECORD, type Preview, type PreviewRecords, readRecord, writeRecord } from "./root/records"
import { receiveUpload, removeUploads, uploadTree, uploadsDir } from "./root/uploads"
import { removeTree } from "./root/remove-tree"
import { keptReleases } from "./release-folder"
import { notAhead, pushedOut, refusal, remembered } from "./preview-order"
import { readBuildInfo } from "./stamp"

export type { Preview, PreviewRecords }

const previewsDir = (root: string) => path.join(root, PREVIEWS)
const servedDir = (root: string) => path.join(root, PREVIEW_SITE, PREVIEW_PREFIX.slice(1, -1))
export const previewDir = (root: string, token: string) => path.join(servedDir(root), token)

/** The records as the host keeps them; none yet is an empty list. A file that is not one stops the command. */
export const readPreviews = (root: string): PreviewRecords => readRecord(root, PREVIEWS_RECORD)

/** A folder taken out of nginx's sight in one rename, then deleted. */
function removeFolder(root: string, folder: string): void {
  if (!fs.existsSync(folder)) return
  const away = path.join(previewsDir(root), `.removing-${path.basename(folder)}-${process.pid}`)
  fs.renameSync(folder, away)
  removeTree(away)
}

/** Previews' folders no record names (a command that died), what a command left half done, and uploads. */
function removeStrays(root: string, records: PreviewRecords): void {
  const known = new Set(records.previews.map(({ token }) => token))
  if (fs.existsSync(servedDir(root))) {
    for (const name of fs.readdirSync(servedDir(root))) {
      if (!known.has(name)) removeFolder(root, path.join(servedDir(root), name))
    }
  }
  for (const name of fs.readdirSync(previewsDir(root))) {
    if (name.startsWith(".partial-") || name.startsWith(".removing-")) removeTree(path.join(previewsDir(root), name))
  }
  removeUploads(root)
}

/**
 * Runs `work` on the records under the previews' own lock, with what earlier commands left removed,
 * then writes what it returns and removes what it no longer names.
 */
async function withPreviews<T>(
  root: string,
  work: (records: PreviewRecords) => Promise<{ records: PreviewRecords; result: T }>,
): Promise<T> {
  fs.mkdirSync(servedDir(root), { recursive: true })
  return withLock(
    previewsDir(root),
    async () => {
      const before = readPreviews(root)
      removeStrays(root, before)
      try {
        const { records, result } = await work(before)
        writeRecord(root, PREVIEWS_RECORD, records)
        removeStrays(root, records)
        return result
      } finally {
        removeUploads(root)
      }
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
  /** The change was previewed already, at `address`: nothing was changed. */
  already?: boolean
}

/** Why a preview was not made: nothing was changed. */
export class NotPreviewed extends Error {}

/** The site as a visitor will see it: the editors' admin is the live site's, never a draft's. */
const isAdmin = (file: string) => file.startsWith(`${ADMIN_DIR}/`)

/** A build's manifest without its admin: what a preview holds. */
export const previewFiles = (manifest: Manifest): Manifest =>
  Object.fromEntries(Object.entries(manifest).filter(([file]) => !isAdmin(file)))

/**
 * The files of a preview's manifest that no release kept on the host holds with the same bytes: what
 * its upload must carry (`preview-lacks`, before `preview`), as public/<file>, with the upload's own.
 */
export const previewLacks = (root: string, manifest: Manifest): string[] => {
  const kept = keptReleases(root)
  const lacking = Object.entries(previewFiles(manifest))
    .filter(([file, { sha256 }]) => !holderOf(kept, file, sha256))
    .map(([file]) => `public/${file}`)
  return [BUILD_INFO, FILES_MANIFEST, ...lacking]
}

/**
 * Makes a pull request's build (made under /preview/<token>/ by npm run build:preview) a preview:
 * `source` is its artifact's folder, or an upload (a tar archive) received into the previews' folder.
 * The pull request's previous preview, and the oldest past the bounds, are removed once it is served.
 */
export async function makePreview(
  source: string | Readable,
  root: string,
  request: PreviewRequest,
): Promise<PreviewReport> {
  const { pull, token, keep = KEEP_PREVIEWS, diskBytes = PREVIEWS_DISK_MB * 1024 * 1024, now = new Date() } = request
  if (!isPreviewToken(token))
    throw new Error(`${JSON.stringify(token)} is no preview's token (24 hexadecimal characters)`)
  notAhead(request.at, now, "the change")
  return withPreviews<PreviewReport>(root, async (records) => {
    const refused = refusal(records, request)
    if (refused && typeof refused === "object")
      return {
        records,
        result: {
          address: `${previewPath(refused.token)}/`,
          copiedBytes: 0,
          linkedBytes: 0,
          removed: [],
          already: true,
        },
      }
    if (refused) throw new NotPreviewed(`${refused}: not previewed, nothing was changed`)
    if (records.previews.some((preview) => preview.token === token))
      throw new Error(`a preview with the token ${token} is served already: draw a new one`)
    const folder = typeof source === "string" ? source : path.join(uploadsDir(root), token)
    if (typeof source !== "string") {
      await receiveUpload(source, folder, Math.min(diskBytes, freeSpace(root)))
      uploadTree(folder)
    }
    // What the build says of itself, checked as every release reads it, before anything is copied.
    const { commit } = readBuildInfo(folder)
    const manifest = previewFiles(readManifest(folder))
    const sourcePublic = path.join(folder, "public")
    const transfer = planTransfer(manifest, sourcePublic, keptReleases(root), isAdmin)
    const bytes = transfer.addedBytes + transfer.linkedBytes
    if (bytes > diskBytes)
      throw new Error(
        `the preview takes ${megabytes(bytes)}, more than the ${megabytes(diskBytes)} previews may take; nothing was changed`,
      )
    if (transfer.addedBytes > freeSpace(root))
      throw new Error(
        `the disk holding ${root} has ${megabytes(freeSpace(root))} free, and the preview needs ${megabytes(transfer.addedBytes)}; nothing was changed`,
      )
    placeFolder({
      root,
      partial: path.join(previewsDir(root), `.partial-${token}`),
      final: previewDir(root, token),
      filesIn: "",
      sourcePublic,
      manifest,
      transfer,
      during: " while a preview was copied",
    })
    const others = records.previews.filter((preview) => preview.pull !== pull)
    const out = pushedOut(others, bytes, keep, diskBytes)
    const replaced = records.previews.filter((preview) => preview.pull === pull)
    const made: Preview = { pull, token, commit, at: request.at, madeAt: now.toISOString(), bytes }
    return {
      records: {
        previews: [...others.filter((preview) => !out.includes(preview)), made],
        closed: remembered(records.closed, now),
        seen: remembered({ ...records.seen, [pull]: request.at }, now),
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
  notAhead("closed" in which ? which.closed.at : which.at, now, "closed" in which ? "the close" : "the list")
  return withPreviews(root, async (records) => {
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
        seen: remembered(records.seen, now),
      },
      result: gone.map((preview) => preview.token),
    }
  })
}
