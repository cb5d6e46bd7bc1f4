/**
 * Build-time validation of everything in content/. Reads the files itself (before Gatsby parses
 * them) so that malformed JSON, schema errors and broken references between files are all reported
 * together, one line per problem, each naming the file and the JSON path. The rules on the files'
 * text are the model's (model/content-check.ts, which the CMS applies before saving too); what needs
 * the disk is added here: photos that can be read, photos no entry uses, characters the faces lack.
 */
import fs from "node:fs"
import path from "node:path"
import { TEXT_RANGES, inRanges } from "../../src/styles/font-subset"
import { imageFields, photosUnused, valuesAt } from "../../model/relations"
import { type ContentProblem, type PathSegment, jsonPath } from "../../model/problems"
import { type CheckOptions, type ParsedFile, checkContentFiles, isSound } from "../../model/content-check"
import { DEFAULT_LOCALE, LOCALES } from "../../model/locales"
import { isContentField } from "../../model/fields"
import {
  type TranslationToCheck,
  isUntranslated,
  mayWaitForTranslation,
  toCheckMessage,
  translationStates,
  untranslatedMessage,
} from "../../model/translations"
import { photoMetadata, photoProblem, photoRefusal } from "./photos"
import { type TranslationHistory, translationHistory, withHistory } from "./translation-history"
import { type ContentSnapshot, readContentSnapshot } from "../context"
import { IMAGES_FOLDER } from "../paths"

export interface ContentReport {
  errors: ContentProblem[]
  warnings: ContentProblem[]
  /** Of the warnings, the translations whose English changed after they were made. */
  toCheck: ContentProblem[]
  /** Why the history could not say which translations are to check (then the files' own records did). */
  historyUnread?: string
}

/** Every photo an entry names must be an image that can be read; each one that is not, a warning. */
async function photoWarnings(
  root: string,
  parsed: readonly ParsedFile[],
  errors: readonly ContentProblem[],
  label: string,
): Promise<ContentProblem[]> {
  const warnings: ContentProblem[] = []
  for (const field of imageFields()) {
    for (const file of parsed.filter((file) => file.type === field.type && isSound(file, errors))) {
      for (const { segments, value } of valuesAt(file.data, field.path)) {
        const photo = path.resolve(path.dirname(path.join(root, file.relative)), String(value))
        const problem = fs.existsSync(photo) ? await photoProblem(photo) : "not found"
        if (problem) {
          warnings.push({
            file: file.file,
            path: jsonPath([DEFAULT_LOCALE, ...segments]),
            message: `photo file "${String(value)}" ${problem}; the card shows the placeholder icon`,
          })
        }
      }
    }
  }
  // A photo replaced in the CMS stays in the repository; say which, once every entry is readable.
  if (errors.length === 0 && parsed.length > 0) warnings.push(...unusedPhotos(root, label, parsed))
  return warnings
}

/** Every file under content/images (dot files apart), sorted. */
function imageFiles(root: string): string[] {
  const folder = path.join(root, IMAGES_FOLDER)
  if (!fs.existsSync(folder)) return []
  return fs
    .readdirSync(folder, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile() && !entry.name.startsWith("."))
    .map((entry) => path.join(entry.parentPath, entry.name))
    .sort()
}

const labelled = (root: string, label: string, file: string) =>
  `${label}/${path.relative(root, file).split(path.sep).join("/")}`

/**
 * Each image under content/images that carries more than its picture, or more bytes than the card
 * needs, whether an entry uses it or not (a hand commit reaches the folder too): an error.
 */
async function photoRefusals(root: string, label: string): Promise<ContentProblem[]> {
  const refused: ContentProblem[] = []
  for (const file of imageFiles(root)) {
    const name = labelled(root, label, file)
    const message = photoRefusal(fs.statSync(file).size, await photoMetadata(file), name)
    if (message) refused.push({ file: name, path: "", message })
  }
  return refused
}

/** Image files under content/images that no entry names any more (left behind when a photo is replaced). */
function unusedPhotos(root: string, label: string, parsed: readonly ParsedFile[]): ContentProblem[] {
  const images = imageFiles(root).map((file) => path.relative(root, file).split(path.sep).join("/"))
  return photosUnused(images, parsed.map(({ relative, data }) => ({ relative, english: data })))
    .map((file) => ({
      file: `${label}/${file}`,
      path: "",
      message:
        "no entry uses this photo any more (it was replaced or its member removed): delete it from a photo's media library in the CMS (the team form lists it), so it does not linger in the repository",
    }))
}

/**
 * Characters the self-hosted faces do not have (src/styles/font-subset.ts): they would show in a
 * fallback face on the page and as empty boxes on its sharing image. A warning, one per field.
 */
