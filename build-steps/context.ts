/**
 * One build's context: the moment it judges the editors' calendar at (the clock, read once) and one
 * reading of the content with its index of case studies, made at the start of a build and handed to
 * every step that needs them (validation, the nodes, the addresses, security.txt, the calendar's
 * record; the publish path's content check). A build that runs across a study's goLiveAt is thereby
 * of one moment throughout.
 */
import { createHash } from "node:crypto"
import fs from "node:fs"
import path from "node:path"
import type { Clock } from "../contracts/clock"
import { zurichDay } from "../contracts/editors-time"
import { isRecord } from "../contracts/json"
import { DEFAULT_LOCALE, LOCALES, type Locale } from "../model/locales"
import { CASE_STUDIES, contentTypeOf } from "../model/registry"
import { movedKeysOf } from "../model/relations"
import { scheduledStudyOf } from "../model/schedule"
import { isUntranslated } from "../model/translations"
import { type ContentCalendar, type FiledStudy, contentCalendar } from "./content/calendar"

/** The content as one build read it. */
export interface ContentSnapshot {
  /** The content folder. */
  readonly root: string
  /** Every content file under it (the JSON Schemas apart), by its path there, as its text. */
  readonly texts: ReadonlyMap<string, string>
  /**
   * Each of those files' size and modification time as it was read (fileStamp), so that a step handed a
   * file (Gatsby's File node) knows whether it is the one read, without reading it again.
   */
  readonly stamps: ReadonlyMap<string, string>
  /** Each case study with a slug, by its file (the name a rename keeps), in the files' order. */
  readonly studies: readonly FiledStudy[]
  /** Each study's slug of before, to its slug now. */
  readonly moves: ReadonlyMap<string, string>
  /** The studies published in English first, by slug, under each language they are not in yet. */
  readonly untranslated: ReadonlyMap<Locale, ReadonlySet<string>>
}

export interface BuildContext {
  readonly clock: Clock
  readonly content: ContentSnapshot
  readonly calendar: ContentCalendar
}

const SCHEMA_FOLDER = "schemas"

function jsonFilesUnder(root: string, folder = ""): string[] {
  return fs.readdirSync(path.join(root, folder), { withFileTypes: true }).flatMap((entry) => {
    const relative = folder ? `${folder}/${entry.name}` : entry.name
    if (entry.isDirectory()) return relative === SCHEMA_FOLDER ? [] : jsonFilesUnder(root, relative)
    return entry.name.endsWith(".json") ? [relative] : []
  })
}

/** A file's size and modification time, as fs.Stats and Gatsby's File nodes (`size`, `modifiedTime`) give them. */
export const fileStamp = (size: number | undefined, modified: string | undefined): string => `${size} ${modified}`

/** Every content file under `root` (the JSON Schemas apart), by its path there: its text, and its stamp. */
function readContentFiles(root: string): { texts: Map<string, string>; stamps: Map<string, string> } {
  const texts = new Map<string, string>()
  const stamps = new Map<string, string>()
  for (const relative of jsonFilesUnder(root).sort()) {
    const file = path.join(root, relative)
    const stat = fs.statSync(file)
    texts.set(relative, fs.readFileSync(file, "utf8"))
    stamps.set(relative, fileStamp(stat.size, stat.mtime.toJSON()))
  }
  return { texts, stamps }
}

/** Every content file under `root` (the JSON Schemas apart), by its path there, as its text. */
export const contentTexts = (root: string): Map<string, string> => readContentFiles(root).texts

/** A file's JSON object, or undefined when it is none (validation says what is wrong with it). */
export function parsedObject(text: string): Record<string, unknown> | undefined {
  try {
    const value: unknown = JSON.parse(text)
    return isRecord(value) ? value : undefined
  } catch {
    return undefined
  }
}

/** The content under `root`, read once. */
export function readContentSnapshot(root: string): ContentSnapshot {
  const { texts, stamps } = readContentFiles(root)
  const files = [...texts]
    .filter(([relative]) => contentTypeOf(relative) === CASE_STUDIES)
    .flatMap(([relative, text]) => {
      const raw = parsedObject(text)
      return raw ? [{ file: path.posix.basename(relative, ".json"), raw }] : []
    })
  const studies = files.flatMap(({ file, raw }) => {
    const study = scheduledStudyOf(raw)
    return study ? [{ ...study, file }] : []
  })
  const untranslated = new Map(
    LOCALES.filter((locale) => locale !== DEFAULT_LOCALE).map((locale) => [
      locale,
      new Set(files.flatMap(({ raw }) => (isUntranslated(raw[locale]) ? (scheduledStudyOf(raw)?.slug ?? []) : []))),
    ]),
  )
  const moves = movedKeysOf(
    CASE_STUDIES,
    files.map(({ raw }) => raw[DEFAULT_LOCALE]),
  )
  return { root, texts, stamps, studies, moves, untranslated }
}

/**
 * A build's context: the content under `root`, judged at `clock`, which the caller reads once (the
 * build's entry, gatsby/site-build.ts; a command's: contracts/clock.ts, readClock).
 */
export function buildContext(root: string, clock: Clock): BuildContext {
  const content = readContentSnapshot(root)
  return { clock, content, calendar: contentCalendar(content.studies, clock) }
}

/**
 * The variable in which a content check that passed names what it checked (contentDigest), for the
 * build that follows it (the publish path's): the same files on the same day need no second check.
 */
export const CHECKED_VARIABLE = "SITE_CONTENT_CHECKED"

/** What a content check's verdict rests on: every file's path and text, and the day (Zurich's) its dates were judged on. */
export function contentDigest({ content, clock }: BuildContext): string {
  const hash = createHash("sha256").update(zurichDay(clock.now.toISOString()))
  for (const [relative, text] of [...content.texts].sort(([a], [b]) => (a < b ? -1 : 1)))
    hash.update("\0").update(relative).update("\0").update(text)
  return hash.digest("hex")
}

/** Whether `env` says a check passed on this very content, on this day (anything else: check it). */
export const checkedBefore = (context: BuildContext, env: Readonly<Record<string, string | undefined>>): boolean =>
  env[CHECKED_VARIABLE] === contentDigest(context)
