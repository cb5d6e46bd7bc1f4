/**
 * The admin's answer of what is to check (contracts/translations-answer.ts): for each content file the
 * build serves, the git hash of its text and its translations to check as the content check judges
 * them, from the repository's history (build-steps/content/validate.ts). A case study the calendar
 * withholds is left out: the answer is public, and its file names the study.
 */
import crypto from "node:crypto"
import fs from "node:fs"
import path from "node:path"
import { TRANSLATIONS_ANSWER_PATH, type TranslationsAnswer } from "../../contracts/translations-answer"
import { CASE_STUDIES, contentTypeOf } from "../../model/registry"
import { historyUnreadIn, translationStatesByFile } from "../content/validate"
import type { BuildContext } from "../context"
import type { BuiltSite } from "./built-site"

/** A text's git object name, as `git hash-object` and GitHub's trees give it. */
export const gitBlobName = (text: string): string =>
  crypto
    .createHash("sha1")
    .update(`blob ${Buffer.byteLength(text)}\0`)
    .update(text)
    .digest("hex")

/** The answer for the content the build read, at its calendar. */
export function translationsAnswer({ content, calendar }: BuildContext): TranslationsAnswer {
  const served = new Set(calendar.record.servesFiles)
  const states = translationStatesByFile(content)
  const files = [...states].filter(
    ([relative]) => contentTypeOf(relative) !== CASE_STUDIES || served.has(path.posix.basename(relative, ".json")),
  )
  const unread = historyUnreadIn(content)
  return {
    ...(unread
      ? { historyUnread: /shallow/.test(unread) ? ("shallow clone" as const) : ("no repository" as const) }
      : {}),
    files: Object.fromEntries(
      files.map(([relative, toCheck]) => [
        relative,
        {
          blob: gitBlobName(content.texts.get(relative)!),
          toCheck: toCheck.map(({ locale, segments, after }) => ({
            locale,
            segments: segments.map((segment) => (typeof segment === "symbol" ? String(segment) : segment)),
            list: Array.isArray(after),
          })),
        },
      ]),
    ),
  }
}

export function writeTranslationsAnswer({ publicDir, log }: BuiltSite, context: BuildContext): void {
  const answer = translationsAnswer(context)
  const file = path.join(publicDir, TRANSLATIONS_ANSWER_PATH)
  fs.mkdirSync(path.dirname(file), { recursive: true })
  fs.writeFileSync(file, `${JSON.stringify(answer)}\n`)
  const count = Object.values(answer.files).reduce((sum, { toCheck }) => sum + toCheck.length, 0)
  log.info(`Wrote public${TRANSLATIONS_ANSWER_PATH}: ${count} translation(s) to check`)
}
