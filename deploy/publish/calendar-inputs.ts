/**
 * What a run of the calendar (deploy/publish/calendar.ts) reads besides the live commit's studies: the
 * live site's stamp, the nginx host's staged releases (its staged.json, read over SSH) and the commits
 * the host held for the calendar (held.json, listed by the workflow from the release statuses), each
 * checked as it is read; and the repository's order of commits.
 */
import { spawnSync } from "node:child_process"
import fs from "node:fs"
import { type ReleaseStamp, readReleaseStamp } from "../../contracts/release-stamp"
import { isCommitHash, isTime } from "../../contracts/values"
import { readSource } from "../lib/read-source"

/** A commit whose release status says it is held for the calendar (contracts/statuses.ts), as the workflow lists them. */
export interface HeldCommit {
  commit: string
  /** When the host held it (the status's time). */
  heldAt: string
}

/** A release staged on the nginx host, as its root's staged.json lists it (deploy/release/staged.ts). */
export interface StagedOnHost {
  at: string
  commit: string
}

/** Whether `commit` is newer than `live` on the repository's history: `live` is its ancestor. */
export const descendsFrom = (repository: string, live: string) => (commit: string) =>
  spawnSync("git", ["-C", repository, "merge-base", "--is-ancestor", live, commit]).status === 0

/** The list under `key` in a JSON file, the entries `keep` accepts; none when there is no such file or it is empty. */
function readList<T>(file: string | undefined, key: string, keep: (entry: T) => boolean): T[] {
  if (!file || !fs.existsSync(file) || fs.statSync(file).size === 0) return []
  const list = (JSON.parse(fs.readFileSync(file, "utf8")) as Record<string, unknown>)[key]
  return Array.isArray(list) ? (list as T[]).filter(keep) : []
}

/** The held commits the workflow listed (held.json). */
export const readHeldFile = (file: string | undefined) =>
  readList<HeldCommit>(file, "held", (entry) => isCommitHash(entry.commit) && isTime(entry.heldAt))

/** The host's staged releases (its staged.json, read over SSH). */
export const readStagedFile = (file: string | undefined) => readList<StagedOnHost>(file, "staged", () => true)

/** The live stamp, from the site's address or a file. */
export async function readStamp(source: string): Promise<ReleaseStamp> {
  const text = await readSource(source)
  const stamp = readReleaseStamp(JSON.parse(text))
  if (!stamp) throw new Error(`${source} is not a release stamp`)
  return stamp
}
