import type { GatsbyNode, Node } from "gatsby"
import { assertValidContent } from "./gatsby/assert-valid-content"
import { FILE_NAME_FIELD, contentTypeDefs } from "./gatsby/content/graphql"
import { CONTENT_DIR } from "./gatsby/paths"

export { createPages } from "./gatsby/create-pages"

export const onPreBootstrap: GatsbyNode["onPreBootstrap"] = ({ reporter }) => {
  assertValidContent(CONTENT_DIR, reporter)
}

export const createSchemaCustomization: GatsbyNode["createSchemaCustomization"] = ({ actions }) => {
  actions.createFieldExtension({
    name: FILE_NAME_FIELD,
    extend: () => ({
      resolve: (source: Node, _args: unknown, context: { nodeModel: { getNodeById: (query: { id: string }) => { name?: string } | null } }) =>
        source.parent ? context.nodeModel.getNodeById({ id: source.parent })?.name : null,
    }),
  })
  actions.createTypes(contentTypeDefs())
}

export { onPostBuild } from "./gatsby/social-images"
