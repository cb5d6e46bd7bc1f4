import { LocationContext, type RouterLocation, globalHistory } from "@gatsbyjs/reach-router"
import { type ReactNode, startTransition, useEffect, useState } from "react"

/**
 * The router's location, with every change rendered as a transition. Parts of a page that hydrate
 * later (src/components/ui/island.tsx) are still server HTML for a moment after the page is
 * interactive; a location change that reaches them then as an ordinary update makes React throw that
 * HTML away and render them from scratch, blank until their code arrives. As a transition, React
 * hydrates them first and then applies the change. Gatsby's router reads the location from the
 * nearest provider, so this one, placed around the whole app (gatsby-browser.tsx), replaces its own.
 */
export function TransitionLocationProvider({ children }: { children: ReactNode }) {
  const [context, setContext] = useState<{ location: RouterLocation }>(() => ({ location: globalHistory.location }))

  useEffect(
    () =>
      globalHistory.listen(({ location }) => {
        startTransition(() => setContext({ location }))
      }),
    [],
  )

  // The router marks a navigation finished once its location is on screen, as its own provider does.
  useEffect(() => {
    globalHistory._onTransitionComplete()
  }, [context.location])

  return <LocationContext.Provider value={context}>{children}</LocationContext.Provider>
}
