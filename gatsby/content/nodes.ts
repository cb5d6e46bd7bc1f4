/**
 * The content's GraphQL nodes: one per content file and language, of the type the registry names
 * (model/registry.ts), made in `onCreateNode` from the file's `File` node, Gatsby's documented way to
 * transform a source file. A language's node is its whole document (model/locales.ts: the shared
 * fields from English, its own texts) with `locale` set, so a page asks for
 * `homeHero(locale: { eq: $locale })`. Validation has run before any node is made
 * (onPreBootstrap), so every document here is complete.
 */
import type { GatsbyNode, Node } from "gatsby"
import { LOCALES } from "../../model/locales"
import { inLocale } from "../../model/localized-content"
import { contentTypeOf } from "../../model/registry"

/** The GraphQL field that names a node's language. */
export const LOCALE_FIELD = "locale"

interface FileNode extends Node {
  sourceInstanceName?: string
  relativePath?: string
  extension?: string
}

export const createContentNodes: GatsbyNode["onCreateNode"] = async ({
  node,
  actions,
  loadNodeContent,
  createNodeId,
  createContentDigest,
}) => {
  const file = node as FileNode
  if (file.internal.type !== "File" || file.sourceInstanceName !== "content" || file.extension !== "json") return
  const type = contentTypeOf(file.relativePath ?? "")
  if (!type) return
  const raw = JSON.parse(await loadNodeContent(file)) as Record<string, unknown>
  for (const locale of LOCALES) {
    const { document } = inLocale(type.schema, raw.en, raw[locale], locale)
    const { $schema: _schema, ...fields } = document as Record<string, unknown>
    const child = {
      ...fields,
      [LOCALE_FIELD]: locale,
      id: createNodeId(`${file.id} ${locale}`),
      parent: file.id,
      children: [],
      internal: { type: type.typeName, contentDigest: createContentDigest({ locale, fields }) },
    }
    actions.createNode(child)
    actions.createParentChildLink({ parent: file, child: child as unknown as Node })
  }
}