function uncoveredCharacters(file: ParsedFile): ContentProblem[] {
  const found: ContentProblem[] = []
  const visitStrings = (value: unknown, segments: PathSegment[]) => {
    if (typeof value === "string") {
      const outside = [
        ...new Set([...value.replace(/[ \n\t]/g, "")].filter((character) => !inRanges(TEXT_RANGES, character))),
      ]
      if (outside.length > 0) {
        const named = outside.map((character) => `"${character}" (U+${character.codePointAt(0)!.toString(16).toUpperCase().padStart(4, "0")})`)
        found.push({
          file: file.file,
          path: jsonPath(segments),
          message: `${named.join(", ")} ${outside.length === 1 ? "is" : "are"} not in the site's typefaces: ${outside.length === 1 ? "it shows" : "they show"} in a fallback face on the page and as an empty box on the sharing image; type ${outside.length === 1 ? "it" : "them"} differently or have the faces extended (src/styles/font-subset.ts)`,
        })
      }
    } else if (Array.isArray(value)) {
      value.forEach((item, index) => visitStrings(item, [...segments, index]))
    } else if (value !== null && typeof value === "object") {
      for (const [key, item] of Object.entries(value)) if (isContentField(key)) visitStrings(item, [...segments, key])
    }
  }
  visitStrings(file.raw, [])
  return found
}

/** The translations to check in the content, in the files the content check finds sound. */
export function translationsToCheckIn(content: ContentSnapshot, options: CheckOptions = {}): ContentProblem[] {
  const recorded = recordsOf(translationHistory(content))
  return soundFiles(content, options).flatMap((file) => translationsToCheck(file, recorded))
}

/** What a reader says where the history could not be read (`why`): that only the files' own records were. */
export const historyUnreadNote = (why: string): string =>
  `Translations to check: ${why}; only the files' own records (translatedFrom) were read, not every change made since by hand.`

/** Why the history could not say which translations are to check (then the files' own records did), or null. */
export function historyUnreadIn(content: ContentSnapshot): string | null {
  const history = translationHistory(content)
  return "unknown" in history ? history.unknown : null
}

/** Each sound file's translations to check, by its path under the content folder (their English then and now). */
export function translationStatesByFile(
  content: ContentSnapshot,
  options: CheckOptions = {},
): Map<string, TranslationToCheck[]> {
  const recorded = recordsOf(translationHistory(content))
  return new Map(
    soundFiles(content, options).map((file) => [file.relative, translationStates(file.type.schema, recorded(file)).toCheck]),
  )
}

function soundFiles(content: ContentSnapshot, options: CheckOptions): ParsedFile[] {
  const { errors, parsed } = checkContentFiles(content.texts, options)
  return parsed.filter((file) => isSound(file, errors))
}

/** How a file's record is read: from its history when there is one, else as the file holds it. */
type Recorded = (file: ParsedFile) => Record<string, unknown>

const recordsOf = (history: TranslationHistory): Recorded =>
  "records" in history ? (file) => withHistory(file.raw, history.records.get(file.relative)) : (file) => file.raw


/**
 * Each translation whose English changed since it was made (model/translations.ts): a warning, not a
 * refusal, since an editor may publish the English first.
 */
function translationsToCheck(file: ParsedFile, recorded: Recorded): ContentProblem[] {
  return translationStates(file.type.schema, recorded(file)).toCheck.map((state) => ({
    file: file.file,
    path: jsonPath([state.locale, ...state.segments]),
    message: toCheckMessage(state),
  }))
}

/** An entry published in English first: its missing translation, once per language (model/translations.ts). */
function translationsMissing(file: ParsedFile): ContentProblem[] {
  if (!mayWaitForTranslation(file.type.kind)) return []
  return LOCALES.filter((locale) => locale !== DEFAULT_LOCALE && isUntranslated(file.raw[locale])).map((locale) => ({
    file: file.file,
    path: locale,
    message: untranslatedMessage(locale),
  }))
}

/**
 * Validates the content a build read (build-steps/context.ts), its dates at `options.now` (the build's
 * clock, else the real time); `options.label` is how the folder is named in messages.
 */
export async function validateSnapshot(content: ContentSnapshot, options: CheckOptions = {}): Promise<ContentReport> {
  const label = options.label ?? "content"
  const { errors: fileErrors, parsed } = checkContentFiles(content.texts, options)
  const errors = [...fileErrors, ...(await photoRefusals(content.root, label))]
  const sound = parsed.filter((file) => isSound(file, errors))
  const history = translationHistory(content)
  const recorded = recordsOf(history)
  const toCheck = sound.flatMap((file) => translationsToCheck(file, recorded))
  const warnings = [
    ...(await photoWarnings(content.root, parsed, fileErrors, label)),
    ...parsed.flatMap(uncoveredCharacters),
    ...toCheck,
    ...sound.flatMap(translationsMissing),
  ]
  return { errors, warnings, toCheck, ...("unknown" in history ? { historyUnread: history.unknown } : {}) }
}

/** Validates every content file under `root`, as validateSnapshot. */
export const validateContent = (root: string, options: CheckOptions = {}): Promise<ContentReport> =>
  validateSnapshot(readContentSnapshot(root), options)
