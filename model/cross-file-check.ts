/**
 * The checks between files, all derived from what the schemas declare (model/relations.ts): keys
 * unique, a folder's files named by their key, addresses of before that lead to one entry, references
 * that resolve, and nothing dated before the house. Keys are read from every parsed file, valid or
 * not, as long as they are sound; when they are not (a file that does not parse, an error on a key),
 * the checks that rest on them wait, so one mistake is reported once rather than again through
 * everything that points at it.
 */
import { beforeFounding } from "./content-dates"
import { DEFAULT_LOCALE } from "./locales"
import { type ParsedFile, baseName, inEnglish, isSound } from "./parsed-file"
import type { ContentProblem } from "./problems"
import { type ContentType, contentTypeOf } from "./registry"
import {
  type DeclaredField,
  type FoundValue,
  fieldName,
  formerKeyFields,
  keyFields,
  relationFields,
  relationTarget,
  valuesAt,
} from "./relations"
import { slugFileNameIssue } from "./schema-issues"

/** A key found in a file: its concrete path and value. */
type FoundKey = FoundValue & { file: ParsedFile; value: string }
/** The keys at a declared path in every file of its type, or undefined while any is in doubt. */
type KeysAt = (field: DeclaredField) => FoundKey[] | undefined

/**
 * The error paths that put a declared path in doubt: the path itself and each of its parents
 * ("members.*.slug": members, members[2], members[2].slug).
 */
function pathPattern(declared: string): RegExp {
  const steps = declared
    .split(".")
    .map((name, index) => (name === "*" ? "\\[\\d+\\]" : `${index === 0 ? "" : "\\."}${name}`))
  return new RegExp(`^${steps.reduceRight((inner, step) => `${step}${inner ? `(${inner})?` : ""}`, "")}$`)
}

const filesOf = (parsed: readonly ParsedFile[], type: ContentType) => parsed.filter((file) => file.type === type)

function keyReader(parsed: readonly ParsedFile[], errors: readonly ContentProblem[], label: string): KeysAt {
  /** The keys at a declared path in every file of its type, or undefined while any is in doubt. */
  return ({ type, path: declared }: DeclaredField): FoundKey[] | undefined => {
    const doubt = pathPattern(declared)
    // Keys are shared fields, so only the file as a whole or its English document can put them in doubt.
    const englishPath = (at: string) =>
      at === "" || at === DEFAULT_LOCALE
        ? ""
        : at.startsWith(`${DEFAULT_LOCALE}.`)
          ? at.slice(DEFAULT_LOCALE.length + 1)
          : undefined
    const inDoubt = errors.some((error) => {
      const at = englishPath(error.path)
      return (
        contentTypeOf(error.file.slice(label.length + 1)) === type && at !== undefined && (at === "" || doubt.test(at))
      )
    })
    const keys = filesOf(parsed, type).flatMap((file) =>
      valuesAt(file.data, declared).map((value) => ({ file, ...value })),
    )
    return inDoubt || !keys.every((key): key is FoundKey => typeof key.value === "string") ? undefined : keys
  }
}

/** Keys unique (in their file, or among the folder's files), and a folder's files named by their key. */
function keyProblems(keysAt: KeysAt): ContentProblem[] {
  const found: ContentProblem[] = []
  const duplicated = new Set<ParsedFile>()
  for (const field of keyFields()) {
    const keys = keysAt(field)
    // A key inside a list is unique within its file; a file's own key, among the folder's files.
    const scopeOf = (key: FoundKey) => (field.path.includes("*") ? `${key.file.file} ${key.value}` : key.value)
    const first = new Map<string, FoundKey>()
    for (const key of keys ?? []) {
      const earlier = first.get(scopeOf(key))
      if (!earlier) {
        first.set(scopeOf(key), key)
        continue
      }
      duplicated.add(key.file)
      const elsewhere = earlier.file === key.file ? "" : `: already used by ${earlier.file.file}`
      found.push({
        file: key.file.file,
        path: inEnglish(key.segments),
        message: `duplicate ${fieldName(field.path)} "${key.value}"${elsewhere}`,
      })
    }
    // A folder's file is named by its key (the CMS names a new one so but never renames it); a
    // duplicate is reported as such, not again as a file name it does not match.
    if (field.type.kind !== "folder" || field.path.includes("*")) continue
    const formerList = formerKeyFields().find((former) => former.type === field.type && former.key === field.path)
    for (const key of (keys ?? []).filter((key) => !duplicated.has(key.file))) {
      const formers = formerList ? valuesAt(key.file.data, formerList.path)[0]?.value : undefined
      const issue = slugFileNameIssue(baseName(key.file.file), key.value, formers)
      if (issue) found.push({ file: key.file.file, path: inEnglish(issue.segments), message: issue.message })
    }
  }

  return found
}

