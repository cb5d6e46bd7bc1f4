/**
 * A problem of the build's check as the form shows it: where (its field on a side of this entry, or
 * another entry) and what is wrong, in the build's words.
 */
import { type Locale, isLocale } from "../../../model/locales"
import { type ContentProblem, pathSegments } from "../../../model/problems"
import { contentTypeOf } from "../../../model/registry"
import { CMS_COLLECTIONS, fieldTrail, fieldTrailParts } from "../../collections"
import { CONTENT_LABEL } from "../../entry-problems"

/** One problem as the editor reads it: where (its field, or another entry's) and what is wrong. */
export interface ShownProblem {
  locale: Locale | undefined
  where: string
  message: string
  /** The labels leading to the field in this entry's form; none for a problem in another entry. */
  labels: string[]
}

/** Another entry, as the CMS lists it: "Industries", "Case studies › wine". */
function entryName(relative: string): string {
  const type = contentTypeOf(relative)
  const place = type && CMS_COLLECTIONS[type.location]
  if (!place) return `${CONTENT_LABEL}/${relative}`
  return type.kind === "folder"
    ? `${place.label} › ${relative.slice(relative.lastIndexOf("/") + 1, -".json".length)}`
    : place.label
}

export function shownProblem(problem: ContentProblem, ownFile: string): ShownProblem {
  const [first, ...rest] = pathSegments(problem.path)
  const locale = typeof first === "string" && isLocale(first) ? first : undefined
  const path = locale ? rest : pathSegments(problem.path)
  const trail = fieldTrail(path)
  if (problem.file === ownFile) {
    const labels = fieldTrailParts(path).filter((part) => !part.startsWith("#"))
    return { locale, where: trail, message: problem.message, labels }
  }
  const other = entryName(problem.file.slice(CONTENT_LABEL.length + 1))
  return { locale, where: `${other}${problem.path ? ` › ${trail}` : ""}`, message: problem.message, labels: [] }
}
