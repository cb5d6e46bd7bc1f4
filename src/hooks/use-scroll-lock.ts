import { useEffect } from "react"

/** Stops the page behind an open overlay from scrolling. */
export function useScrollLock(locked: boolean) {
  useEffect(() => {
    if (!locked) return undefined
    const root = document.documentElement
    const previous = root.style.overflow
    root.style.overflow = "hidden"
    return () => {
      root.style.overflow = previous
    }
  }, [locked])
}