/**
 * Addresses of before that lead to one entry: none is an entry's key now, nor another entry's of
 * before. Answers the problems, and the keys of before each type has, which a reference may name.
 */
function formerKeyProblems(
  parsed: readonly ParsedFile[],
  errors: readonly ContentProblem[],
  keysAt: KeysAt,
): { problems: ContentProblem[]; movedKeys: Map<ContentType, Set<string>> } {
  const found: ContentProblem[] = []
  const movedKeys = new Map<ContentType, Set<string>>()
  for (const former of formerKeyFields()) {
    const keys = keysAt({ type: former.type, path: former.key })
    if (!keys) continue
    const holders = new Map(keys.map((key) => [key.value, { file: key.file, current: true }]))
    const moved = new Set<string>()
    movedKeys.set(former.type, moved)
    const list = fieldName(former.path)
    for (const file of filesOf(parsed, former.type).filter((file) => isSound(file, errors))) {
      for (const { segments, value } of valuesAt(file.data, `${former.path}.*`)) {
        const address = String(value)
        const holder = holders.get(address)
        const problem = (message: string) => found.push({ file: file.file, path: inEnglish(segments), message })
        if (holder?.file === file) {
          problem(
            holder.current
              ? `"${address}" is this entry's ${fieldName(former.key)} now: remove it from ${list}`
              : `"${address}" is listed twice: remove one`,
          )
        } else if (holder?.current) {
          problem(
            `"${address}" is the ${fieldName(former.key)} of ${holder.file.file}, and an address leads to one entry only: remove it from ${list}, or give that entry another ${fieldName(former.key)}`,
          )
        } else if (holder) {
          problem(
            `"${address}" is in ${holder.file.file}'s ${list} too, and an address of before leads to one entry only: remove it from one of them`,
          )
        } else {
          holders.set(address, { file, current: false })
          moved.add(address)
        }
      }
    }
  }

  return { problems: found, movedKeys }
}

/** References that resolve: to an entry's key now, or to one of before (which stands for it). */
function relationProblems(
  parsed: readonly ParsedFile[],
  errors: readonly ContentProblem[],
  keysAt: KeysAt,
  movedKeys: ReadonlyMap<ContentType, Set<string>>,
): ContentProblem[] {
  const found: ContentProblem[] = []
  for (const field of relationFields()) {
    const keys = keysAt({ type: relationTarget(field.to), path: field.to.key })
    if (!keys) continue
    const known = [...new Set(keys.map((key) => key.value))]
    for (const file of filesOf(parsed, field.type).filter((file) => isSound(file, errors))) {
      for (const { segments, value } of valuesAt(file.data, field.path)) {
        // An entry's key of before stands for its key now: the build links to that (gatsby/content/nodes.ts).
        if (known.includes(value as string) || movedKeys.get(relationTarget(field.to))?.has(value as string)) continue
        found.push({
          file: file.file,
          path: inEnglish(segments),
          message: `no ${field.to.noun} has the ${fieldName(field.to.key)} "${String(value)}" (known: ${known.join(", ")})`,
        })
      }
    }
  }

  return found
}

export function crossFileProblems(
  parsed: readonly ParsedFile[],
  errors: readonly ContentProblem[],
  label: string,
): ContentProblem[] {
  const keysAt = keyReader(parsed, errors, label)
  const former = formerKeyProblems(parsed, errors, keysAt)
  const found = [
    ...keyProblems(keysAt),
    ...former.problems,
    ...relationProblems(parsed, errors, keysAt, former.movedKeys),
  ]
  const sound = parsed.filter((file) => isSound(file, errors))
  const settings = sound.find((file) => file.type.typeName === "SiteSettings")
  if (settings) found.push(...beforeFounding(sound, settings))
  return found
}
