/**
 * What a live site says of itself at /release.json: the commit it was built from and since when it
 * is live. Each release on the nginx host and each Pages deployment writes it; the CMS reads it to tell
 * an editor whether a change is live yet. Revalidated on every request, like every unhashed file.
 */
export const RELEASE_STAMP_PATH = "/release.json"

export interface ReleaseStamp {
  /** The commit the build was made from (full hash). */
  commit: string
  /** When it was built, and when it became live (ISO 8601). */
  builtAt: string
  liveSince: string
  /** The release's folder on the nginx host; absent on Pages. */
  release?: string
}

/** The stamp as its file holds it, or null when `data` is not one. */
export function readReleaseStamp(data: unknown): ReleaseStamp | null {
  const stamp = data as Partial<ReleaseStamp> | null
  if (!stamp || typeof stamp !== "object") return null
  const { commit, builtAt, liveSince } = stamp
  if (typeof commit !== "string" || !/^[0-9a-f]{40}$/.test(commit)) return null
  if (typeof builtAt !== "string" || typeof liveSince !== "string" || Number.isNaN(Date.parse(liveSince))) return null
  return stamp as ReleaseStamp
}
