/**
 * What the calendar's record says of moves, from the history (translation-history.ts, which follows
 * each file across `git mv`): kept apart from calendar.ts, which the context makes before any history
 * is read.
 */
import path from "node:path"
import type { BuildCalendar } from "../../contracts/build-info"
import { CASE_STUDIES, contentTypeOf } from "../../model/registry"
import type { ContentSnapshot } from "../context"
import { translationHistory } from "./translation-history"

/**
 * The record with, for each study git saw moved to its file (`git mv`, followed by the history:
 * translation-history.ts), the files it had before (names without .json): the host's word on the study
 * follows it there (deploy/release/told-calendar.ts). Without history, the record as it was.
 */
export function withFormerFiles(record: BuildCalendar, content: ContentSnapshot): BuildCalendar {
  const history = translationHistory(content)
  if (!("formerly" in history) || !record.windows) return record
  const study = (relative: string) =>
    contentTypeOf(relative) === CASE_STUDIES ? path.posix.basename(relative, ".json") : undefined
  const moved = new Map<string, string[]>()
  for (const [relative, before] of history.formerly) {
    const file = study(relative)
    const files = before.flatMap((one) => study(one) ?? []).filter((one) => one !== file)
    if (file && files.length > 0) moved.set(file, [...new Set(files)])
  }
  if (moved.size === 0) return record
  const windows = Object.fromEntries(
    Object.entries(record.windows).map(([file, window]) => {
      const formerFiles = moved.get(file)
      return [file, formerFiles ? { ...window, formerFiles } : window]
    }),
  )
  return { ...record, windows }
}
