/**
 * The admin's views ask GitHub through this one client, with the signed-in editor's token: the
 * repository (release-notes.tsx, schedule-note.tsx), the content files of a branch, each blob kept
 * by its hash for the session in the admin's store (translations-view.tsx), and an entry's versions
 * (entry-versions.ts). What the live site says of itself is read here
 * too (readLive), through the contracts the build writes.
 */
import { askAgainAt } from "../release-state"
import { CONTENT_LABEL } from "../entry-problems"
import { IMAGES_FOLDER } from "../../model/relations"
import { adminStore } from "./admin-store"
import { signedInUser } from "./decap-internals"

export interface BackendConfig {
  backend: { name: string; repo?: string; branch?: string; api_root?: string }
}

/** GitHub answered, and its answer is a refusal: a commit it does not know (404), a token it refuses (401). */
export class GitHubRefused extends Error {
  constructor(readonly status: number) {
    super(`GitHub answered ${status}`)
  }
}

/** GitHub could not answer now (a server error, a rate limit): nothing can be told until `retryAt`. */
export class GitHubDidNotAnswer extends Error {
  constructor(
    readonly status: number,
    readonly retryAt: Date,
  ) {
    super(`GitHub did not answer (${status})`)
  }
}

/** GitHub's answer about the repository (`route` ""), or a part of it, with the editor's token. */
export async function fromGitHub<T>({ backend }: BackendConfig, route: string): Promise<T> {
  const token = signedInUser()?.token
  const root = backend.api_root ?? "https://api.github.com"
  // "no-cache": GitHub's answers may be kept a minute; asked again with their ETag, an unchanged one is free.
  const response = await fetch(`${root}/repos/${backend.repo}${route}`, {
    cache: "no-cache",
    headers: { Accept: "application/vnd.github+json", ...(token ? { Authorization: `token ${token}` } : {}) },
  })
  if (!response.ok) {
    const retryAt = askAgainAt(response.status, response.headers)
    throw retryAt ? new GitHubDidNotAnswer(response.status, retryAt) : new GitHubRefused(response.status)
  }
  return (await response.json()) as T
}

const SCHEMAS = `${CONTENT_LABEL}/schemas/`
const IMAGES = `${CONTENT_LABEL}/${IMAGES_FOLDER}/`

interface Tree {
  tree: Array<{ path: string; type: string; sha: string }>
}

/** A blob's text from GitHub's base64 (UTF-8 bytes). */
export function decoded(content: string): string {
  const bytes = Uint8Array.from(atob(content.replace(/\n/g, "")), (character) => character.charCodeAt(0))
  return new TextDecoder().decode(bytes)
}

/** The content files of a branch, by their path under content/: each one's text, and its git object name. */
export interface BranchContent {
  texts: Map<string, string>
  blobs: Map<string, string>
  /** The images under content/images/, by their path under content/ (not read: only named). */
  images: string[]
}

/** GitHub is asked this many questions at once, no more. */
const AT_ONCE = 6

/**
 * Does `work` for each of `items`, AT_ONCE at a time. After a failure nothing more is started; the
 * work under way ends (what it read is kept by `work`), then the first failure is thrown.
 */
export async function fewAtOnce<T>(items: readonly T[], work: (item: T) => Promise<void>): Promise<void> {
  const left = [...items]
  const failures: unknown[] = []
  const worker = async () => {
    while (left.length > 0 && failures.length === 0) {
      try {
        await work(left.shift()!)
      } catch (error) {
        failures.push(error)
      }
    }
  }
  await Promise.all(Array.from({ length: AT_ONCE }, worker))
  if (failures.length > 0) throw failures[0]
}

/**
 * Every content file on the branch (those `wanted`, by their path under content/): the tree (one
 * request), then each blob not read yet, a few at a time, so a later look costs the tree and what
 * changed. A tree GitHub cut short (too large to give at once) is refused, not read as whole.
 */
export async function contentOnBranch(
  config: BackendConfig,
  wanted: (relative: string) => boolean = () => true,
): Promise<BranchContent> {
  const branch = encodeURIComponent(config.backend.branch ?? "main")
  const { tree, truncated } = await fromGitHub<Tree & { truncated?: boolean }>(
    config,
    `/git/trees/${branch}?recursive=1`,
  )
  if (truncated) throw new Error("GitHub gave the repository's files cut short (too many to list at once)")
  const files = tree.filter(
    ({ path, type }) =>
      type === "blob" &&
      path.startsWith(`${CONTENT_LABEL}/`) &&
      path.endsWith(".json") &&
      !path.startsWith(SCHEMAS) &&
      wanted(path.slice(CONTENT_LABEL.length + 1)),
  )
  const missing = files.filter(({ sha }) => !adminStore.now().blobs.has(sha))
  await fewAtOnce(missing, async ({ sha }) => {
    const blob = await fromGitHub<{ content: string }>(config, `/git/blobs/${sha}`)
    adminStore.keepBlob(sha, decoded(blob.content))
  })
  const relative = (path: string) => path.slice(CONTENT_LABEL.length + 1)
  return {
    texts: new Map(files.map(({ path, sha }) => [relative(path), adminStore.now().blobs.get(sha)!])),
    blobs: new Map(files.map(({ path, sha }) => [relative(path), sha])),
    images: tree
      .filter(({ path, type }) => type === "blob" && path.startsWith(IMAGES) && !path.split("/").pop()!.startsWith("."))
      .map(({ path }) => relative(path)),
  }
}

/** A file of the live site, read through its contract; null when it does not answer or is not one. */
export const readLive = <T>(file: string, read: (data: unknown) => T | null): Promise<T | null> =>
  fetch(file, { cache: "no-store" })
    .then((response) => (response.ok ? response.json() : null))
    .then(read, () => null)
