import { useSyncExternalStore } from "react"

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

const subscribe = (listener: () => void) => {
  listeners.add(listener)
  return () => {
    listeners.delete(listener)
  }
}

/** False while prerendering and while hydrating the first page; true once the head must follow. */
export const useHeadUpdates = (): boolean =>
  useSyncExternalStore(
    subscribe,
    () => started,
    () => false,
  )
