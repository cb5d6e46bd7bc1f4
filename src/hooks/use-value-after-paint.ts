import { startTransition, useEffect, useState } from "react"

/**
 * `value`, as of the frame after it changed: what a keystroke changes directly (the field) is painted
 * first, on its own, and what follows from it (the results) is rendered after that paint, as an
 * interruptible transition, however much there is to render. (React's useDeferredValue renders the
 * deferred value in the next task, which can run before the browser's next frame.)
 */
export function useValueAfterPaint<T>(value: T): T {
  const [painted, setPainted] = useState(value)
  useEffect(() => {
    if (Object.is(painted, value)) return
    let timer = 0
    // A frame's callbacks run just before its paint; a task queued from there runs after it.
    const frame = requestAnimationFrame(() => {
      timer = window.setTimeout(() => startTransition(() => setPainted(value)))
    })
    return () => {
      cancelAnimationFrame(frame)
      window.clearTimeout(timer)
    }
  }, [painted, value])
  return painted
}
