/**
 * The content's GraphQL nodes: one per content file and language, of the type the registry names
 * (model/registry.ts), children of the file's `File` node, each its language's whole document with
 * `locale` set. What they hold follows the build's context (build-steps/context.ts): a case study outside
 * the calendar's window makes no node, a relation to it holds nothing, one to a study's slug of
 * before links to its slug now. Made for new or changed files (onCreateNode) and, for those kept
 * from the cache that another file or the clock can change, again every build (sourceNodes).
 */
import type { Node, NodeInput, SourceNodesArgs } from "gatsby"
import { DEFAULT_LOCALE, LOCALES } from "../../model/locales"
import { inLocale } from "../../model/localized-content"
import { CASE_STUDIES, CONTENT_TYPES, type ContentType, contentTypeOf } from "../../model/registry"
import { relationFields, valuesAt } from "../../model/relations"
import { contentOf } from "../../model/fields"
import { scheduledStudyOf } from "../../model/schedule"
import type { PathSegment } from "../../model/problems"
import type { BuildContext } from "../../build-steps/context"

/** The GraphQL field that names a node's language. */
export const LOCALE_FIELD = "locale"

const SITE_PLUGIN = "default-site-plugin"
const CASE_STUDY_TYPE = CASE_STUDIES.typeName
const CONTENT_TYPE_NAMES = new Set(CONTENT_TYPES.map((type) => type.typeName))

export interface FileNode extends Node {
  sourceInstanceName?: string
  relativePath?: string
  extension?: string
  /** gatsby-source-filesystem's: the file's size in bytes, and when it was modified (ISO 8601). */
  size?: number
  modifiedTime?: string
}

type Helpers = Pick<SourceNodesArgs, "createNodeId" | "createContentDigest">
/** What making a file's nodes uses of Gatsby's Node API. */
export type NodeArgs = Pick<SourceNodesArgs, "actions" | "getNode"> & Helpers

export const contentTypeOfNode = (node: Node): ContentType | undefined => {
  const file = node as FileNode
  if (file.internal.type !== "File" || file.sourceInstanceName !== "content" || file.extension !== "json") return
  return contentTypeOf(file.relativePath ?? "")
}

type Parent = Record<PropertyKey, unknown>

/** A copy of `data` with `edit` applied at each of `paths` (a value's segments): to its parent and its name. */
function edited<T extends { segments: PathSegment[] }>(
  data: unknown,
  paths: readonly T[],
  edit: (parent: Parent, name: PathSegment, path: T) => void,
): unknown {
  if (paths.length === 0) return data
  const copy = structuredClone(data) as Parent
  for (const path of paths) {
    const parent = path.segments.slice(0, -1).reduce<unknown>((value, key) => (value as Parent)[key], copy)
    edit(parent as Parent, path.segments.at(-1)!, path)
  }
  return copy
}

/**
 * The nodes a content file makes under the calendar: one per language, none for a study withheld, none
 * in a language a study is not translated into yet (published in English first).
 */
function nodesOf(file: FileNode, raw: Record<string, unknown>, context: BuildContext, helpers: Helpers): NodeInput[] {
  const { calendar } = context
  const { untranslated, moves } = context.content
  const type = contentTypeOf(file.relativePath ?? "")!
  const slug = scheduledStudyOf(raw)?.slug ?? ""
  if (type.typeName === CASE_STUDY_TYPE && calendar.withheld.has(slug)) return []
  // Relations are shared fields, written once in English. One naming a study's slug of before links to
  // its slug now, never to a redirect; one to a study withheld points nowhere.
  const current = edited(
    raw.en,
    studyLinks(type, raw.en).filter(({ value }) => moves.has(String(value))),
    (parent, name, { value }) => (parent[name] = moves.get(String(value))),
  )
  const withheldLinks = studyLinks(type, current).filter(({ value }) => calendar.withheld.has(String(value)))
  const english = edited(current, withheldLinks, (parent, name) => delete parent[name])
  return LOCALES.flatMap((locale) => {
    const waiting = untranslated.get(locale)
    if (type.typeName === CASE_STUDY_TYPE && waiting?.has(slug)) return []
    // A relation to a study not in this language points nowhere in it, as one to a study withheld.
    const here = waiting?.size
      ? edited(
          english,
          studyLinks(type, english).filter(({ value }) => waiting.has(String(value))),
          (parent, name) => delete parent[name],
        )
      : english
    const { document } = inLocale(type.schema, here, locale === DEFAULT_LOCALE ? here : raw[locale], locale)
    const own = contentOf(document as object)
    const fields = type.typeName === CASE_STUDY_TYPE ? calendar.servedDocument(own) : own
    return [
      {
        ...fields,
        [LOCALE_FIELD]: locale,
        id: helpers.createNodeId(`${file.id} ${locale}`),
        parent: file.id,
        children: [],
        internal: { type: type.typeName, contentDigest: helpers.createContentDigest({ locale, fields }) },
      },
    ]
  })
}

/** The relations of `type` to case studies, as values in an English document. */
const studyLinks = (type: ContentType, english: unknown) =>
  relationFields()
    .filter((field) => field.type.typeName === type.typeName && field.to.typeName === CASE_STUDY_TYPE)
    .flatMap((field) => valuesAt(english, field.path))

/**
 * Whether another file can change a file's nodes while it stays as it is: a scheduled study (the
 * clock), or a file pointing at any study (the study moved again, scheduled, or translated since).
 * Made again, a file whose nodes come out the same changes nothing Gatsby builds.
 */
export function followsOthers(file: FileNode, raw: Record<string, unknown>, { calendar }: BuildContext): boolean {
  const type = contentTypeOf(file.relativePath ?? "")!
  if (type.typeName === CASE_STUDY_TYPE) return calendar.scheduled.has(scheduledStudyOf(raw)?.slug ?? "")
  return studyLinks(type, raw.en).length > 0
}

/** Makes `file`'s nodes as the calendar wants them, deleting any it made before and wants no more. */
export function sourceFile(
  file: FileNode,
  raw: Record<string, unknown>,
  context: BuildContext,
  { actions, getNode, ...helpers }: NodeArgs,
): void {
  const wanted = nodesOf(file, raw, context, helpers)
  const ids = new Set(wanted.map((node) => node.id))
  for (const id of file.children) {
    const child = getNode(id)
    if (child && child.internal.owner === SITE_PLUGIN && CONTENT_TYPE_NAMES.has(child.internal.type) && !ids.has(id))
      actions.deleteNode(child)
  }
  for (const node of wanted) {
    actions.createNode(node)
    actions.createParentChildLink({ parent: file, child: node as unknown as Node })
  }
}

/** A content file's key among those whose nodes a build made: its File node's id and digest. */
export const madeKey = (file: Node): string => `${file.id} ${file.internal.contentDigest}`
