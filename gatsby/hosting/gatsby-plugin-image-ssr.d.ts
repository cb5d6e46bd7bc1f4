/** gatsby-plugin-image's server API (gatsby-ssr.js), which ships no types: the part known-inline.ts calls. */
declare module "gatsby-plugin-image/gatsby-ssr" {
  import type { ReactNode } from "react"

  export function onRenderBody(args: { setHeadComponents: (nodes: ReactNode[]) => void }): void
}
