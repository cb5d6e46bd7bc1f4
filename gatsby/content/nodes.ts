/**
 * The content's GraphQL nodes: one per content file and language, of the type the registry names
 * (model/registry.ts), children of the file's `File` node. A language's node is its whole document
 * (model/locales.ts: the shared fields from English, its own texts) with `locale` set, so a page asks
 * for `homeHero(locale: { eq: $locale })`. Validation has run before any node is made
 * (onPreBootstrap), so every document here is complete.
 *
 * The editors' calendar decides what the content is (calendar.ts): a case study outside its window
 * makes no node, and a field that points at it (an industry card's `caseSlug`) holds nothing. Since
 * that depends on the build's clock and not only on the file, the nodes are made in `sourceNodes`,
 * which Gatsby runs on every build, for every content file: with a warm cache `onCreateNode` runs
 * only for files that changed, and a study whose time has come would keep its old nodes. A node the
 * calendar no longer wants is deleted there. Under `gatsby develop`, a file saved after the start
 * is made again in `onCreateNode`.
 */
import type { GatsbyNode, Node, NodeInput, SourceNodesArgs } from "gatsby"
import { DEFAULT_LOCALE, LOCALES } from "../../model/locales"
import { inLocale } from "../../model/localized-content"
import { CONTENT_TYPES, type ContentType, contentTypeOf } from "../../model/registry"
import { relationFields, valuesAt } from "../../model/relations"
import { caseStudySchema } from "../../model/schemas"
import type { PathSegment } from "../../model/problems"
import { useProcessClock } from "../clock"
import { type ContentCalendar, contentCalendar, scheduledDocumentOf, writeBuildCalendar } from "./calendar"

/** The GraphQL field that names a node's language. */
export const LOCALE_FIELD = "locale"

const SITE_PLUGIN = "default-site-plugin"
const CASE_STUDY_TYPE = CONTENT_TYPES.find((type) => type.schema === caseStudySchema)!.typeName
const CONTENT_TYPE_NAMES = new Set(CONTENT_TYPES.map((type) => type.typeName))

interface FileNode extends Node {
  sourceInstanceName?: string
  relativePath?: string
  extension?: string
}

type Helpers = Pick<SourceNodesArgs, "createNodeId" | "createContentDigest">

const contentTypeOfNode = (node: Node): ContentType | undefined => {
  const file = node as FileNode
  if (file.internal.type !== "File" || file.sourceInstanceName !== "content" || file.extension !== "json") return
  return contentTypeOf(file.relativePath ?? "")
}

/** `data` without the values at `paths` (each a value's segments). */
function without(data: unknown, paths: readonly PathSegment[][]): unknown {
  if (paths.length === 0) return data
  const copy = structuredClone(data) as Record<PropertyKey, unknown>
  for (const segments of paths) {
    const parent = segments.slice(0, -1).reduce<unknown>((value, key) => (value as Record<PropertyKey, unknown>)[key], copy)
    delete (parent as Record<PropertyKey, unknown>)[segments.at(-1)!]
  }
  return copy
}

/** The nodes a content file makes under the calendar: one per language, none for a study withheld. */
function nodesOf(file: FileNode, raw: Record<string, unknown>, calendar: ContentCalendar, helpers: Helpers): NodeInput[] {
  const type = contentTypeOf(file.relativePath ?? "")!
  if (type.typeName === CASE_STUDY_TYPE && calendar.withheld.has(scheduledDocumentOf(raw)?.slug ?? "")) return []
  // Relations are shared fields, written once in English: those to a study withheld point nowhere.
  const withheldLinks = relationFields()
    .filter((field) => field.type.typeName === type.typeName && field.to.typeName === CASE_STUDY_TYPE)
    .flatMap((field) => valuesAt(raw.en, field.path))
    .filter(({ value }) => calendar.withheld.has(String(value)))
    .map(({ segments }) => segments)
  const english = without(raw.en, withheldLinks)
  return LOCALES.map((locale) => {
    const { document } = inLocale(type.schema, english, locale === DEFAULT_LOCALE ? english : raw[locale], locale)
    const { $schema: _schema, ...own } = document as Record<string, unknown>
    const fields = type.typeName === CASE_STUDY_TYPE ? calendar.servedDocument(own) : own
    return {
      ...fields,
      [LOCALE_FIELD]: locale,
      id: helpers.createNodeId(`${file.id} ${locale}`),
      parent: file.id,
      children: [],
      internal: { type: type.typeName, contentDigest: helpers.createContentDigest({ locale, fields }) },
    }
  })
}

/** Makes `file`'s nodes as the calendar wants them, deleting any it made before and wants no more. */
function sourceFile(
  file: FileNode,
  raw: Record<string, unknown>,
  calendar: ContentCalendar,
  { actions, getNode, ...helpers }: Pick<SourceNodesArgs, "actions" | "getNode"> & Helpers,
): void {
  const wanted = nodesOf(file, raw, calendar, helpers)
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

/** Set once the build's first sourcing has made every content node; `onCreateNode` waits for it. */
let sourcedFiles: Map<string, Record<string, unknown>> | undefined

const calendarOf = (raws: Iterable<Record<string, unknown>>, clock = useProcessClock()) =>
  contentCalendar(
    [...raws].flatMap((raw) => {
      const study = scheduledDocumentOf(raw)
      return study ? [study] : []
    }),
    clock,
  )

export const sourceContentNodes: GatsbyNode["sourceNodes"] = async (args) => {
  const { getNodesByType, loadNodeContent, store } = args
  const files = getNodesByType("File").filter((node) => contentTypeOfNode(node)) as FileNode[]
  const raws = new Map(
    await Promise.all(
      files.map(async (file) => [file.id, JSON.parse(await loadNodeContent(file)) as Record<string, unknown>] as const),
    ),
  )
  const studies = files.filter((file) => contentTypeOf(file.relativePath!)!.typeName === CASE_STUDY_TYPE)
  const calendar = calendarOf(studies.map((file) => raws.get(file.id)!))
  const { program } = store.getState() as { program: { directory: string } }
  writeBuildCalendar(program.directory, calendar.record)
  for (const file of files) sourceFile(file, raws.get(file.id)!, calendar, args)
  sourcedFiles = new Map(studies.map((file) => [file.id, raws.get(file.id)!]))
}

/** Under `gatsby develop`: a content file saved after the start, made again (its old nodes are gone). */
export const createContentNodes: GatsbyNode["onCreateNode"] = async (args) => {
  const { node, loadNodeContent } = args
  const type = contentTypeOfNode(node)
  if (!type || !sourcedFiles) return
  const raw = JSON.parse(await loadNodeContent(node)) as Record<string, unknown>
  if (type.typeName === CASE_STUDY_TYPE) sourcedFiles.set(node.id, raw)
  sourceFile(node as FileNode, raw, calendarOf(sourcedFiles.values()), args as unknown as SourceNodesArgs)
}
