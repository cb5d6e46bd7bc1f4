/** The parts of Gatsby's router (@gatsbyjs/reach-router, untyped) the site uses. */
declare module "@gatsbyjs/reach-router" {
  import type { Context } from "react"

  export interface RouterLocation {
    pathname: string
    search: string
    hash: string
    href?: string
    state?: unknown
    key?: string
  }

  export interface RouterHistory {
    readonly location: RouterLocation
    listen(listener: (event: { location: RouterLocation; action: "POP" | "PUSH" }) => void): () => void
    /** What the router's own provider calls once a location is on screen: a navigation waits for it. */
    _onTransitionComplete(): void
  }

  export const globalHistory: RouterHistory
  export const LocationContext: Context<{ location: RouterLocation } | undefined>
}
