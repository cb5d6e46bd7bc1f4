/** A content file as the checks read it once it parses, and what they say of one: used by every check. */
import { DEFAULT_LOCALE } from "./locales"
import { type ContentProblem, type PathSegment, jsonPath } from "./problems"
import type { ContentType } from "./registry"

export interface ParsedFile {
  type: ContentType
  /** The file as messages name it: the label, then its path under content/. */
  file: string
  /** Its path under content/. */
  relative: string
  /** The whole file: { "$schema"?, "en": …, "fr": … } (model/locales.ts). */
  raw: Record<string, unknown>
  /** The English document, which holds the shared fields. */
  data: unknown
}

/** Whether a file has no error of its own, so that checks reading its data can trust it. */
export const isSound = (file: ParsedFile, errors: readonly ContentProblem[]) =>
  !errors.some((error) => error.file === file.file)

/** A path inside the English document, as the file has it. */
export const inEnglish = (segments: readonly PathSegment[]) => jsonPath([DEFAULT_LOCALE, ...segments])

/** The file name of a path, without its extension: "case-studies/wine.json" -> "wine". */
export const baseName = (file: string) => file.slice(file.lastIndexOf("/") + 1).replace(/\.json$/, "")
