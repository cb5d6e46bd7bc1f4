/**
 * What a run of the calendar (deploy/publish/calendar.ts) reads besides the live commit's studies: the
 * live site's stamp, the nginx host's staged releases (its staged.json, read over SSH) and the commits
 * the host held for the calendar (held.json, listed by the workflow from the release statuses), each
 * checked as it is read; and the repository's order of commits.
 */
import { spawnSync } from "node:child_process"
import fs from "node:fs"
import type { ReleaseStamp } from "../../contracts/release-stamp"
import { isCommitHash, isTime } from "../../contracts/values"
import { STAGED_RECORD, STAMP_RECORD, parseRecord } from "../release/root/records"
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

/** A file's text; none (an empty text) when there is no such file. */
const textOf = (file: string | undefined) => (file && fs.existsSync(file) ? fs.readFileSync(file, "utf8") : "")

/** The held commits the workflow listed (held.json), those it lists whole. */
export function readHeldFile(file: string | undefined): HeldCommit[] {
  const text = textOf(file)
  if (!text.trim()) return []
  const list = (JSON.parse(text) as { held?: unknown }).held
  return (Array.isArray(list) ? (list as HeldCommit[]) : []).filter(
    (entry) => isCommitHash(entry?.commit) && isTime(entry?.heldAt),
  )
}

/**
 * The host's staged releases (its staged.json, read over SSH): a record of the host's, read as the
 * host reads it (deploy/release/root/records.ts); none where the host has none.
 */
export function readStagedFile(file: string | undefined): StagedOnHost[] {
  const text = textOf(file)
  return text.trim() ? parseRecord(STAGED_RECORD, text, `the nginx host's staged.json (${file})`).staged : []
}

/** The live stamp, from the site's address or a file, read as the host writes it. */
export const readStamp = async (source: string): Promise<ReleaseStamp> =>
  parseRecord(STAMP_RECORD, await readSource(source), source)
