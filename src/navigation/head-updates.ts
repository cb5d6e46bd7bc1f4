import { startTransition, useEffect, useState } from "react"

/**
 * Whether the page's head must be kept up to date in the browser. The prerendered HTML already
 * carries its page's head, so on a visitor's first page nothing has to change it; it must from the
 * first navigation inside the site on, or when a page is rendered in the browser without prerendered
 * HTML (`gatsby develop`). gatsby-browser.tsx says when (`startHeadUpdates`).
 */
let started = false
const listeners = new Set<() => void>()

export function startHeadUpdates(): void {
  if (started) return
  started = true
  for (const listener of listeners) listener()
}

/**
 * False while prerendering and while hydrating the first page; true once the head must follow. The
 * change reaches a mounted page as a transition, like the navigation that causes it
 * (src/navigation/location-provider.tsx): the first navigation can start while parts of the first
 * page are still server HTML (a redirect on arrival, src/components/case-study/case-not-found.tsx),
 * and an ordinary update reaching them then makes React discard that HTML with an error (#421).
 * (An external store read with useSyncExternalStore would always update synchronously.)
 */
export function useHeadUpdates(): boolean {
  const [on, setOn] = useState(() => started)
  useEffect(() => {
    const turnOn = () => startTransition(() => setOn(true))
    if (started) {
      turnOn()
      return
    }
    listeners.add(turnOn)
    return () => {
      listeners.delete(turnOn)
    }
  }, [])
  return on
}
