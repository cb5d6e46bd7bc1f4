import { type ComponentProps, type ComponentType, lazy } from "react"

/** True while the build prerenders pages (no browser window). */
export const prerendering = typeof window === "undefined"

/** Every deferred component's loader, while prerendering (see `loadDeferredCode`). */
const prerenderLoads: (() => Promise<unknown>)[] = []

/**
 * A component whose code is a chunk of its own: `Deferred` renders it, suspending until the code has
 * arrived (at once when it already has), and `preload` starts fetching it.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- any component; its props are kept below
export function deferred<M, C extends ComponentType<any>>(load: () => Promise<M>, pick: (module: M) => C) {
  let loaded: C | undefined
  let loading: Promise<{ default: C }> | undefined
  const preload = () =>
    (loading ??= load().then((module) => {
      loaded = pick(module)
      return { default: loaded }
    }))
  const Lazy = lazy(preload)
  if (prerendering) prerenderLoads.push(preload)

  function Deferred(props: ComponentProps<C>) {
    const Component = loaded ?? Lazy
    return <Component {...props} />
  }
  return { Deferred, preload }
}

/**
 * Loads the code of every deferred component of the page about to be prerendered (gatsby-ssr.tsx),
 * so the page renders in one pass. A render that waited for code would let the other page the
 * renderer works on at the same time take over react-helmet's one shared head state.
 */
export const loadDeferredCode = (): Promise<unknown> => Promise.all(prerenderLoads.map((load) => load()))
