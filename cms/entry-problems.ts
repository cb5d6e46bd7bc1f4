/**
 * What the build would say about the content once an entry is saved or deleted in the CMS: the build's
 * own check (model/content-check.ts) run on the saved files with that one change made. The admin
 * refuses a save that leaves a problem in the entry's file or makes one in another file, and warns
 * before a deletion that would (cms/app/entry-check/control.tsx). Nothing here needs Node or Decap.
 */
import { type ContentFiles, checkContentFiles } from "../model/content-check"
import { type ContentProblem, formatProblem } from "../model/problems"
import { DEFAULT_LOCALE } from "../model/locales"
import { contentTypeOf } from "../model/registry"
import { fieldName, keyFields } from "../model/relations"

/** How messages name the content folder, as the build's do. */
export const CONTENT_LABEL = "content"

const fileLabel = (relative: string) => `${CONTENT_LABEL}/${relative}`

/** The build's problems with the files as saved, by their line, worked out once per set of files. */
const baselines = new WeakMap<ContentFiles, ReadonlySet<string>>()
function problemsAsSaved(saved: ContentFiles): ReadonlySet<string> {
  let known = baselines.get(saved)
  if (!known) {
    known = new Set(checkContentFiles(saved, { label: CONTENT_LABEL }).errors.map(formatProblem))
    baselines.set(saved, known)
  }
  return known
}

/** The build's problems after a change, less those the saved files already had elsewhere. */
function problemsAfter(saved: ContentFiles, changed: ContentFiles, relative: string): ContentProblem[] {
  const before = problemsAsSaved(saved)
  const own = fileLabel(relative)
  return checkContentFiles(changed, { label: CONTENT_LABEL }).errors.filter(
    (problem) => problem.file === own || !before.has(formatProblem(problem)),
  )
}

/**
 * The problems of saving `text` as the file at `relative` (its path under content/): all of that file's,
 * and any it would make in another file (a reference it breaks). A new entry's file must not exist
 * yet: a folder's file is named by its key (a case study's slug), which another entry already has.
 */
export function problemsOfSaving(
  saved: ContentFiles,
  relative: string,
  text: string,
  isNew: boolean,
): ContentProblem[] {
  if (isNew && saved.has(relative)) {
    const type = contentTypeOf(relative)
    const key = keyFields().find((field) => field.type === type && !field.path.includes("*"))
    const value = relative.slice(relative.lastIndexOf("/") + 1).replace(/\.json$/, "")
    const name = key ? fieldName(key.path) : "file name"
    return [
      {
        file: fileLabel(relative),
        path: key ? `${DEFAULT_LOCALE}.${key.path}` : "",
        message: `duplicate ${name} "${value}": already used by ${fileLabel(relative)}`,
      },
    ]
  }
  return problemsAfter(saved, new Map([...saved, [relative, text]]), relative)
}

/** The problems deleting the file at `relative` would make: the entries that point at it, by field. */
export function problemsOfDeleting(saved: ContentFiles, relative: string): ContentProblem[] {
  if (!saved.has(relative)) return []
  const rest = new Map(saved)
  rest.delete(relative)
  return problemsAfter(saved, rest, relative).filter((problem) => problem.file !== fileLabel(relative))
}
