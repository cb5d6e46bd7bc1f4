/**
 * What a build says of its translations to check, at /admin/translations.json: for each content file
 * the release serves, the git hash of the text the build read and the texts whose English changed
 * since their translation was made or confirmed, as the repository's history has it (edits by hand
 * included; build-steps/content/translation-history.ts). The admin's view "Translations to check"
 * reads it (cms/translation-list.ts). Fields are named by their path, never by their text; a study
 * the calendar withholds is not named at all.
 */
import * as z from "zod/mini"
import { ADMIN_DIR } from "./admin"

export const TRANSLATIONS_ANSWER_PATH = `/${ADMIN_DIR}/translations.json`

/** A git object's name: 40 hexadecimal characters (GitHub's trees name each file's bytes by it). */
const objectName = z.string().check(z.regex(/^[0-9a-f]{40}$/))

export const translationsAnswerSchema = z.object({
  /**
   * Why the build could not read the history (a shallow clone, no repository): then each file's texts
   * to check are those its own record names, and the view says so. Absent when it read it.
   */
  historyUnread: z.optional(z.enum(["shallow clone", "no repository"])),
  files: z.record(
    z.string().check(z.regex(/^[a-z0-9-]+(\/[a-z0-9-]+)*\.json$/)),
    z.object({
      /** The git hash of the file's text as the build read it: `git hash-object` of it. */
      blob: objectName,
      toCheck: z.array(
        z.object({
          locale: z.string().check(z.regex(/^[a-z]{2}$/)),
          /** The text's path in the language's document: ["result"], ["cards", 1, "title"]. */
          segments: z.array(z.union([z.string(), z.int().check(z.nonnegative())])),
          /** Whether the English is a list (the view names a list by the list's label). */
          list: z.boolean(),
        }),
      ),
    }),
  ),
})
export type TranslationsAnswer = z.infer<typeof translationsAnswerSchema>

/** The answer as its file holds it, or null when `data` is not one. */
export function readTranslationsAnswer(data: unknown): TranslationsAnswer | null {
  const answer = translationsAnswerSchema.safeParse(data)
  return answer.success ? answer.data : null
}
