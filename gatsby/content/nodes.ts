/**
 * The content's GraphQL nodes: one per content file and language, of the type the registry names
 * (model/registry.ts), children of the file's `File` node. A language's node is its whole document
 * (model/locales.ts: the shared fields from English, its own texts) with `locale` set, so a page asks
 * for `homeHero(locale: { eq: $locale })`. Validation has run before any node is made
 * (onPreBootstrap), so every document here is complete.
 *
 * The editors' calendar decides what the content is (calendar.ts): a case study outside its window
 * makes no node, and a field that points at it (an industry card's `caseSlug`) holds nothing. Since
 * that depends on the build's clock and not only on the file, the nodes are made twice over: in
 * `onCreateNode`, which Gatsby calls for the files that are new or changed, and in `sourceNodes`,
 * which it runs on every build, for the files kept from the last build's cache, whose nodes a warm
 * cache would otherwise keep as they were (a study whose time has come would stay out, or in). A node
 * the calendar no longer wants is deleted there. Only the files another can change are made again
 * there: a scheduled study, a file that points at one or at a study's slug of before (which links to
 * the study's slug now, wherever it has moved since); the others' nodes are kept as the cache has
 * them (at 500 studies, 1,000 files made again took 5 to 9 s of every build).
 */
import path from "node:path"
import type { GatsbyNode, Node, NodeInput, SourceNodesArgs } from "gatsby"
import { DEFAULT_LOCALE, LOCALES, type Locale } from "../../model/locales"
import { isUntranslated } from "../../model/translations"
import { inLocale } from "../../model/localized-content"
import { CONTENT_TYPES, type ContentType, contentTypeOf } from "../../model/registry"
import { movedKeysOf, relationFields, valuesAt } from "../../model/relations"
import { caseStudySchema, contentOf } from "../../model/schemas"
import { scheduledStudyOf } from "../../model/schedule"
import type { PathSegment } from "../../model/problems"
import { readClock } from "../../contracts/clock"
import { type ContentCalendar, contentCalendar, writeBuildCalendar } from "./calendar"
import { caseStudyFiles, readContentFile } from "./files"
import { projectDirectory } from "../internals"

/** The GraphQL field that names a node's language. */
export const LOCALE_FIELD = "locale"

const SITE_PLUGIN = "default-site-plugin"
const CASE_STUDY = CONTENT_TYPES.find((type) => type.schema === caseStudySchema)!
const CASE_STUDY_TYPE = CASE_STUDY.typeName
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
function nodesOf(file: FileNode, raw: Record<string, unknown>, calendar: ContentCalendar, helpers: Helpers): NodeInput[] {
  const type = contentTypeOf(file.relativePath ?? "")!
  const slug = scheduledStudyOf(raw)?.slug ?? ""
  if (type.typeName === CASE_STUDY_TYPE && calendar.withheld.has(slug)) return []
  const untranslated = currentUntranslated()
  // Relations are shared fields, written once in English. One naming a study's slug of before links to
  // its slug now, never to a redirect; one to a study withheld points nowhere.
  const moves = currentMoves()
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
function followsOthers(file: FileNode, raw: Record<string, unknown>, calendar: ContentCalendar): boolean {
  const type = contentTypeOf(file.relativePath ?? "")!
  if (type.typeName === CASE_STUDY_TYPE) return calendar.scheduled.has(scheduledStudyOf(raw)?.slug ?? "")
  return studyLinks(type, raw.en).length > 0
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

/**
 * The calendar at this process's clock, judged from the case study files on disk: once per build,
 * again under `gatsby develop` when a case study is saved.
 */
let calendar: ContentCalendar | undefined
const currentCalendar = (): ContentCalendar =>
  (calendar ??= contentCalendar(
    caseStudyFiles().flatMap((relative) => {
      const study = scheduledStudyOf(readContentFile(relative))
      // A study is known by its file, whatever its address of the moment.
      return study ? [{ ...study, file: path.basename(relative, ".json") }] : []
    }),
    readClock(process.env),
  ))

/** Each study's slug of before, to its slug now, from the case study files on disk (as the calendar). */
let moves: Map<string, string> | undefined
const currentMoves = (): Map<string, string> =>
  (moves ??= movedKeysOf(
    CASE_STUDY,
    caseStudyFiles().map((relative) => readContentFile<Record<string, unknown>>(relative)[DEFAULT_LOCALE]),
  ))

/**
 * The studies published in English first, by each language they are not in yet (model/translations.ts),
 * from the case study files on disk (as the calendar).
 */
let untranslated: Map<Locale, Set<string>> | undefined
const currentUntranslated = (): Map<Locale, Set<string>> => {
  if (untranslated) return untranslated
  // Each file read once, for every language.
  const studies = caseStudyFiles().map((relative) => readContentFile<Record<string, unknown>>(relative))
  const slugOf = (raw: Record<string, unknown>) => (raw[DEFAULT_LOCALE] as { slug?: unknown } | undefined)?.slug
  untranslated = new Map(
    LOCALES.filter((locale) => locale !== DEFAULT_LOCALE).map((locale) => [
      locale,
      new Set(
        studies.flatMap((raw) => {
          const slug = slugOf(raw)
          return typeof slug === "string" && isUntranslated(raw[locale]) ? [slug] : []
        }),
      ),
    ]),
  )
  return untranslated
}

/** The content files whose nodes this process made (onCreateNode), by their File node's id and digest. */
const madeNow = new Set<string>()
const madeKey = (file: Node) => `${file.id} ${file.internal.contentDigest}`

/** A new or changed content file (Gatsby calls it for those only): its nodes. */
export const createContentNodes: GatsbyNode["onCreateNode"] = async (args) => {
  const { node, loadNodeContent } = args
  const type = contentTypeOfNode(node)
  if (!type) return
  // A study saved under `gatsby develop` may change what the calendar serves.
  if (type.typeName === CASE_STUDY_TYPE) [calendar, moves, untranslated] = [undefined, undefined, undefined]
  const raw = JSON.parse(await loadNodeContent(node)) as Record<string, unknown>
  sourceFile(node as FileNode, raw, currentCalendar(), args as unknown as SourceNodesArgs)
  madeNow.add(madeKey(node))
}

/**
 * Every build: the content files Gatsby kept from the last build's cache, whose nodes onCreateNode
 * did not make again, made as the calendar wants them now; and the calendar recorded for the release.
 */
export const sourceContentNodes: GatsbyNode["sourceNodes"] = async (args) => {
  const { getNodesByType, loadNodeContent, store } = args
  writeBuildCalendar(projectDirectory(store), currentCalendar().record)
  for (const file of getNodesByType("File").filter((node) => contentTypeOfNode(node)) as FileNode[]) {
    if (madeNow.has(madeKey(file))) continue
    const raw = JSON.parse(await loadNodeContent(file)) as Record<string, unknown>
    // Kept from the cache, as the calendar wants them still: nothing to make again.
    if (file.children.length > 0 && !followsOthers(file, raw, currentCalendar())) continue
    sourceFile(file, raw, currentCalendar(), args)
  }
}
