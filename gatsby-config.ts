import type { GatsbyConfig } from "gatsby"
import fs from "node:fs"
import path from "node:path"
import { CONTENT_DIR } from "./gatsby/paths"
import { contentTypeOf } from "./gatsby/content/registry"

const settings = JSON.parse(fs.readFileSync(path.join(CONTENT_DIR, "site/settings.json"), "utf8")) as {
  name: string
  description: string
  siteUrl: string
}

const config: GatsbyConfig = {
  siteMetadata: {
    title: settings.name,
    description: settings.description,
    siteUrl: settings.siteUrl,
  },
  trailingSlash: "always",
  jsxRuntime: "automatic",
  graphqlTypegen: {
    typesOutputPath: "src/gatsby-types.d.ts",
    generateOnBuild: true,
  },
  plugins: [
    "gatsby-plugin-styled-components",
    "gatsby-plugin-react-helmet",
    "gatsby-plugin-image",
    "gatsby-plugin-sharp",
    "gatsby-transformer-sharp",
    {
      resolve: "gatsby-source-filesystem",
      options: { name: "content", path: CONTENT_DIR, ignore: ["**/schemas/**"] },
    },
    {
      resolve: "gatsby-transformer-json",
      options: {
        // Each file's node type comes from the content registry, not from its folder name.
        typeName: ({ node }: { node: { relativePath: string } }) =>
          contentTypeOf(node.relativePath)?.typeName ?? "UnregisteredContent",
      },
    },
  ],
}

export default config
