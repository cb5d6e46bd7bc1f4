import { type ComponentProps, type ComponentType, Suspense, useState } from "react"
import { isHydratingFirstPage } from "../../navigation/first-page"
import { deferred, prerendering } from "./deferred"

/**
 * A part of a page whose code stays out of the page's first load.
 *
 * On the visitor's first page it is prerendered with the rest and, in the browser, hydrates on its own
 * as soon as its code has arrived, after the page is already interactive: it sits in its own Suspense
 * boundary, and its code starts loading when the page's module is evaluated (`island()` is called at
 * module level).
 *
 * On a page reached inside the site it has no boundary of its own: navigations are transitions
 * (src/navigation/location-provider.tsx), so while its code is still on its way React keeps the
 * previous page on screen and then shows the new one whole, never a page with a hole in it.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- any component; its props are kept below
export function island<M, C extends ComponentType<any>>(load: () => Promise<M>, pick: (module: M) => C) {
  const { Deferred, preload } = deferred(load, pick)
  if (!prerendering) void preload()

  return function Island(props: ComponentProps<C>) {
    // Decided once: the boundary stays for the island's life, as the prerendered HTML has it.
    const [ownBoundary] = useState(() => prerendering || isHydratingFirstPage())
    return ownBoundary ? (
      <Suspense fallback={null}>
        <Deferred {...props} />
      </Suspense>
    ) : (
      <Deferred {...props} />
    )
  }
}
